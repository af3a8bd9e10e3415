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
];
