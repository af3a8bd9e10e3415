// One JSON line per request on stdout: time, level, request id, method, path (never the query
// string: it can hold a tracking number or an email), status, duration.
import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { AppState } from './state.js';

/** Assigns a request id (X-Request-Id) and logs the request when it ends. */
export function requestLog(write: ((line: string) => void) | null): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('x-request-id');
    ctx.state.requestId = /^[A-Za-z0-9._-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    try {
      await next();
    } finally {
      if (write) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        write(
          JSON.stringify({
            time: new Date().toISOString(),
            level: ctx.status >= 500 ? 'error' : 'info',
            request_id: ctx.state.requestId,
            method: ctx.method,
            path: ctx.path,
            status: ctx.status,
            ms: Math.round(ms * 10) / 10,
          }),
        );
      }
    }
  };
}
