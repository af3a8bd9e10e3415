// The hand-written HTML tokenizer of check-theme (runtime/theme/lint/html.ts), case by case. It
// stays hand-written because parse5 and htmlparser2 cannot represent {{#if}} inside a tag; these
// cases pin what the rules rely on: tags, attributes with offsets, visible text, scripts and forms.
import { expect } from 'chai';
import { decodeEntities, parseHtml, type HtmlDocument } from '../../../../runtime/theme/lint/html.js';

/** A compact picture of a document: tags as `name` / `/name` with attributes name=value (~ dynamic). */
function tags(doc: HtmlDocument): string[] {
  return doc.tags.map((t) => {
    const attrs = t.attrs.map(
      (a) => `${a.name}${a.value === null ? '' : `=${a.value}`}${a.dynamic ? '~' : ''}`,
    );
    return [`${t.closing ? '/' : ''}${t.name}${t.selfClosing ? '/' : ''}`, ...attrs].join(' ');
  });
}

/** Visible text runs, trimmed. */
function texts(doc: HtmlDocument): string[] {
  return doc.texts.map((t) => t.text.trim());
}

interface Case {
  name: string;
  source: string;
  tags?: string[];
  texts?: string[];
  scripts?: string[];
  hbs?: string[];
}

const CASES: Case[] = [
  {
    name: 'attributes quoted with " and \', unquoted, and bare',
    source: `<a href="/x" class='y z' data-n=plain disabled>t</a>`,
    tags: ['a href=/x class=y z data-n=plain disabled', '/a'],
    texts: ['t'],
  },
  {
    name: 'names lower-cased, values kept',
    source: '<A HREF="/X">y</A>',
    tags: ['a href=/X', '/a'],
  },
  {
    name: 'entities decoded in values',
    source: '<a title="a &amp; b &lt;3 &#x41;&#66;">x</a>',
    tags: ['a title=a & b <3 AB', '/a'],
  },
  {
    name: '> inside a quoted value does not end the tag',
    source: '<p title="a > b">x</p>',
    tags: ['p title=a > b', '/p'],
    texts: ['x'],
  },
  {
    name: 'a mustache inside a value makes it dynamic and is kept verbatim',
    source: '<a href="/p/{{slug}}?next={{urlencode request.path}}">x</a>',
    tags: ['a href=/p/{{slug}}?next={{urlencode request.path}}~', '/a'],
    hbs: ['{{slug}}', '{{urlencode request.path}}'],
  },
  {
    name: 'an unquoted mustache value',
    source: '<a href={{url}} rel=x>x</a>',
    tags: ['a href={{url}}~ rel=x', '/a'],
  },
  {
    name: 'a mustache value containing quotes and spaces',
    source: `<img alt="{{t "Logo of" site.name}}" src="{{asset 'logo.svg'}}">`,
    tags: [`img alt={{t "Logo of" site.name}}~ src={{asset 'logo.svg'}}~`],
  },
  {
    name: '{{#if}} between attributes: the block is skipped, the attribute inside it kept',
    source: '<input {{#if checked}}checked{{/if}} name="q">',
    tags: ['input checked name=q'],
    hbs: ['{{#if checked}}', '{{/if}}'],
  },
  {
    name: 'a mustache standing for attributes',
    source: '<div {{attrs}} id=a>x</div>',
    tags: ['div id=a', '/div'],
    hbs: ['{{attrs}}'],
  },
  {
    name: 'self-closing tags',
    source: '<br/><img src=a.png /><svg><path d="M0"/></svg>',
    tags: ['br/', 'img/ src=a.png', 'svg', 'path/ d=M0', '/svg'],
  },
  {
    name: 'an unclosed tag at the end of the file',
    source: '<p>x</p><a href="/x"',
    tags: ['p', '/p', 'a href=/x'],
    texts: ['x'],
  },
  {
    name: 'HTML comments are neither tags nor text',
    source: '<!-- <a href="/logout"> refunds --><p>ok</p>',
    tags: ['p', '/p'],
    texts: ['ok'],
  },
  {
    name: 'Handlebars comments are neither tags nor text',
    source: '{{!-- <a href="/logout"> --}}{{! refunds }}<p>ok</p>',
    tags: ['p', '/p'],
    texts: ['ok'],
    hbs: ['{{!-- <a href="/logout"> --}}', '{{! refunds }}'],
  },
  {
    name: '<!doctype html> is not visible text',
    source: '<!doctype html>\n<html lang="en"><body>Hi</body></html>',
    tags: ['html lang=en', 'body', '/body', '/html'],
    texts: ['Hi'],
  },
  {
    name: '<!DOCTYPE …> with a public id is not visible text',
    source: '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN">x',
    tags: [],
    texts: ['x'],
  },
  {
    name: 'CDATA is not visible text',
    source: '<svg><![CDATA[ refunds <a> ]]></svg>after',
    tags: ['svg', '/svg'],
    texts: ['after'],
  },
  {
    name: 'a processing instruction is not visible text',
    source: '<?xml version="1.0"?><svg/>',
    tags: ['svg/'],
    texts: [],
  },
  {
    name: 'a bogus end tag (</ x>) is not visible text',
    source: '</ div>x',
    tags: [],
    texts: ['x'],
  },
  {
    name: '< not starting a tag is text',
    source: 'a < b and c > d',
    tags: [],
    texts: ['a < b and c > d'],
  },
  {
    name: 'mustaches in text keep one run, blanked to their length',
    source: '<p>Hi {{name}}, refunds</p>',
    texts: ['Hi         , refunds'],
    hbs: ['{{name}}'],
  },
  {
    name: 'triple-stash mustaches',
    source: '<p>{{{raw}}}</p>',
    texts: [],
    hbs: ['{{{raw}}}'],
  },
  {
    name: '<script> is raw text: its body is a script, not tags or text',
    source: '<script>if (a < b) { x("<p>refunds</p>"); }</script><p>after</p>',
    tags: ['script', '/script', 'p', '/p'],
    texts: ['after'],
    scripts: ['if (a < b) { x("<p>refunds</p>"); }'],
  },
  {
    name: 'a script ends at the first </script>, in any case',
    source: '<SCRIPT>fetch("/x")</SCRIPT >x',
    tags: ['script', '/script'],
    scripts: ['fetch("/x")'],
    texts: ['x'],
  },
  {
    name: 'mustaches inside a script are recorded, and stay in its text',
    source: '<script>const t = "{{csrf_token}}";</script>',
    scripts: ['const t = "{{csrf_token}}";'],
    hbs: ['{{csrf_token}}'],
  },
  {
    name: 'an unclosed script runs to the end of the file',
    source: '<script>let a = 1;',
    tags: ['script'],
    scripts: ['let a = 1;'],
  },
  {
    name: '<style> is raw text and not visible',
    source: '<style>p > a::after { content: "refunds" }</style>',
    tags: ['style', '/style'],
    texts: [],
    scripts: [],
  },
  {
    name: '<title> and <textarea> are raw text, visible, mustaches blanked',
    source: '<title>{{title}} refunds</title><textarea>a <b> {{x}}</textarea>',
    tags: ['title', '/title', 'textarea', '/textarea'],
    texts: ['refunds', 'a <b>'],
  },
];

describe('check-theme HTML tokenizer', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const doc = parseHtml(c.source);
      if (c.tags) expect(tags(doc)).to.deep.equal(c.tags);
      if (c.texts) expect(texts(doc)).to.deep.equal(c.texts);
      if (c.scripts) expect(doc.scripts.map((s) => s.text)).to.deep.equal(c.scripts);
      if (c.hbs) expect(doc.hbs.map((h) => h.text)).to.deep.equal(c.hbs);
    });
  }

  it('offsets of tags, attributes, values, text and scripts index the source', () => {
    const source = '<p>Hi {{name}}, refunds</p>\n<a class=x href="/p?q={{q}}">go</a><script>go()</script>';
    const doc = parseHtml(source);
    for (const tag of doc.tags) {
      expect(source.slice(tag.start, tag.start + 1)).to.equal('<');
      expect(source[tag.end - 1]).to.equal('>');
      for (const a of tag.attrs) {
        expect(source.slice(a.start, a.start + a.name.length).toLowerCase()).to.equal(a.name);
        if (a.value !== null) expect(source.slice(a.valueStart, a.valueEnd)).to.equal(a.value);
      }
    }
    const a = doc.tags.find((t) => t.name === 'a')!;
    expect(source.slice(a.attrsEnd, a.end)).to.equal('>');
    expect(source.slice(a.attrs[1].start, a.attrs[1].end)).to.equal('href="/p?q={{q}}"');
    for (const t of doc.texts)
      expect(t.text.replace(/ +/g, ' ')).to.equal(
        source
          .slice(t.start, t.start + t.text.length)
          .replace(/\{\{.*?\}\}/g, ' ')
          .replace(/ +/g, ' '),
      );
    const refunds = doc.texts[0].start + doc.texts[0].text.indexOf('refunds');
    expect(source.slice(refunds, refunds + 7)).to.equal('refunds');
    expect(source.slice(doc.scripts[0].start, doc.scripts[0].start + 4)).to.equal('go()');
  });

  it('forms collect their controls and partials up to </form>, or to the end of the file', () => {
    const doc = parseHtml(
      '<form action="/_post/cart/add"><input name="a">{{> fields}}<select name="s"></select><button>b</button></form><input name="out"><form method="post"><textarea name="t"></textarea>',
    );
    expect(doc.forms.map((f) => f.controls.map((c) => c.name))).to.deep.equal([
      ['input', 'select', 'button'],
      ['textarea'],
    ]);
    expect(doc.forms[0].partials).to.deep.equal(['fields']);
    expect(doc.forms[1].end).to.equal(Number.MAX_SAFE_INTEGER);
  });

  it('decodes named and numeric references (&nbsp; as a plain space) and leaves unknown ones', () => {
    expect(decodeEntities('&amp;&quot;&apos;&lt;&gt;&nbsp;&#39;&#x2F;&bogus;&#0;')).to.equal(
      `&"'<> '/&bogus;&#0;`,
    );
  });
});
