// The machine outputs validate against their schemas: JSON against the documented schema, SARIF
// against a compact SARIF 2.1.0 subset (the official schema is not available offline).
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { Ajv } from 'ajv';
import * as addFormatsModule from 'ajv-formats';
import { lintTheme } from '../../../../runtime/theme/lint/run.js';
import { RULES } from '../../../../runtime/theme/lint/rules/index.js';
import { formatJson } from '../../../../runtime/theme/lint/format/json.js';
import { formatSarif } from '../../../../runtime/theme/lint/format/sarif.js';
import { formatGithub } from '../../../../runtime/theme/lint/format/github.js';
import { formatText } from '../../../../runtime/theme/lint/format/text.js';
import { TEMPLATE_OBJECTS } from '../../../../runtime/template-objects.js';

// ajv-formats ships CommonJS; its default export arrives wrapped under ESM interop.
type AddFormats = (ajv: Ajv) => Ajv;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default: { default?: AddFormats } & AddFormats }).default.default ??
  (addFormatsModule as unknown as { default: AddFormats }).default;

const THEME = new URL('../../../fixtures/themes/violations', import.meta.url).pathname;
const readJson = (url: URL) => JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
const JSON_SCHEMA = readJson(
  new URL('../../../../runtime/theme/lint/format/json-output.schema.json', import.meta.url),
);
const SARIF_SCHEMA = readJson(new URL('../../../fixtures/sarif-2.1.0-subset.schema.json', import.meta.url));

describe('check-theme output formats', () => {
  const { findings, files } = lintTheme(THEME, { objects: TEMPLATE_OBJECTS });
  const ajv = addFormats(
    new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true }),
  );

  it('json validates against json-output.schema.json', () => {
    const validate = ajv.compile(JSON_SCHEMA);
    const report = JSON.parse(formatJson(findings, files)) as {
      summary: Record<string, number>;
      findings: unknown[];
    };
    expect(validate(report), ajv.errorsText(validate.errors)).to.equal(true);
    expect(report.summary).to.deep.equal({ error: 30, warning: 10, info: 0, files: 15 });
    const clean = JSON.parse(formatJson([], 3));
    expect(validate(clean), ajv.errorsText(validate.errors)).to.equal(true);
    expect(validate({ ...report, extra: 1 })).to.equal(false);
  });

  it('sarif validates against the SARIF 2.1.0 subset, with every rule in tool.driver.rules', () => {
    const validate = ajv.compile(SARIF_SCHEMA);
    const log = JSON.parse(formatSarif(findings, { rules: RULES, version: '1.2.3' }));
    expect(validate(log), ajv.errorsText(validate.errors)).to.equal(true);
    const run = log.runs[0];
    expect(run.tool.driver.rules.map((r: { id: string }) => r.id)).to.deep.equal(RULES.map((r) => r.id));
    // Every rule links to its section of docs/check-theme.md (the docs test checks the anchors exist).
    for (const r of run.tool.driver.rules as Array<{ id: string; helpUri: string }>)
      expect(r.helpUri).to.equal(
        `https://github.com/storefront/storefront/blob/main/docs/check-theme.md#${r.id}`,
      );
    expect(run.results).to.have.length(findings.length);
    for (const result of run.results)
      expect(run.tool.driver.rules[result.ruleIndex].id).to.equal(result.ruleId);
    expect(run.results.map((r: { level: string }) => r.level)).to.include.members(['error', 'warning']);
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: {} } }] })).to.equal(false);
  });

  it('json findings and sarif regions carry the end of each range', () => {
    const report = JSON.parse(formatJson(findings, files)) as {
      version: number;
      findings: Array<{ file: string; line: number; column: number; endLine: number; endColumn: number }>;
    };
    expect(report.version).to.equal(2);
    const login = report.findings.find((f) => f.file === 'pages/login.hbs' && f.line === 3)!;
    expect([login.line, login.column, login.endLine, login.endColumn]).to.deep.equal([3, 1, 3, 48]);
    const log = JSON.parse(formatSarif(findings, { rules: RULES, version: '1.2.3' }));
    const regions = log.runs[0].results.map(
      (r: { locations: Array<{ physicalLocation: { region: Record<string, number> } }> }) =>
        r.locations[0].physicalLocation.region,
    );
    expect(regions).to.deep.equal(
      findings.map((f) => ({
        startLine: f.line,
        startColumn: f.column,
        endLine: f.endLine,
        endColumn: f.endColumn,
      })),
    );
  });

  it('github prints one escaped workflow command per finding', () => {
    const out = formatGithub([
      {
        file: 'pages/a,b.hbs',
        line: 3,
        column: 2,
        endLine: 3,
        endColumn: 5,
        severity: 'warning',
        rule: 'r',
        message: '50% done\nnext',
        fixable: false,
      },
    ]);
    expect(out).to.equal('::warning file=pages/a%2Cb.hbs,line=3,col=2,title=r::50%25 done%0Anext\n');
    expect(formatGithub(findings).trim().split('\n')).to.have.length(findings.length);
    expect(formatGithub(findings)).to.match(
      /^::error file=assets\/js\/cart\.js,line=8,col=\d+,title=client-side-price::/,
    );
  });

  it('text groups per file, prints file:line:col severity rule message and a summary, colour only when asked', () => {
    const plain = formatText(findings, { files, color: false });
    expect(plain).to.include(
      'pages/login.hbs:3:1 error csrf-token-missing form posting to /_post/auth/login',
    );
    expect(plain).to.include('✖ 40 problems (30 errors, 10 warnings, 0 info) in 14 files of 15 checked');
    expect(plain).not.to.include('\u001b[');
    expect(formatText(findings, { files, color: true })).to.include('\u001b[31merror\u001b[39m');
    expect(formatText([], { files: 4 })).to.equal('✔ no problems in 4 files\n');
  });
});
