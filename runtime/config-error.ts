import { UserError } from './user-error.js';

/** A configuration value a user got wrong; its message names the value. */
export class ConfigError extends UserError {
  override name = 'ConfigError';
}
