// The rule tables in docs/check-theme.md and the README say what the code does: every rule of
// rules/index.ts is listed once with its default severity and whether --fix handles it, and no
// table lists a rule that does not exist (like Fastify's test of its error-code docs).
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { RULES } from '../../../../runtime/theme/lint/rules/index.js';
import { DOCS_URL, ruleHelpUri } from '../../../../runtime/theme/lint/help-uri.js';

interface Row {
  id: string;
  severity: string;
  fixable: boolean;
}

/** The rows of the first Markdown table whose header starts with `| id |` or `| rule |` and has a severity column. */
function ruleTable(markdown: string): Row[] | null {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => /^\|\s*(?:id|rule)\s*\|\s*severity\s*\|/.test(l));
  if (start < 0) return null;
  const header = cells(lines[start]);
  const fixColumn = header.findIndex((h) => /fix/.test(h));
  const rows: Row[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const c = cells(line);
    rows.push({ id: c[0].replace(/`/g, ''), severity: c[1], fixable: c[fixColumn] === 'yes' });
  }
  return rows;
}

function cells(line: string): string[] {
  // Split on | but not on an escaped \| inside a cell.
  return line
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((c) => c.trim());
}

const expected: Row[] = RULES.map((r) => ({ id: r.id, severity: r.severity, fixable: Boolean(r.fix) }));
const docs: Array<[string, string, boolean]> = [
  ['docs/check-theme.md', 'docs/check-theme.md', true],
  ['README.md', 'README.md', false], // checked when it has a rule table
];

describe('check-theme rule tables in the docs', () => {
  for (const [name, path, required] of docs) {
    const table = ruleTable(readFileSync(new URL(`../../../../${path}`, import.meta.url), 'utf8'));
    if (!table && !required) continue;

    it(`${name} lists every rule once, with its severity and fixability, and nothing else`, () => {
      expect(table, `${name} has no rule table`).to.not.equal(null);
      const ids = table!.map((r) => r.id);
      expect(
        ids.filter((id, i) => ids.indexOf(id) !== i),
        'listed twice',
      ).to.deep.equal([]);
      const known = new Set(expected.map((r) => r.id));
      expect(
        ids.filter((id) => !known.has(id)),
        'listed but not a rule',
      ).to.deep.equal([]);
      expect(
        expected.filter((r) => !ids.includes(r.id)).map((r) => r.id),
        'rules missing from the table',
      ).to.deep.equal([]);
      const byId = new Map(table!.map((r) => [r.id, r]));
      for (const rule of expected) expect(byId.get(rule.id), rule.id).to.deep.equal(rule);
    });
  }
});

/** GitHub's anchor of a Markdown heading: lower case, punctuation but - and _ dropped, spaces to -. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

describe('check-theme rule sections in docs/check-theme.md', () => {
  const markdown = readFileSync(new URL('../../../../docs/check-theme.md', import.meta.url), 'utf8');
  const anchors = new Set(
    markdown
      .split('\n')
      .filter((l) => /^#{2,4} /.test(l))
      .map((l) => anchor(l.replace(/^#+ /, ''))),
  );

  it("has a section for every rule, whose anchor is the rule's helpUri", () => {
    for (const rule of RULES) {
      const uri = ruleHelpUri(rule);
      expect(uri.startsWith(`${DOCS_URL}#`), rule.id).to.equal(true);
      expect(anchors.has(uri.slice(DOCS_URL.length + 1)), `no section #${rule.id}`).to.equal(true);
    }
  });
});
