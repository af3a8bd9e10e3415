// Every Prometheus metric the runtime exports, in one list (as ERROR_TABLE lists error codes). Code
// that observes something imports the metric from here; runtime/http/metrics-server.ts serves them.
// Counting is always on (a few increments per request); serving /metrics is opt-in (--metrics).
import client from 'prom-client';
import type { Db } from './db.js';
import { countWriteConflictReplays } from './db-retry.js';

/** The process's registry: everything below, plus Node's process metrics once collected. */
export const registry = new client.Registry();

let collectingProcessMetrics = false;

/**
 * Adds Node's process metrics (CPU, memory, event-loop lag) to the registry. Called where metrics are
 * served, not on import: check-theme and the other commands load this module and need none of it.
 */
export function collectProcessMetrics(): void {
  if (collectingProcessMetrics) return;
  collectingProcessMetrics = true;
  client.collectDefaultMetrics({ register: registry, prefix: 'storefront_' });
}

/** Requests by route pattern (never the raw path: bounded label values), method and status. */
export const httpRequests = new client.Counter({
  name: 'storefront_http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status code.',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
});

/** Time from the first byte of the request to the response, by route pattern. */
export const httpDuration = new client.Histogram({
  name: 'storefront_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern and method.',
  labelNames: ['route', 'method'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** 503 answers by cause: database (unreachable), deadline (a query missed it), conflict, hash_queue, … */
export const unavailableAnswers = new client.Counter({
  name: 'storefront_unavailable_total',
  help: '503 answers, by cause.',
  labelNames: ['cause'] as const,
  registers: [registry],
});

/** Queries (or connection acquisitions) that missed --db-timeout-ms; their connection was destroyed. */
export const queryDeadlinesMissed = new client.Counter({
  name: 'storefront_db_query_deadline_missed_total',
  help: 'Database queries that missed their deadline (the connection was destroyed).',
  registers: [registry],
});

/** Replays of a transaction or statement after a write conflict (deadlock, Galera certification). */
export const writeConflictRetries = new client.Counter({
  name: 'storefront_db_write_conflict_retries_total',
  help: 'Transactions or statements replayed after a write conflict.',
  registers: [registry],
});
countWriteConflictReplays(() => writeConflictRetries.inc());

/** Requests refused by a rate limit, by limit name (login-email, login-ip, register-ip). */
export const rateLimitRefusals = new client.Counter({
  name: 'storefront_rate_limit_refusals_total',
  help: 'Requests refused with 429 by a rate limit, by limit.',
  labelNames: ['limit'] as const,
  registers: [registry],
});

/** Password hashes waiting for a worker thread, and the ones refused because the queue was full. */
export const passwordQueueLength = new client.Gauge({
  name: 'storefront_password_hash_queue_length',
  help: 'bcrypt jobs waiting for a worker thread.',
  registers: [registry],
});

const pools = new Map<string, Db>();

/** Connections of each database pool: in use, free, and requests waiting for one. */
export const dbPool = new client.Gauge({
  name: 'storefront_db_pool_connections',
  help: 'Database pool connections by pool (primary, replica) and state (used, free, waiting).',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [name, db] of pools) {
      const pool = (db.client as { pool?: TarnPool }).pool;
      if (!pool) continue;
      this.set({ pool: name, state: 'used' }, pool.numUsed());
      this.set({ pool: name, state: 'free' }, pool.numFree());
      this.set({ pool: name, state: 'waiting' }, pool.numPendingAcquires());
    }
  },
});

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

/** Reports a knex pool under storefront_db_pool_connections{pool=name}. */
export function watchPool(name: string, db: Db): void {
  pools.set(name, db);
}

/** Stops reporting a pool (its knex instance was destroyed). */
export function unwatchPool(name: string, db: Db): void {
  if (pools.get(name) === db) pools.delete(name);
}
