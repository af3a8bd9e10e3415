// The HTML pass of check-theme: a light tokenizer over a template's source. It finds tags with their
// attributes, visible text, inline scripts and forms, with offsets into the source. Handlebars
// mustaches ({{…}}, {{{…}}}, {{!-- … --}}) are opaque: inside attribute values they are kept as text
// (a value containing one is "dynamic"), between attributes and in text they are skipped. Not a full
// HTML parser (no tree, no implied end tags): enough for the rules, with no dependency.

/** One attribute of a tag. Offsets index the template source. */
export interface HtmlAttr {
  /** Lower-cased name. */
  name: string;
  /** Value with entities decoded and mustaches kept verbatim; null for a bare attribute. */
  value: string | null;
  /** True when the value contains a Handlebars mustache. */
  dynamic: boolean;
  start: number;
  end: number;
  /** Offsets of the value between its quotes (equal to end when there is no value). */
  valueStart: number;
  valueEnd: number;
}

/** An opening or closing tag. */
export interface HtmlTag {
  /** Lower-cased tag name. */
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attrs: HtmlAttr[];
  /** Offset of '<'. */
  start: number;
  /** Offset just past '>'. */
  end: number;
  /** Offset of the '>' (or '/>') that ends the tag: where a new attribute can be inserted. */
  attrsEnd: number;
}

/** A run of text outside tags, scripts, styles, comments, doctypes and CDATA (mustaches blanked). */
export interface HtmlText {
  text: string;
  start: number;
}

/** A Handlebars region ({{…}}) found by the tokenizer. */
export interface HbsRegion {
  text: string;
  start: number;
  end: number;
}

/** A <form> with the form controls inside it. */
export interface HtmlForm {
  tag: HtmlTag;
  /** input, select, textarea and button tags inside the form. */
  controls: HtmlTag[];
  /** Offset of the closing </form> (or the end of the file). */
  end: number;
  /** Partial names included inside the form ({{> name}}). */
  partials: string[];
}

/** The HTML pass over one template. */
export interface HtmlDocument {
  tags: HtmlTag[];
  texts: HtmlText[];
  scripts: Array<{ text: string; start: number; tag: HtmlTag }>;
  forms: HtmlForm[];
  hbs: HbsRegion[];
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: ' ' };

/** Decodes the common named and numeric character references. */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[ref.toLowerCase()] ?? m;
  });
}

/** End offset of the Handlebars region starting at i (source[i..] starts with '{{'). */
export function hbsEnd(source: string, i: number): number {
  let close = '}}';
  if (source.startsWith('{{!--', i)) close = '--}}';
  else if (source.startsWith('{{{', i)) close = '}}}';
  const j = source.indexOf(close, i + 2);
  return j < 0 ? source.length : j + close.length;
}

const NAME_START = /[A-Za-z]/;
const SPACE = /\s/;
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
const CONTROLS = new Set(['input', 'select', 'textarea', 'button']);

/** Tokenizes a template's source. */
export function parseHtml(source: string): HtmlDocument {
  const doc: HtmlDocument = { tags: [], texts: [], scripts: [], forms: [], hbs: [] };
  const n = source.length;
  let i = 0;
  let textStart = -1;
  let text = '';
  const flushText = () => {
    if (textStart >= 0 && text.trim()) doc.texts.push({ text, start: textStart });
    textStart = -1;
    text = '';
  };
  const addText = (s: string, at: number) => {
    if (textStart < 0) textStart = at;
    text += s;
  };

  while (i < n) {
    const c = source[i];
    if (c === '{' && source[i + 1] === '{') {
      const end = hbsEnd(source, i);
      doc.hbs.push({ text: source.slice(i, end), start: i, end });
      // A mustache inside text keeps the text run together, as blanks of its length so that
      // offsets into the text stay offsets into the source.
      if (textStart >= 0) text += source.slice(i, end).replace(/[^\n]/g, ' ');
      i = end;
      continue;
    }
    if (c === '<') {
      if (source.startsWith('<!--', i)) {
        flushText();
        const j = source.indexOf('-->', i + 4);
        i = j < 0 ? n : j + 3;
        continue;
      }
      // <![CDATA[…]]>, <!doctype html>, <?xml …?> and </ …> are markup, never visible text.
      if (source.startsWith('<![CDATA[', i)) {
        flushText();
        const j = source.indexOf(']]>', i + 9);
        i = j < 0 ? n : j + 3;
        continue;
      }
      const bogus =
        source[i + 1] === '/' && i + 2 < n && !NAME_START.test(source[i + 2]) && source[i + 2] !== '{';
      if (source[i + 1] === '!' || source[i + 1] === '?' || bogus) {
        flushText();
        const j = source.indexOf('>', i + 2);
        i = j < 0 ? n : j + 1;
        continue;
      }
      const closing = source[i + 1] === '/';
      const nameAt = closing ? i + 2 : i + 1;
      if (NAME_START.test(source[nameAt] ?? '')) {
        flushText();
        const tag = readTag(source, i, closing, doc.hbs);
        doc.tags.push(tag);
        i = tag.end;
        if (!tag.closing && !tag.selfClosing && RAW_TEXT.has(tag.name)) {
          // Raw text up to the matching end tag; mustaches inside are kept for the script checks.
          const re = new RegExp(`</${tag.name}\\s*>`, 'ig');
          re.lastIndex = i;
          const m = re.exec(source);
          const bodyEnd = m ? m.index : n;
          const body = source.slice(i, bodyEnd);
          if (tag.name === 'script') doc.scripts.push({ text: body, start: i, tag });
          else if (tag.name === 'title' || tag.name === 'textarea') {
            doc.texts.push({
              text: body.replace(/\{\{[\s\S]*?\}\}\}?/g, (h) => ' '.repeat(h.length)),
              start: i,
            });
          }
          for (let k = source.indexOf('{{', i); k >= 0 && k < bodyEnd; k = source.indexOf('{{', k)) {
            const end = hbsEnd(source, k);
            doc.hbs.push({ text: source.slice(k, end), start: k, end });
            k = end;
          }
          if (m) {
            const endTag = readTag(source, m.index, true, doc.hbs);
            doc.tags.push(endTag);
            i = endTag.end;
          } else i = n;
        }
        continue;
      }
    }
    // Plain text up to the next '<' or '{' in one piece: a string built a character at a time was
    // a good part of check-theme's garbage collection.
    let next = i + 1;
    while (next < n && source[next] !== '<' && source[next] !== '{') next++;
    addText(source.slice(i, next), i);
    i = next;
  }
  flushText();
  doc.forms = collectForms(doc);
  return doc;
}

function readTag(source: string, start: number, closing: boolean, hbs: HbsRegion[]): HtmlTag {
  const n = source.length;
  let i = closing ? start + 2 : start + 1;
  const nameStart = i;
  while (i < n && /[A-Za-z0-9:-]/.test(source[i])) i++;
  const tag: HtmlTag = {
    name: source.slice(nameStart, i).toLowerCase(),
    closing,
    selfClosing: false,
    attrs: [],
    start,
    end: n,
    attrsEnd: n,
  };
  for (;;) {
    while (i < n && SPACE.test(source[i])) i++;
    if (i >= n) break;
    if (source[i] === '>') {
      tag.attrsEnd = i;
      tag.end = i + 1;
      return tag;
    }
    if (source[i] === '/' && source[i + 1] === '>') {
      tag.attrsEnd = i;
      tag.end = i + 2;
      tag.selfClosing = true;
      return tag;
    }
    if (source[i] === '{' && source[i + 1] === '{') {
      const end = hbsEnd(source, i);
      hbs.push({ text: source.slice(i, end), start: i, end });
      i = end;
      continue;
    }
    // Attribute name.
    const attrStart = i;
    while (
      i < n &&
      !SPACE.test(source[i]) &&
      source[i] !== '=' &&
      source[i] !== '>' &&
      !(source[i] === '/' && source[i + 1] === '>') &&
      !source.startsWith('{{', i)
    )
      i++;
    if (i === attrStart) {
      i++; // a stray character ('/' or similar): skip it
      continue;
    }
    const attr: HtmlAttr = {
      name: source.slice(attrStart, i).toLowerCase(),
      value: null,
      dynamic: false,
      start: attrStart,
      end: i,
      valueStart: i,
      valueEnd: i,
    };
    let j = i;
    while (j < n && SPACE.test(source[j])) j++;
    if (source[j] === '=') {
      j++;
      while (j < n && SPACE.test(source[j])) j++;
      const quote = source[j] === '"' || source[j] === "'" ? source[j] : '';
      const valueStart = quote ? j + 1 : j;
      let k = valueStart;
      while (k < n) {
        if (source[k] === '{' && source[k + 1] === '{') {
          const end = hbsEnd(source, k);
          hbs.push({ text: source.slice(k, end), start: k, end });
          attr.dynamic = true;
          k = end;
          continue;
        }
        if (quote ? source[k] === quote : SPACE.test(source[k]) || source[k] === '>') break;
        k++;
      }
      attr.valueStart = valueStart;
      attr.valueEnd = k;
      attr.value = decodeEntities(source.slice(valueStart, k));
      i = quote && k < n ? k + 1 : k;
      attr.end = i;
    }
    tag.attrs.push(attr);
  }
  tag.attrsEnd = n;
  tag.end = n;
  return tag;
}

function collectForms(doc: HtmlDocument): HtmlForm[] {
  const forms: HtmlForm[] = [];
  let current: HtmlForm | null = null;
  for (const tag of doc.tags) {
    if (tag.name === 'form') {
      if (tag.closing) {
        if (current) current.end = tag.start;
        current = null;
      } else {
        current = { tag, controls: [], end: Number.MAX_SAFE_INTEGER, partials: [] };
        forms.push(current);
      }
    } else if (current && !tag.closing && CONTROLS.has(tag.name)) current.controls.push(tag);
  }
  for (const form of forms) {
    for (const region of doc.hbs) {
      if (region.start < form.tag.end || region.start >= form.end) continue;
      const m = /^\{\{#?>\s*"?([\w./-]+)/.exec(region.text);
      if (m) form.partials.push(m[1]);
    }
  }
  return forms;
}

/** The attribute named name, if the tag has it. */
export function attr(tag: HtmlTag, name: string): HtmlAttr | undefined {
  return tag.attrs.find((a) => a.name === name);
}

/** The literal value of an attribute: null when absent, bare, or dynamic. */
export function literal(tag: HtmlTag, name: string): string | null {
  const a = attr(tag, name);
  return a && a.value !== null && !a.dynamic ? a.value : null;
}

/** The path of a URL-ish attribute value: the part before ?/#, up to the first mustache; null for absolute URLs. */
export function urlPath(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const v = value.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(v) || v.startsWith('//')) return null;
  const staticPart = v.split('{{')[0];
  const path = staticPart.split(/[?#]/)[0];
  return path;
}

/** The effective method of a form: 'get' when absent, null when dynamic. */
export function formMethod(form: HtmlForm): string | null {
  const m = attr(form.tag, 'method');
  if (!m || m.value === null) return 'get';
  if (m.dynamic) return null;
  return m.value.trim().toLowerCase() || 'get';
}
