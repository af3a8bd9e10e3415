// Resolves the website from the Host header (cached briefly: sites change rarely, by CLI).
import type Koa from 'koa';
import type { Db } from '../db.js';
import { findSiteForHost, normalizeHost, type Site } from '../sites/store.js';
import type { AppState } from './state.js';

const TTL_MS = 5000;

/** Middleware setting ctx.state.site; the default site answers hosts no other site claims. */
export function siteResolver(db: Db): Koa.Middleware<AppState> {
  const cache = new Map<string, { site: Site; at: number }>();
  return async (ctx, next) => {
    // `shop.example.` (the fully qualified form) is the same site as `shop.example`
    const host = normalizeHost(ctx.hostname || '');
    const hit = cache.get(host);
    if (hit && Date.now() - hit.at < TTL_MS) {
      ctx.state.site = hit.site;
    } else {
      ctx.state.site = await findSiteForHost(db, host);
      if (cache.size > 1000) cache.clear(); // bounded: Host is client-controlled
      cache.set(host, { site: ctx.state.site, at: Date.now() });
    }
    return next();
  };
}
