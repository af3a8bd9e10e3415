// Small number helpers shared by the bench modules: percentiles of raw samples and rounding.

/** The p-th percentile (0–100) of ascending-sorted samples (nearest rank); NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** Rounds to `digits` decimals (default 1). */
export function round(n: number, digits = 1): number {
  if (!Number.isFinite(n)) return n;
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** Latency summary of raw millisecond samples. */
export interface LatencySummary {
  count: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

/** Summarises millisecond samples (sorted internally). */
export function summarize(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50_ms: round(percentile(sorted, 50), 2),
    p99_ms: round(percentile(sorted, 99), 2),
    max_ms: round(sorted.length ? sorted[sorted.length - 1] : Number.NaN, 2),
  };
}

/** a / b rounded to 2 decimals, or null when either is missing or b is 0. */
export function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a == null || b == null || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return null;
  return round(a / b, 2);
}

/** Resolves after ms milliseconds. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
