// Request bodies: JSON or urlencoded forms only, small limits, parsed for POST only.
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type Koa from 'koa';
import type { koaBody as KoaBody } from 'koa-body';
import { HttpError } from '../errors.js';

export const BODY_LIMIT = '64kb';

/** Parses JSON and form bodies; anything else with a body is 415; malformed JSON is 400; too large is 413. */
export function bodyParser(): Koa.Middleware {
  // koa-body and its parsers take tens of milliseconds to load: loaded at the first POST, which
  // keeps them out of start-up (`storefront dev` answers its first page sooner).
  let parse: Koa.Middleware | null = null;
  const makeParser = () => {
    const { koaBody } = createRequire(import.meta.url)('koa-body') as { koaBody: typeof KoaBody };
    return koaBody({
      json: true,
      urlencoded: true,
      multipart: false,
      text: false,
      jsonLimit: BODY_LIMIT,
      formLimit: BODY_LIMIT,
      jsonStrict: true,
      parsedMethods: ['POST'] as never,
      onError(err: Error & { status?: number; type?: string }, ctx: Koa.Context) {
        discardRest(ctx.req);
        if (err.status === 413 || err.type === 'entity.too.large') throw new HttpError('payload_too_large');
        if (err.status === 415) throw new HttpError('unsupported_media_type');
        throw new HttpError('invalid_json');
      },
    } as never) as unknown as Koa.Middleware;
  };
  return async (ctx, next) => {
    if (ctx.method !== 'POST') return next(); // parsedMethods: POST only
    const hasBody = Number(ctx.get('content-length') || 0) > 0 || Boolean(ctx.get('transfer-encoding'));
    if (hasBody && !ctx.is('application/json', 'application/x-www-form-urlencoded'))
      throw new HttpError('unsupported_media_type');
    parse ??= makeParser();
    await parse(ctx, next);
  };
}

/**
 * Reads and drops what is left of a request body the parser gave up on (too large, a gzip bomb, bad
 * JSON), as Node does for bodies nobody reads. The parser pauses the stream where it stopped, and
 * Node does not drain a stream that was read from: the keep-alive connection would stay stuck in the
 * middle of the old body, and the client's next request on it would hang until the keep-alive
 * timeout reset the connection. (server.requestTimeout still bounds how long a client may send.)
 */
function discardRest(req: IncomingMessage): void {
  if (req.complete) return;
  req.unpipe();
  req.resume();
}

/** The parsed body as a plain object (an array or missing body counts as empty). */
export function bodyOf(ctx: Koa.Context): Record<string, unknown> {
  const body = (ctx.request as { body?: unknown }).body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** True when the request came from a plain HTML form (no script), which expects redirects or pages. */
export function isFormPost(ctx: Koa.Context): boolean {
  return ctx.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';
}
