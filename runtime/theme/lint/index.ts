// check-theme: the theme linter (`storefront check-theme`). See docs/check-theme.md.
export { RULES } from './rules/index.js';
export { lintTheme, type LintOptions, type LintResult } from './run.js';
export { fixTheme, type FixChange } from './fix.js';
export { loadConfig, ConfigError, CONFIG_FILE, starterConfig, type ThemeLintConfig } from './config.js';
export type { Finding, Rule, Severity } from './types.js';
