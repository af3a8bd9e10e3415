// One JSON line per request on stdout: time, level, request id, method, path (never the query
// string: it can hold a tracking number or an email), status, duration.
import type Koa from 'koa';
import { newRequestId } from '../ids.js';
import { bufferedStdout } from '../logger.js';
import type { AppState } from './state.js';

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

// Every request writes a line, so the line is written out by hand rather than by JSON.stringify of
// an object: the id is made of INCOMING_ID's characters or is our own, the strings a client
// chooses (method, path) are JSON-escaped, and the time string is reused within one millisecond.
let lastMs = 0;
let lastIso = '';

function logLine(requestId: string, method: string, path: string, status: number, ms: number): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastIso = new Date(now).toISOString();
  }
  const level = status >= 500 ? 'error' : 'info';
  return `{"time":"${lastIso}","level":"${level}","request_id":"${requestId}","method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms}}`;
}

/**
 * Assigns a request id (X-Request-Id) and logs the request when it ends: to `write` (one line per
 * call, no newline), nowhere with null, or by default to stdout through a buffer that writes once
 * per batch and is flushed on shutdown (runtime/logger.ts flushLogs).
 */
export function requestLog(write?: ((line: string) => void) | null): Koa.Middleware<AppState> {
  const out = write === undefined ? bufferedStdout() : write;
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('x-request-id');
    ctx.state.requestId = incoming && INCOMING_ID.test(incoming) ? incoming : newRequestId();
    ctx.set('X-Request-Id', ctx.state.requestId);
    try {
      await next();
    } finally {
      if (out) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        out(logLine(ctx.state.requestId, ctx.method, ctx.path, ctx.status, Math.round(ms * 10) / 10));
      }
    }
  };
}
