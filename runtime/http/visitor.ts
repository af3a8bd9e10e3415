// Who the visitor is: the signed-in account of the session, and the one way a browser is signed in
// (a login, and dev's persona switcher, which must not differ in the security-critical steps).
import type Koa from 'koa';
import type { Db } from '../db.js';
import { GUEST_AUTH, loadActiveAccount, type AuthObject } from '../accounts/auth.js';
import { deleteCart, moveCart } from '../cart/store.js';
import type { Csrf } from './csrf.js';
import { ensureSession, existingSessionId, sessionAccount, sessionOf, SESSION_COOKIE } from './session.js';
import type { AppState } from './state.js';

type Ctx = Koa.ParameterizedContext<AppState>;

/** The current visitor's auth; a database failure propagates (a render error, never a guest page). */
export async function resolveAuth(ctx: Ctx, db: Db): Promise<AuthObject> {
  if (!ctx.cookies.get(SESSION_COOKIE)) return GUEST_AUTH; // no cookie: no session read at all
  const signedIn = sessionAccount(ctx);
  if (!signedIn) return GUEST_AUTH;
  const user = await loadActiveAccount(db, ctx.state.site.id, signedIn.accountId, signedIn.generation);
  if (!user) return GUEST_AUTH;
  return { check: true, method: 'email_password', provider: 'local', user };
}

/**
 * Signs this browser in as `account` (null: a guest): a new session id (the old one is destroyed,
 * so a planted id is worthless), the guest cart moved along (another account's cart is dropped),
 * the CSRF secret replaced. Returns the new CSRF token. The session keeps the generation read with
 * the account: it is written at the end of the request, and if a block came in between, that
 * generation is stale and the session a guest's.
 */
export async function signInSession(
  ctx: Ctx,
  deps: { db: Db; csrf: Csrf },
  account: { accountId: string; generation: number } | null,
): Promise<string> {
  const siteId = ctx.state.site.id;
  const previousId = existingSessionId(ctx);
  const previousAccount = sessionAccount(ctx)?.accountId ?? null;
  ensureSession(ctx);
  const sess = sessionOf(ctx)!;
  sess.siteId = siteId;
  if (account) {
    sess.accountId = account.accountId;
    sess.generation = account.generation;
  } else {
    delete sess.accountId;
    delete sess.generation;
  }
  sess.createdAt = Date.now();
  await sess.regenerate();
  const newId = ctx.state.sessionId!;
  if (previousId && previousId !== newId) {
    if (!previousAccount || previousAccount === account?.accountId)
      await moveCart(deps.db, siteId, previousId, newId);
    else await deleteCart(deps.db, siteId, previousId);
  }
  return deps.csrf.rotate(ctx);
}
