// Where each rule is documented: its section of docs/check-theme.md on the project's site. The
// section's heading is the rule id in backticks, so its anchor is the id itself; the docs test
// checks that every rule has one. SARIF gives this as rules[].helpUri, `--list --format json` too.
import type { Rule } from './types.js';

/** docs/check-theme.md on the project's repository. */
export const DOCS_URL = 'https://github.com/storefront/storefront/blob/main/docs/check-theme.md';

/** The documentation link of a rule: its own helpUri when it has one, else its section in DOCS_URL. */
export function ruleHelpUri(rule: Pick<Rule, 'id' | 'helpUri'>): string {
  return rule.helpUri ?? `${DOCS_URL}#${rule.id}`;
}
