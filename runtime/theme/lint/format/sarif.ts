// SARIF 2.1.0 for GitHub code scanning (github/codeql-action/upload-sarif): one run, the rules in
// tool.driver.rules, one result per finding with its physical location and region (start and end).
import { DOCS_URL, ruleHelpUri } from '../help-uri.js';
import type { Finding, Rule, Severity } from '../types.js';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
};

export interface SarifOptions {
  rules: Rule[];
  version: string;
}

/** A finding's region: SARIF's endColumn is exclusive like Finding's, so the numbers carry over. */
function region(f: Finding): Record<string, number> {
  const startLine = Math.max(1, f.line);
  const startColumn = Math.max(1, f.column);
  const endLine = Math.max(startLine, f.endLine);
  const endColumn = endLine === startLine ? Math.max(startColumn, f.endColumn) : Math.max(1, f.endColumn);
  return { startLine, startColumn, endLine, endColumn };
}

/** The SARIF log object. */
export function sarifLog(findings: Finding[], options: SarifOptions): Record<string, unknown> {
  const index = new Map(options.rules.map((r, i) => [r.id, i]));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'storefront check-theme',
            version: options.version,
            informationUri: DOCS_URL,
            rules: options.rules.map((r) => ({
              id: r.id,
              name: r.id.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase()),
              shortDescription: { text: r.description },
              fullDescription: { text: `${r.description}. ${r.help}` },
              help: { text: r.help },
              helpUri: ruleHelpUri(r),
              defaultConfiguration: { level: LEVEL[r.severity] },
              properties: { fixable: Boolean(r.fix) },
            })),
          },
        },
        columnKind: 'utf16CodeUnits',
        results: findings.map((f) => ({
          ruleId: f.rule,
          ...(index.has(f.rule) ? { ruleIndex: index.get(f.rule) } : {}),
          level: LEVEL[f.severity],
          message: { text: f.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: encodeURI(f.file), uriBaseId: '%SRCROOT%' },
                region: region(f),
              },
            },
          ],
        })),
      },
    ],
  };
}

/** The SARIF log as text. */
export function formatSarif(findings: Finding[], options: SarifOptions): string {
  return `${JSON.stringify(sarifLog(findings, options), null, 2)}\n`;
}
