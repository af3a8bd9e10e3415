// The result rows of a bench run and their markdown table (the one pasted into the README).
import type { Machine } from './machine.js';

/** One line of the results table. Numbers are null where a figure does not apply. */
export interface Row {
  scenario: string;
  engine: string;
  rps: number | null;
  p50_ms: number | null;
  p99_ms: number | null;
  /** Ratio to the reference figure, goal verdicts, counts, RSS; or `skipped: reason`. */
  notes: string;
}

const cell = (v: number | null, digits = 1) => {
  if (v === null || !Number.isFinite(v)) return '-';
  return v >= 100 ? String(Math.round(v)) : v.toFixed(Math.max(digits, 1));
};

const escape = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The rows as a GitHub markdown table with a header line naming date and machine. */
export function markdownTable(rows: readonly Row[], machine: Machine, date: string): string {
  const lines = [
    `Measured ${date} on ${machine.cpu} (${machine.cores} cores), Node ${machine.node}, ${machine.os}.`,
    '',
    '| scenario | engine | req/s | p50 ms | p99 ms | ratio / notes |',
    '|---|---|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${escape(r.scenario)} | ${escape(r.engine)} | ${cell(r.rps, 0)} | ${cell(r.p50_ms, 2)} | ${cell(r.p99_ms, 2)} | ${escape(r.notes)} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** A row that says why a scenario did not run. */
export function skippedRow(scenario: string, engine: string, reason: string): Row {
  return { scenario, engine, rps: null, p50_ms: null, p99_ms: null, notes: `skipped: ${reason}` };
}

/** Formats MB from kB. */
export function mb(kb: number | null): string {
  return kb === null ? '?' : `${Math.round(kb / 1024)} MB`;
}
