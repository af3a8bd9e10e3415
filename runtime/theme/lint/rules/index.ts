// Every check-theme rule. Adding a rule: one module in this folder, one line here, one test.
import type { Rule } from '../types.js';
import authNotCallable from './auth-not-callable.js';
import noUsersCurrent from './no-users-current.js';
import noAuthActions from './no-auth-actions.js';
import logoutGet from './logout-get.js';
import csrfTokenMissing from './csrf-token-missing.js';
import clientSidePrice from './client-side-price.js';
import externalLinkRel from './external-link-rel.js';
import noGetProfileUpdate from './no-get-profile-update.js';
import noSessionProfile from './no-session-profile.js';
import privateOrdersUseFind from './private-orders-use-find.js';
import unsupportedFeatureText from './unsupported-feature-text.js';
import loginNextAllowed from './login-next-allowed.js';
import missingPage from './missing-page.js';
import syntaxError from './syntax-error.js';
import unknownHelper from './unknown-helper.js';
import missingPartial from './missing-partial.js';
import missingLayout from './missing-layout.js';
import missingAsset from './missing-asset.js';
import unresolvableDataCall from './unresolvable-data-call.js';
import templateError from './template-error.js';
import unknownField from './unknown-field.js';
import undefinedVariable from './undefined-variable.js';
import helperArgumentType from './helper-argument-type.js';
import cspCompatibility from './csp-compatibility.js';
import formPostMethod from './form-post-method.js';
import hardcodedAssetPath from './hardcoded-asset-path.js';
import unknownRouteLink from './unknown-route-link.js';
import unreachablePage from './unreachable-page.js';
import pageName from './page-name.js';
import imgAttributes from './img-attributes.js';
import parserBlockingScript from './parser-blocking-script.js';
import assetSize from './asset-size.js';
import unusedPartial from './unused-partial.js';
import unusedAsset from './unused-asset.js';
import unescapedOutput from './unescaped-output.js';
import labelFor from './label-for.js';
import pageTitle from './page-title.js';
import translationKeyMissing from './translation-key-missing.js';
import translationKeyMissingInLocale from './translation-key-missing-in-locale.js';
import translationKeyUnused from './translation-key-unused.js';

export const RULES: Rule[] = [
  authNotCallable,
  noUsersCurrent,
  noAuthActions,
  logoutGet,
  csrfTokenMissing,
  clientSidePrice,
  externalLinkRel,
  noGetProfileUpdate,
  noSessionProfile,
  privateOrdersUseFind,
  unsupportedFeatureText,
  loginNextAllowed,
  missingPage,
  syntaxError,
  unknownHelper,
  missingPartial,
  missingLayout,
  missingAsset,
  unresolvableDataCall,
  templateError,
  unknownField,
  undefinedVariable,
  helperArgumentType,
  cspCompatibility,
  formPostMethod,
  hardcodedAssetPath,
  unknownRouteLink,
  unreachablePage,
  pageName,
  imgAttributes,
  parserBlockingScript,
  assetSize,
  unusedPartial,
  unusedAsset,
  unescapedOutput,
  labelFor,
  pageTitle,
  translationKeyMissing,
  translationKeyMissingInLocale,
  translationKeyUnused,
];
