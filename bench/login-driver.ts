// An open-loop login generator: `rate` sign-ins per second (scheduled by the clock, not by the
// answers, so slow logins pile up as they would with real visitors), round-robin over accounts,
// each from its own client address (X-Forwarded-For; serve runs with --trust-proxy) so the
// per-address limiter sees distinct clients. One CSRF cookie + token pair is reused: the token is
// an HMAC of the cookie's secret, so it verifies without state, and login's rotation only affects
// the response, which the driver does not keep.
import { performance } from 'node:perf_hooks';
import { TestBrowser } from '../test/helpers/browser.js';
import { summarize, type LatencySummary } from './stats.js';

/** The password of the accounts registerAccounts makes. */
export const BENCH_PASSWORD = 'bench-password-123';

/** Registers `count` accounts (bench-<i>@example.com), each from its own client address; their credentials. */
export async function registerAccounts(
  baseUrl: string,
  count: number,
): Promise<Array<{ email: string; password: string }>> {
  const accounts = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-${i}@example.com`;
    const browser = new TestBrowser(baseUrl, { 'x-forwarded-for': `192.0.2.${i + 1}` });
    const res = await browser.postJson(
      '/_post/auth/register',
      { email, password: BENCH_PASSWORD, display_name: `Bench ${i}` },
      await browser.csrfToken('/register'),
    );
    if (res.status !== 202) throw new Error(`register ${email}: ${res.status} ${res.text.slice(0, 200)}`);
    accounts.push({ email, password: BENCH_PASSWORD });
  }
  return accounts;
}

export interface LoginFigures extends LatencySummary {
  attempted: number;
  succeeded: number;
  rate_limited: number;
  other: Record<string, number>;
  achieved_per_s: number;
}

/** Starts sending logins; stop() waits for those in flight and returns the figures. */
export async function startLogins(
  baseUrl: string,
  accounts: Array<{ email: string; password: string }>,
  rate: number,
): Promise<{ stop(): Promise<LoginFigures> }> {
  const browser = new TestBrowser(baseUrl);
  const token = await browser.csrfToken('/login');
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const samples: number[] = [];
  const statuses = new Map<number | string, number>();
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  const t0 = performance.now();

  const one = (n: number) => {
    const account = accounts[n % accounts.length];
    const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const start = performance.now();
    const p = fetch(`${baseUrl}/_post/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie, 'x-forwarded-for': ip },
      body: JSON.stringify({ email: account.email, password: account.password }),
    })
      .then(async (res) => {
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 200) samples.push(performance.now() - start);
      })
      .catch(() => {
        statuses.set('error', (statuses.get('error') ?? 0) + 1);
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };

  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - t0) / 1000) * rate);
    while (sent < due) one(sent++);
  }, 20);

  return {
    async stop() {
      clearInterval(timer);
      const elapsed = (performance.now() - t0) / 1000;
      await Promise.all([...inFlight]);
      const other: Record<string, number> = {};
      for (const [k, v] of statuses) if (k !== 200 && k !== 429) other[String(k)] = v;
      return {
        ...summarize(samples),
        attempted: sent,
        succeeded: statuses.get(200) ?? 0,
        rate_limited: statuses.get(429) ?? 0,
        other,
        achieved_per_s: Math.round((sent / elapsed) * 10) / 10,
      };
    },
  };
}
