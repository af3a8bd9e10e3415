// Every code of the engine's TemplateError, with the check-theme rule that reports it and the title
// `storefront dev`'s overlay shows. One static table instead of rules claiming codes as they load:
// check-theme, its docs test and the overlay read the same list, and a new engine code that nobody
// lists still reaches template-error (so nothing the engine rejects can pass).

/** The rules that report the engine's own errors (Theme.errors()). */
export type TemplateErrorRule =
  | 'syntax-error'
  | 'unknown-helper'
  | 'missing-partial'
  | 'missing-layout'
  | 'missing-asset'
  | 'unresolvable-data-call'
  | 'auth-not-callable'
  | 'template-error';

/** One engine error code. */
export interface TemplateErrorCodeInfo {
  /** The check-theme rule that reports it when Theme.errors() returns it. */
  rule: TemplateErrorRule;
  /** The overlay's heading for it. */
  title: string;
}

/**
 * Every TemplateError code but not_a_theme (Theme.load refusing a folder: a usage error, never a
 * finding). Codes only a render raises (render_error, schema_violation…) are listed for the overlay.
 */
export const TEMPLATE_ERROR_CODES = {
  syntax_error: { rule: 'syntax-error', title: 'Template syntax error' },
  unknown_helper: { rule: 'unknown-helper', title: 'Unknown helper' },
  missing_partial: { rule: 'missing-partial', title: 'Missing partial' },
  dynamic_partial: { rule: 'missing-partial', title: 'Partial name must be a literal' },
  missing_layout: { rule: 'missing-layout', title: 'Missing layout' },
  missing_asset: { rule: 'missing-asset', title: 'Missing asset' },
  unresolvable_data_call: {
    rule: 'unresolvable-data-call',
    title: 'Data call cannot be resolved before the render',
  },
  unknown_data_call: { rule: 'unresolvable-data-call', title: 'Unknown data call' },
  auth_called: { rule: 'auth-not-callable', title: '`auth` is data, not a function' },
  reserved_name: { rule: 'template-error', title: 'Reserved name' },
  bad_set: { rule: 'template-error', title: 'Invalid {{set}}' },
  bad_extends: { rule: 'template-error', title: 'Invalid {{#extends}}' },
  bad_block: { rule: 'template-error', title: 'Invalid {{#block}}' },
  bad_asset: { rule: 'template-error', title: 'Invalid {{asset}}' },
  bad_image: { rule: 'template-error', title: 'Invalid {{picture}} or {{image_url}}' },
  bad_abort: { rule: 'template-error', title: 'Invalid {{abort}}' },
  schema_violation: { rule: 'template-error', title: 'Template object does not match its schema' },
  missing_page: { rule: 'template-error', title: 'Missing page' },
  missing_template: { rule: 'template-error', title: 'Missing template' },
  render_error: { rule: 'template-error', title: 'Template render error' },
  bad_locale_file: { rule: 'template-error', title: 'Invalid locale file' },
  locale_default: { rule: 'template-error', title: 'No single default locale' },
  bad_translation: { rule: 'template-error', title: 'Invalid {{t}}' },
} as const satisfies Record<string, TemplateErrorCodeInfo>;

/** A code listed in TEMPLATE_ERROR_CODES. */
export type TemplateErrorCode = keyof typeof TEMPLATE_ERROR_CODES;

/** The entry of a code; undefined for a code the table does not list. */
export function templateErrorCode(code: string): TemplateErrorCodeInfo | undefined {
  return Object.hasOwn(TEMPLATE_ERROR_CODES, code)
    ? TEMPLATE_ERROR_CODES[code as TemplateErrorCode]
    : undefined;
}

/** The rule that reports an engine error code: its table entry's, else template-error. */
export function ruleForCode(code: string): TemplateErrorRule {
  return templateErrorCode(code)?.rule ?? 'template-error';
}

/** The codes a rule reports, in table order. */
export function codesOf(rule: TemplateErrorRule): TemplateErrorCode[] {
  return (Object.keys(TEMPLATE_ERROR_CODES) as TemplateErrorCode[]).filter(
    (code) => TEMPLATE_ERROR_CODES[code].rule === rule,
  );
}
