import type { Outcome } from '../raptor/query';

/** A deterministic pseudo-random sequence, so every run measures the same queries. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** p50, p95 and p99 of the timings, in milliseconds. */
export function percentiles(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1);
  return `p50 ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms`;
}

export const sameCriteria = (a: Outcome[], b: Outcome[]): boolean => {
  const key = (list: Outcome[]) => list.map((o) => `${o.arrival} ${o.price} ${o.transfers}`).join(',');
  return key(a) === key(b);
};

export const heapMb = (): number => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

/**
 * `npm run bench:full -w packages/planner` (or `--full`, or BENCH_FULL=1) compares every query of each
 * sample with the reference planner; by default a few per class, so the benchmark finishes in minutes.
 */
export const FULL_BENCH = process.argv.includes('--full') || process.env.BENCH_FULL === '1';
/** How many queries go through the reference planner: `full` with `--full`, else `quick`. */
export const referenceSample = (full: number, quick: number): number => (FULL_BENCH ? full : quick);
