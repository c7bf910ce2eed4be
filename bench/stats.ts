/** Small helpers for bench reports: timing a call repeatedly and percentiles. */

/** The `q` quantile (0–1) of a list of numbers. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] as number;
}

/** Runs `fn` `runs` times after `warmup` runs; returns each call's duration in milliseconds. */
export async function timeCalls(fn: () => unknown, runs: number, warmup = Math.min(20, runs)): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

/** `p50 1.23 ms · p99 4.56 ms` */
export function describeTimes(ms: readonly number[]): string {
  return `median ${quantile(ms, 0.5).toFixed(3)} ms · p99 ${quantile(ms, 0.99).toFixed(3)} ms · n=${ms.length}`;
}
