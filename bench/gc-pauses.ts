/**
 * Garbage collection pauses during a bench (`perf_hooks`' `gc` entries), and the Done-when line each latency bench
 * prints: the figure against its goal, with the machine's load (`uptime`) beside it, since the machine is shared.
 */
import { loadavg } from "node:os";
import { constants, PerformanceObserver } from "node:perf_hooks";
import { quantile } from "./stats.ts";

interface Pause {
  readonly start: number;
  readonly ms: number;
  readonly major: boolean;
  /** A scavenge of the young generation (what a hot path's allocation brings on). */
  readonly minor: boolean;
}

/** Watches this process's GC pauses from now; `report` sums them, and those inside the timed spans given. */
export function watchGc(): { report(spans: readonly (readonly [number, number])[]): Promise<string> } {
  const pauses: Pause[] = [];
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as { detail?: { kind?: number } }).detail?.kind;
      pauses.push({
        start: e.startTime,
        ms: e.duration,
        major: kind === constants.NODE_PERFORMANCE_GC_MAJOR,
        minor: kind === constants.NODE_PERFORMANCE_GC_MINOR,
      });
    }
  });
  obs.observe({ entryTypes: ["gc"] });
  return {
    async report(spans) {
      await new Promise((r) => setTimeout(r, 50)); // entries are delivered after the fact
      obs.disconnect();
      const inside = (s: readonly [number, number]) => pauses.filter((p) => p.start < s[1] && p.start + p.ms > s[0]);
      const hit = spans.map(inside).filter((ps) => ps.length > 0);
      const total = pauses.reduce((a, p) => a + p.ms, 0);
      const worst = Math.max(0, ...pauses.map((p) => p.ms));
      const clean = spans.filter((s) => inside(s).length === 0).map(([a, b]) => b - a);
      const young = pauses.filter((p) => p.minor);
      const youngInside = hit.filter((ps) => ps.some((p) => p.minor)).length;
      return (
        `GC while measuring: ${pauses.length} pauses (${pauses.filter((p) => p.major).length} major), ${total.toFixed(1)} ms in all, ` +
        `longest ${worst.toFixed(2)} ms, p99 ${quantile(
          pauses.map((p) => p.ms),
          0.99,
        ).toFixed(2)} ms; young generation: ${young.length} scavenges, longest ${Math.max(0, ...young.map((p) => p.ms)).toFixed(2)} ms, ` +
        `median ${quantile(
          young.map((p) => p.ms),
          0.5,
        ).toFixed(2)} ms; ${hit.length} of ${spans.length} timed runs had a pause inside them (${youngInside} a scavenge)` +
        (clean.length > 0 ? ` (the others: p99 ${quantile(clean, 0.99).toFixed(2)} ms).` : ".")
      );
    },
  };
}

/** The machine's load now, as `uptime` gives it. */
export const load = (): string =>
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")}`;

/** One clear line: the Done-when figure, its goal, whether it holds, the cores and the load it was measured under. */
export function doneLine(what: string, figure: number, goal: number, unit: "ms" | "×"): string {
  const f = unit === "ms" ? `${figure.toFixed(2)} ms` : `${figure.toFixed(1)}×`;
  const g = unit === "ms" ? `${goal} ms` : `${goal}×`;
  const cores = process.env.BENCH_ONE_CORE === "1" ? "one core" : "all cores";
  return `**Done when: ${what} ≤ ${g} — ${f}, ${figure <= goal ? "holds" : "does not hold"}** (${cores}, ${load()}).`;
}
