// The password hashing settings of this process. Where a Config exists (serve, dev and the CLI
// commands) they come from it, validated: runtime/bootstrap.ts and bin/cli-kit.ts set them before
// anything is hashed. Without one (tests, tools), runtime/accounts/password.ts falls back to reading
// STOREFRONT_BCRYPT_COST, STOREFRONT_HASH_THREADS and STOREFRONT_HASH_QUEUE itself.
// Kept apart from password.ts so that setting them loads neither the worker pool nor the metrics.
import type { Config } from '../config.js';

/** What of the Config password hashing uses. */
export type PasswordSettings = Pick<Config, 'bcryptCost' | 'hashThreads' | 'hashQueue'>;

let configured: PasswordSettings | null = null;

/** Hashes with these settings from now on (a running pool of another size is replaced once idle). */
export function configurePasswordHashing(config: PasswordSettings): void {
  configured = {
    bcryptCost: config.bcryptCost,
    hashThreads: config.hashThreads,
    hashQueue: config.hashQueue,
  };
}

/** The configured settings, or null when no Config has set them. */
export function configuredPasswordHashing(): PasswordSettings | null {
  return configured;
}
