import { expect } from 'chai';
import { lintPage, spans, where } from '../helpers.js';

describe('check-theme rule syntax-error', () => {
  it('reports a template that does not parse, at its line', () => {
    const findings = lintPage('syntax-error', '<p>a</p>\n<p>{{auth.check()}}</p>');
    expect(where(findings)).to.deep.equal(['pages/index.hbs:2']);
    expect(findings[0].message).to.match(/^syntax error/);
  });

  it('explains the error in a sentence, keeps the parser detail, and points at the right column', () => {
    const cases: Array<[string, string, string]> = [
      // [source, range, start of the message]
      [
        '<p>a</p>\n<p>{{auth.check()}}</p>',
        '2:11-2:20',
        'syntax error: Handlebars has no function calls like name()',
      ],
      ['<p>\n  {{foo bar=}}</p>', '2:13-2:15', 'syntax error: a value is missing after "bar="'],
      [
        '<ul>\n  {{#each items}}\n    <li>{{name}}</li>\n</ul>',
        '2:3-2:18',
        'syntax error: {{#each}} is never closed: add {{/each}}',
      ],
      [
        '{{#each items}}\n{{/if}}',
        '2:1-2:8',
        'syntax error: {{/if}} does not close the open {{#each}} (line 1, column 1)',
      ],
      ['x {{/if}}', '1:3-1:10', 'syntax error: {{/if}} closes a block that was never opened'],
      ['a {{ }} b', '1:6-1:8', 'syntax error: an empty mustache'],
      ['<p>{{foo "x}}</p>', '1:10-1:14', 'syntax error: a string is not closed'],
      ['<a href="{{url}">x</a>', '1:15-1:23', 'syntax error: a mustache is closed with a single }'],
      ['x\n\n   {{foo (bar}}', '3:14-3:16', 'syntax error: a subexpression "(" is not closed'],
      ['{{#if a}}{{else}}{{else}}{{/if}}', '1:18-1:26', 'syntax error: {{else}} is only allowed once'],
      ['<p>{{product.name</p>', '1:4-1:22', 'syntax error: a mustache {{ is never closed'],
      ['{{!-- note', '1:1-1:11', 'syntax error: a {{!-- comment is never closed'],
      [
        `${'0123456789'.repeat(4)}\n${'0123456789'.repeat(4)} {{ }}`,
        '2:45-2:47',
        'syntax error: an empty mustache',
      ],
    ];
    for (const [source, range, message] of cases) {
      const findings = lintPage('syntax-error', source);
      expect(spans(findings), source).to.deep.equal([range]);
      expect(findings[0].message.startsWith(message), findings[0].message).to.equal(true);
    }
    const [unclosed] = lintPage('syntax-error', '<p>{{#if x}}</p>');
    expect(unclosed.message).to.equal(
      "syntax error: {{#if}} is never closed: add {{/if}} where the block ends (Handlebars: Expecting 'OPEN_INVERSE_CHAIN', 'INVERSE', 'OPEN_ENDBLOCK', got 'EOF'); fix the Handlebars syntax at the reported position",
    );
  });

  it('accepts valid Handlebars', () => {
    expect(
      lintPage('syntax-error', '{{#if auth.check}}<p>{{auth.user.email}}</p>{{else}}guest{{/if}}'),
    ).to.deep.equal([]);
  });
});
