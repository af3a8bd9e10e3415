// Turns every thrown error into a response: HttpError → its status and {error:{code,message}};
// anything else → 500, logged with the request id, never a stack trace to the client.
import type Koa from 'koa';
import { HttpError } from './errors.js';
import type { AppState } from './state.js';

/** How HTML requests that failed are answered (dev shows an overlay, serve a plain error page). */
export type HtmlErrorRenderer = (ctx: Koa.ParameterizedContext<AppState>, err: unknown, status: number) => void;

/** Logs one JSON line for a server-side failure. */
export function logError(ctx: Koa.ParameterizedContext<AppState>, err: unknown): void {
  const e = err as Error & { where?: string };
  process.stderr.write(
    `${JSON.stringify({ time: new Date().toISOString(), level: 'error', request_id: ctx.state.requestId, method: ctx.method, path: ctx.path, error: e?.name, message: e?.message, where: e?.where, stack: e?.stack?.split('\n').slice(1, 6).map((s) => s.trim()) })}\n`,
  );
}

/** Error middleware; put it first so it sees every failure. */
export function errorHandler(renderHtmlError: HtmlErrorRenderer, options: { logHtmlErrors?: boolean } = {}): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const httpError = err instanceof HttpError ? err : null;
      const status = httpError?.status ?? 500;
      const wantsJson = ctx.path.startsWith('/_post/') || ctx.path.startsWith('/__storefront/') || ctx.accepts('html', 'json') === 'json';
      // dev's overlay prints its own readable block for HTML errors; everything else is logged once, as JSON.
      if (!httpError && (wantsJson || options.logHtmlErrors !== false)) logError(ctx, err);
      ctx.set('Cache-Control', 'no-store');
      if (httpError?.extra.retryAfter !== undefined) ctx.set('Retry-After', String(httpError.extra.retryAfter));
      if (wantsJson || httpError) {
        ctx.status = status;
        ctx.body = (httpError ?? new HttpError('internal_error')).toBody();
        return;
      }
      renderHtmlError(ctx, err, status);
    }
  };
}

/** The serve-mode HTML error page: short, no internals. */
export const plainHtmlError: HtmlErrorRenderer = (ctx, _err, status) => {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Error</title><h1>Something went wrong</h1><p>Please try again in a moment. Reference: ${ctx.state.requestId}</p></html>`;
};
