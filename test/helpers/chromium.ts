// The system's Chromium for the browser tests (playwright-core drives it; no browser is downloaded).
import { existsSync } from 'node:fs';

/** Headless flags for a container: no sandbox (root), no background traffic, no GPU. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--disable-gpu',
  '--no-first-run',
];

/** The system Chromium (CHROMIUM_PATH, else Debian's and other usual paths), or null. */
export function chromiumPath(): string | null {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((p): p is string => Boolean(p && existsSync(p))) ?? null;
}
