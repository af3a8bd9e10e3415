// Server-side sessions: koa-session with the `sessions` table as its store, so every serve process
// shares them. Lazy: nothing is written until a route puts something into the session.
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import type { Db } from '../db.js';
import { writeWithRetry } from '../db-retry.js';
import { dbNow, toDbTime } from '../time.js';
import type { AppState } from './state.js';

export const SESSION_COOKIE = 'sf_session';
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** What this service keeps in a session. */
export interface SessionData {
  siteId?: string;
  accountId?: string;
  createdAt?: number;
}

type Ctx = Koa.ParameterizedContext<AppState>;

/** The sessions table as a koa-session external store. Rows belong to one site. */
export function databaseSessionStore(db: Db) {
  return {
    async get(
      key: string,
      _maxAge: unknown,
      { ctx }: { ctx: Ctx },
    ): Promise<Record<string, unknown> | undefined> {
      const row = (await db('sessions')
        .where({ id: key, site_id: ctx.state.site.id })
        .andWhere('expires_at', '>', dbNow())
        .first('data')) as { data: string } | undefined;
      if (!row) return undefined;
      ctx.state.sessionId = key;
      return JSON.parse(row.data) as Record<string, unknown>;
    },
    async set(
      key: string,
      sess: Record<string, unknown> & SessionData,
      maxAge: number,
      { ctx }: { ctx: Ctx },
    ): Promise<void> {
      const now = dbNow();
      const expires = toDbTime(
        new Date(Date.now() + (typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS)),
      );
      const row = {
        data: JSON.stringify(sess),
        account_id: sess.accountId ?? null,
        expires_at: expires,
        updated_at: now,
      };
      // An upsert of the whole row: replaying it after a write conflict is harmless.
      await writeWithRetry(db, (db) =>
        db('sessions')
          .insert({ id: key, site_id: ctx.state.site.id, created_at: now, ...row })
          .onConflict('id')
          .merge(['data', 'account_id', 'expires_at', 'updated_at']),
      );
    },
    async destroy(key: string): Promise<void> {
      await writeWithRetry(db, (db) => db('sessions').where({ id: key }).delete());
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
      genid: (ctx: Ctx) => {
        const id = randomBytes(32).toString('base64url');
        ctx.state.sessionId = id;
        return id;
      },
      // A session of another site is not valid here, whatever the cookie says.
      valid: (ctx: Ctx, data: SessionData) => data.siteId === ctx.state.site.id,
    } as never,
    app as never,
  ) as unknown as Koa.Middleware<AppState>;
}

/** The session, created in memory if needed (written at the end of the request); returns its id. */
export function ensureSession(ctx: Ctx): string {
  const sess = ctx.session as unknown as SessionData;
  sess.siteId ??= ctx.state.site.id;
  sess.createdAt ??= Date.now();
  return ctx.state.sessionId!;
}

/** The current session id if the browser has a stored session; never creates one. */
export function existingSessionId(ctx: Ctx): string | null {
  const sess = ctx.session as unknown as (SessionData & { isNew?: boolean }) | null;
  if (!sess || sess.isNew || !sess.siteId) return null;
  return ctx.state.sessionId ?? null;
}
