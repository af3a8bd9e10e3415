/** A configuration value a user got wrong; its message names the value. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
