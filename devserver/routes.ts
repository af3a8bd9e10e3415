// The dev server's own routes under /__storefront/: the browser client, its stylesheet and the
// personas. None of them exists in `serve` (it mounts no hooks).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Koa from 'koa';
import type { AppDeps } from '../runtime/deps.js';
import type { AppState } from '../runtime/http/state.js';
import { HttpError } from '../runtime/errors.js';
import { packageRoot } from '../runtime/paths.js';
import { CLIENT_CSS_URL, CLIENT_URL, CSP_EARLY_URL, DEV_PREFIX } from './inject.js';
import { personaRoutes } from './personas.js';

/** Folder of the browser-side files (the same from sources and from dist/). */
export const CLIENT_DIR = join(packageRoot, 'devserver', 'client');

const FILES: Record<string, { file: string; type: string }> = {
  [CLIENT_URL]: { file: 'client.js', type: 'text/javascript; charset=utf-8' },
  [CLIENT_CSS_URL]: { file: 'client.css', type: 'text/css; charset=utf-8' },
  [CSP_EARLY_URL]: { file: 'csp-early.js', type: 'text/javascript; charset=utf-8' },
};

/** Middleware for everything under /__storefront/ (other paths pass through). */
export function devRoutes(deps: () => AppDeps): Koa.Middleware<AppState> {
  const personas = personaRoutes(deps);
  return async (ctx, next) => {
    if (ctx.path !== DEV_PREFIX && !ctx.path.startsWith(`${DEV_PREFIX}/`)) return next();
    ctx.set('Cache-Control', 'no-store');
    const served = FILES[ctx.path];
    if (served) {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw new HttpError('method_not_allowed');
      ctx.type = served.type;
      ctx.body = readFileSync(join(CLIENT_DIR, served.file));
      return;
    }
    await personas(ctx, async () => {
      throw new HttpError('not_found', 'No such dev route.');
    });
  };
}
