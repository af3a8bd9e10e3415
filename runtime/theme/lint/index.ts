// check-theme: the theme linter (`storefront check-theme`). See docs/check-theme.md.
export { RULES } from './rules/index.js';
export { ruleHelpUri, DOCS_URL } from './help-uri.js';
export { lintSources, lintTheme, type LintOptions, type LintResult, type ThemeSources } from './run.js';
export { fixTheme, type FixChange } from './fix.js';
export {
  loadLintConfig,
  LintConfigError,
  CONFIG_FILE,
  starterConfig,
  type ThemeLintConfig,
} from './config.js';
export { TEMPLATE_ERROR_CODES, ruleForCode, type TemplateErrorCode } from './error-codes.js';
export { SEVERITIES, severityRank, type Finding, type Rule, type Severity, type Span } from './types.js';
