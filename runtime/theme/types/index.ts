// Typed templates: path expressions resolved statically against the JSON Schemas with a scope
// stack, helper arguments checked against the helpers' declared types. check-theme (rules
// unknown-field, undefined-variable, helper-argument-type), `storefront dev` (warnings) and the
// language server all call these functions; none has an analysis of its own.
export {
  typeCheckTemplate,
  typeCheckTheme,
  pathTypes,
  type PathTypes,
  themeTypeContext,
  type TypeCheckOptions,
  type TypeContext,
  type TypeFinding,
  type TypeFindingCode,
  type TemplateSource,
} from './check.js';
export { SchemaIndex, packageSchemas } from './schema-index.js';
export { Scope, type Context } from './scope.js';
export { suggest, editDistance } from './suggest.js';
export * as types from './model.js';
