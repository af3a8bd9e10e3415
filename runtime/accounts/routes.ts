// The account endpoints under /_post: register, login, logout, profile. JSON in and out; the
// register, login and profile forms also work as plain HTML form posts (303 on success, the page
// re-rendered with the message and the entered fields — never the password — on failure).
import type Router from '@koa/router';
import type Koa from 'koa';
import type { AppDeps } from '../deps.js';
import type { AppState } from '../http/state.js';
import { bodyOf, isFormPost } from '../http/body.js';
import { HttpError } from '../errors.js';
import { renderPage } from '../http/pages.js';
import { existingSessionId } from '../http/session.js';
import { resolveAuth, signInSession } from '../http/visitor.js';
import { deleteCart } from '../cart/store.js';
import { deleteSession } from '../sessions/store.js';
import { authenticate, register, updateProfile, type SignedIn } from './service.js';
import { safeNext } from '../next-url.js';

type Ctx = Koa.ParameterizedContext<AppState>;

const FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  password: 'Password',
  display_name: 'Name',
  phone: 'Phone',
};

/** A sentence per invalid field, for people reading a re-rendered form. */
function formMessage(err: HttpError): string {
  const fields = err.extra.fields;
  if (!fields) return err.message;
  return Object.entries(fields)
    .map(([name, message]) => `${FIELD_LABELS[name] ?? name} ${message}.`)
    .join(' ');
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * For an HTML form post, answers err by re-rendering the form page (422 for invalid input or
 * credentials, the error's own status otherwise); JSON requests get the error thrown as is.
 */
async function failForm(
  ctx: Ctx,
  deps: AppDeps,
  page: string,
  err: unknown,
  values: Record<string, string>,
): Promise<void> {
  if (!(err instanceof HttpError) || !isFormPost(ctx)) throw err;
  if (err.extra.retryAfter !== undefined) ctx.set('Retry-After', String(err.extra.retryAfter));
  const status = err.code === 'invalid_credentials' ? 422 : err.status;
  await renderPage(ctx, deps, page, {
    status,
    private: true,
    extra: { form: { error: formMessage(err), code: err.code, fields: err.extra.fields ?? {}, values } },
  });
}

/** 303 See Other to a local path (the HTML form posts' success answer). */
function seeOther(ctx: Ctx, path: string): void {
  ctx.status = 303;
  ctx.redirect(path);
}

/** The signed-in, active account of this request (re-read from the database), or null. */
async function currentUser(ctx: Ctx, deps: AppDeps) {
  return (await resolveAuth(ctx, deps.db)).user;
}

/** Registers the account routes on the /_post router. */
export function registerAccountRoutes(router: Router<AppState>, deps: AppDeps): void {
  router.post('/auth/register', async (ctx) => {
    const body = bodyOf(ctx);
    let result: { message: string };
    try {
      result = await register(deps.db, ctx.state.site, body, ctx.ip, deps.config.registerLimit);
    } catch (err) {
      return failForm(ctx, deps, 'register', err, {
        email: text(body.email),
        display_name: text(body.display_name),
      });
    }
    if (isFormPost(ctx)) return seeOther(ctx, '/login?registered=1');
    ctx.status = 202;
    ctx.body = result;
  });

  router.post('/auth/login', async (ctx) => {
    const body = bodyOf(ctx);
    const next = safeNext(body.next);
    let signedIn: SignedIn;
    try {
      signedIn = await authenticate(deps.db, ctx.state.site, body, ctx.ip);
    } catch (err) {
      return failForm(ctx, deps, 'login', err, { email: text(body.email), next });
    }
    const csrfToken = await signInSession(ctx, deps, signedIn);
    if (isFormPost(ctx)) return seeOther(ctx, next);
    ctx.body = { ok: true, csrf_token: csrfToken, redirect: next };
  });

  router.post('/auth/logout', async (ctx) => {
    const siteId = ctx.state.site.id;
    const sessionId = existingSessionId(ctx);
    if (sessionId) {
      // The browser continues as a fresh guest: its cart goes with the account session.
      await deleteCart(deps.db, siteId, sessionId);
      await deleteSession(deps.db, sessionId, siteId);
    }
    ctx.session = null;
    const csrfToken = deps.csrf.rotate(ctx);
    if (isFormPost(ctx)) return seeOther(ctx, '/login');
    ctx.body = { ok: true, csrf_token: csrfToken };
  });

  router.post('/profile/update', async (ctx) => {
    const body = bodyOf(ctx);
    const user = await currentUser(ctx, deps);
    if (!user) {
      if (isFormPost(ctx)) return seeOther(ctx, `/login?next=${encodeURIComponent('/profile')}`);
      throw new HttpError('not_authenticated');
    }
    let profile: { display_name: string; phone: string };
    try {
      profile = await updateProfile(deps.db, ctx.state.site.id, user.id, body);
    } catch (err) {
      return failForm(ctx, deps, 'profile', err, {
        display_name: text(body.display_name),
        phone: text(body.phone),
      });
    }
    if (isFormPost(ctx)) return seeOther(ctx, '/profile?saved=1');
    ctx.body = { ok: true, profile };
  });

  // Kept for other consumers (themes render the profile from auth.user).
  router.get('/profile/update', async (ctx) => {
    const user = await currentUser(ctx, deps);
    if (!user) throw new HttpError('not_authenticated');
    ctx.body = { display_name: user.display_name, email: user.email, phone: user.phone };
  });
}
