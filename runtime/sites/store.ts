// Websites: each one is a workspace whose accounts, carts, orders and catalog are invisible to others.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db.js';
import { dbNow, isoFromDb } from '../time.js';
import { UserError } from '../user-error.js';
import { canonicalLocale, DEFAULT_SITE_LOCALE } from './locale.js';

/** A website as the runtime uses it. */
export interface Site {
  id: string;
  host: string | null;
  name: string;
  /** BCP 47 tag in canonical form (`en`, `pt-BR`): picks the theme's translations and formats money and dates. */
  locale: string;
  isDefault: boolean;
  currency: string;
  registerPolicy: 'open' | 'closed';
  loginPolicy: 'open' | 'closed';
  shippingFeeMinor: number;
  freeShippingMinMinor: number | null;
  taxRateBp: number;
  createdAt: string;
}

interface SiteRow {
  id: string;
  host: string | null;
  name: string;
  locale: string | null;
  is_default: boolean | number;
  currency: string;
  register_policy: string;
  login_policy: string;
  shipping_fee_minor: number;
  free_shipping_min_minor: number | null;
  tax_rate_bp: number;
  created_at: string;
}

function toSite(row: SiteRow): Site {
  return {
    id: row.id,
    host: row.host,
    name: row.name,
    locale: row.locale || DEFAULT_SITE_LOCALE,
    isDefault: Boolean(row.is_default),
    currency: row.currency,
    registerPolicy: row.register_policy === 'closed' ? 'closed' : 'open',
    loginPolicy: row.login_policy === 'closed' ? 'closed' : 'open',
    shippingFeeMinor: row.shipping_fee_minor,
    freeShippingMinMinor: row.free_shipping_min_minor,
    taxRateBp: row.tax_rate_bp,
    createdAt: isoFromDb(row.created_at),
  };
}

/** Every site, the default one first. */
export async function listSites(db: Db): Promise<Site[]> {
  const rows = (await db('sites')
    .select()
    .orderBy([{ column: 'is_default', order: 'desc' }, 'host'])) as SiteRow[];
  return rows.map(toSite);
}

/** The site that answers a host name (without port), falling back to the default site. */
export async function findSiteForHost(db: Db, host: string): Promise<Site> {
  const rows = (await db('sites')
    .select()
    .where({ host: normalizeHost(host) })
    .orWhere({ is_default: true })
    .orderBy('is_default', 'asc')
    .limit(2)) as SiteRow[];
  if (rows.length === 0) throw new Error('no default site: run `storefront migrate`');
  return toSite(rows[0]);
}

/** Finds a site by host, or the default site when host is undefined; null when no such host. */
export async function findSiteByHostExact(db: Db, host: string | undefined): Promise<Site | null> {
  const row = (await (host === undefined
    ? db('sites').where({ is_default: true }).first()
    : db('sites')
        .where({ host: normalizeHost(host) })
        .first())) as SiteRow | undefined;
  return row ? toSite(row) : null;
}

/** A site by its id, as stored now; null when there is none. */
export async function findSiteById(db: Db, id: string): Promise<Site | null> {
  const row = (await db('sites').where({ id }).first()) as SiteRow | undefined;
  return row ? toSite(row) : null;
}

const HOST_PATTERN =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Lower-cases a host name and strips a trailing dot. */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

/** True for a syntactically valid DNS host name (no port, no scheme). */
export function isValidHost(host: string): boolean {
  return HOST_PATTERN.test(host);
}

/** A host that is malformed or already taken. */
export class SiteInputError extends UserError {
  override name = 'SiteInputError';
}

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed || [...trimmed].length > 160) throw new SiteInputError('site name must be 1–160 characters');
  return trimmed;
}

/** Adds a website answering on host (locale: a BCP 47 tag, `en` when absent). */
export async function addSite(
  db: Db,
  input: { host: string; name?: string; locale?: string },
): Promise<Site> {
  const host = normalizeHost(input.host);
  if (!isValidHost(host))
    throw new SiteInputError(
      `not a valid host name: ${JSON.stringify(input.host)} (use e.g. shop.example.com, no scheme or port)`,
    );
  const name = checkedName(input.name ?? host);
  const locale = input.locale === undefined ? DEFAULT_SITE_LOCALE : canonicalLocale(input.locale);
  if (await db('sites').where({ host }).first())
    throw new SiteInputError(`a site for ${host} exists already`);
  const now = dbNow();
  const id = randomUUID();
  await db('sites').insert({ id, host, name, locale, is_default: false, created_at: now, updated_at: now });
  return (await findSiteByHostExact(db, host))!;
}

/** The fields `storefront sites update` and the fixtures may change. */
export interface SiteChanges {
  name?: string;
  locale?: string;
}

/** Changes a site's name and/or locale (checked like addSite); returns the site, or null for an unknown id. */
export async function updateSite(db: Db, id: string, changes: SiteChanges): Promise<Site | null> {
  const row: Record<string, string> = {};
  if (changes.name !== undefined) row.name = checkedName(changes.name);
  if (changes.locale !== undefined) row.locale = canonicalLocale(changes.locale);
  if (Object.keys(row).length > 0)
    await db('sites')
      .where({ id })
      .update({ ...row, updated_at: dbNow() });
  return findSiteById(db, id);
}
