// Turns every thrown error into a response: HttpError → its status and {error:{code,message}};
// a database that cannot be reached, or a write conflict that outlived its retries → 503
// service_unavailable with Retry-After; anything else → 500. All are logged with the request id,
// never shown to the client with a stack trace.
import type Koa from 'koa';
import { isRetryableConflict } from '../db-retry.js';
import { log } from '../logger.js';
import { unavailableAnswers } from '../metrics.js';
import { HttpError } from '../errors.js';
import type { AppState } from './state.js';

/** How HTML requests that failed are answered (dev shows an overlay, serve a plain error page). */
export type HtmlErrorRenderer = (
  ctx: Koa.ParameterizedContext<AppState>,
  err: unknown,
  status: number,
) => void;

/** Logs one JSON line for a server-side failure (message redacted: no SQL values, emails, tokens). */
export function logError(ctx: Koa.ParameterizedContext<AppState>, err: unknown): void {
  const e = err as Error & { where?: string; code?: unknown; errno?: unknown };
  log('error', String(e?.message ?? err), {
    request_id: ctx.state.requestId,
    method: ctx.method,
    path: ctx.path,
    error: e?.name,
    ...(typeof e?.code === 'string' ? { code: e.code } : {}),
    ...(typeof e?.errno === 'number' ? { errno: e.errno } : {}),
    where: e?.where,
    stack: e?.stack
      ?.split('\n')
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 5)
      .map((s) => s.trim()),
  });
}

// Failures of the connection to the database, not of a statement: the request may simply be sent again.
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  // QueryDeadlineError (runtime/db-deadline.ts): the database did not answer within --db-timeout-ms
  // (the connection was destroyed), or no pool connection came free in time.
  'STOREFRONT_QUERY_DEADLINE',
]);

/**
 * True for a database that is unreachable, silent past its deadline (--db-timeout-ms), or out of
 * connections (knex's pool acquire timeout).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { name?: string; code?: unknown; errors?: unknown[] } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.name === 'KnexTimeoutError') return true;
  if (typeof e.code === 'string' && UNREACHABLE_CODES.has(e.code)) return true;
  return Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner));
}

/** Seconds a client is asked to wait before retrying while the database is unavailable. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/** Error middleware; put it first so it sees every failure. */
export function errorHandler(
  renderHtmlError: HtmlErrorRenderer,
  options: {
    logHtmlErrors?: boolean;
    /** An HTML form post rejected for its CSRF token gets the HTML error page (dev's overlay), not JSON. */
    htmlCsrfRejections?: boolean;
  } = {},
): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown) {
      // A write conflict that outlived its retries (runtime/db-retry.ts) is as retryable as an outage.
      const transient = isDatabaseUnavailable(thrown) || isRetryableConflict(thrown);
      const err = !(thrown instanceof HttpError) && transient ? unavailable() : thrown;
      const httpError = err instanceof HttpError ? err : null;
      const status = httpError?.status ?? 500;
      if (status === 503) unavailableAnswers.inc({ cause: unavailableCause(thrown, httpError!) });
      const wantsJson =
        ctx.path.startsWith('/_post/') ||
        ctx.path.startsWith('/__storefront/') ||
        ctx.accepts('html', 'json') === 'json';
      // dev's overlay prints its own readable block for HTML errors; everything else is logged once, as JSON.
      if (!(thrown instanceof HttpError) && (wantsJson || options.logHtmlErrors !== false))
        logError(ctx, thrown);
      ctx.set('Cache-Control', 'no-store');
      if (options.htmlCsrfRejections && httpError?.code === 'csrf_rejected' && isHtmlFormPost(ctx))
        return renderHtmlError(ctx, thrown, status);
      if (httpError?.extra.retryAfter !== undefined)
        ctx.set('Retry-After', String(httpError.extra.retryAfter));
      if (wantsJson || (httpError && httpError.status < 500)) {
        ctx.status = status;
        ctx.body = (httpError ?? new HttpError('internal_error')).toBody();
        return;
      }
      renderHtmlError(ctx, thrown, status);
    }
  };
}

/** A browser's own form submission (no script): it shows whatever page comes back. */
function isHtmlFormPost(ctx: Koa.ParameterizedContext<AppState>): boolean {
  return (
    ctx.method === 'POST' &&
    Boolean(ctx.is('application/x-www-form-urlencoded', 'multipart/form-data')) &&
    ctx.accepts('html', 'json') === 'html'
  );
}

/** Why a 503 was answered, for storefront_unavailable_total{cause}. */
function unavailableCause(thrown: unknown, answered: HttpError): string {
  if (thrown instanceof HttpError) return thrown.code; // service_busy, idempotency_in_progress, …
  if ((thrown as { code?: unknown })?.code === 'STOREFRONT_QUERY_DEADLINE') return 'db_deadline';
  if (isRetryableConflict(thrown)) return 'write_conflict';
  return answered.code === 'service_unavailable' ? 'db_unavailable' : answered.code;
}

/** The 503 for a database failure (the driver error itself is only logged). */
function unavailable(): HttpError {
  return new HttpError('service_unavailable', undefined, { retryAfter: UNAVAILABLE_RETRY_AFTER_S });
}

/** The serve-mode HTML error page: short, no internals. */
export const plainHtmlError: HtmlErrorRenderer = (ctx, _err, status) => {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Error</title><h1>Something went wrong</h1><p>Please try again in a moment. Reference: ${ctx.state.requestId}</p></html>`;
};
