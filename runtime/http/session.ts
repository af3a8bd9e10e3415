// Server-side sessions: koa-session with the `sessions` table as its store, so every serve process
// shares them. Lazy: nothing is written until a route puts something into the session.
import type Koa from 'koa';
import session from 'koa-session';
import type { Db } from '../db.js';
import { deleteSession, findSessionData, saveSession } from '../sessions/store.js';
import { toDbTime } from '../time.js';
import { pooledRandomBytes } from '../ids.js';
import type { AppState } from './state.js';

export const SESSION_COOKIE = 'sf_session';
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** What this service keeps in a session. */
export interface SessionData {
  siteId?: string;
  accountId?: string;
  /**
   * The account's session generation when it signed in (a block bumps it, so a session written by
   * a login racing the block never counts). Missing in sessions from before generations: 0.
   */
  generation?: number;
  createdAt?: number;
  /** The number of the order this session placed last: the checkout page's confirmation. */
  placedOrder?: string;
}

/** The koa-session object of a request, as this service uses it. */
export type Session = SessionData & { isNew?: boolean; regenerate(): Promise<void> };

type Ctx = Koa.ParameterizedContext<AppState>;

/** The sessions table (runtime/sessions/store.ts) as a koa-session external store. Rows belong to one site. */
export function databaseSessionStore(db: Db) {
  return {
    async get(
      key: string,
      _maxAge: unknown,
      { ctx }: { ctx: Ctx },
    ): Promise<Record<string, unknown> | undefined> {
      const data = await findSessionData(db, ctx.state.site.id, key);
      if (data === undefined) return undefined;
      ctx.state.sessionId = key;
      return JSON.parse(data) as Record<string, unknown>;
    },
    async set(
      key: string,
      sess: Record<string, unknown> & SessionData,
      maxAge: number,
      { ctx }: { ctx: Ctx },
    ): Promise<void> {
      const ttl = typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS;
      await saveSession(db, {
        id: key,
        siteId: ctx.state.site.id,
        data: JSON.stringify(sess),
        accountId: sess.accountId ?? null,
        expiresAt: toDbTime(new Date(Date.now() + ttl)),
      });
    },
    async destroy(key: string): Promise<void> {
      await deleteSession(db, key);
    },
  };
}

/** The koa-session middleware for this app. */
export function sessionMiddleware(app: Koa<AppState>, db: Db): Koa.Middleware<AppState> {
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      // no `secure`: Secure exactly when the request came over HTTPS (through a trusted proxy too)
      signed: true,
      renew: true,
      store: databaseSessionStore(db) as never,
      // koa-session draws an id for every request without a session cookie, even one that never
      // stores a session: pooled bytes keep that from costing a call into the RNG per page view.
      genid: (ctx: Ctx) => {
        const id = pooledRandomBytes(32).toString('base64url');
        ctx.state.sessionId = id;
        return id;
      },
      // A session of another site is not valid here, whatever the cookie says.
      valid: (ctx: Ctx, data: SessionData) => data.siteId === ctx.state.site.id,
    } as never,
    app as never,
  ) as unknown as Koa.Middleware<AppState>;
}

/** The request's session (koa-session creates an empty one in memory on first access). */
export function sessionOf(ctx: Ctx): Session | null {
  return ctx.session as unknown as Session | null;
}

/** The account and generation a session names, or null for a guest session (or none). */
export function sessionAccount(ctx: Ctx): { accountId: string; generation: number } | null {
  const sess = sessionOf(ctx);
  if (!sess?.accountId) return null;
  return { accountId: sess.accountId, generation: sess.generation ?? 0 };
}

/** The session, created in memory if needed (written at the end of the request); returns its id. */
export function ensureSession(ctx: Ctx): string {
  const sess = sessionOf(ctx)!;
  sess.siteId ??= ctx.state.site.id;
  sess.createdAt ??= Date.now();
  return ctx.state.sessionId!;
}

/** The current session id if the browser has a stored session; never creates one. */
export function existingSessionId(ctx: Ctx): string | null {
  const sess = sessionOf(ctx);
  if (!sess || sess.isNew || !sess.siteId) return null;
  return ctx.state.sessionId ?? null;
}
