import type { Reading } from "../../../devices/readings.ts";

/** Waits (real time, bounded) until `predicate` holds. */
export async function until(predicate: () => boolean, what: string, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Lets `ms` of real time pass (for "nothing more happens" checks, never for correctness of timing). */
export const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `tag.arrived 04A2…` / `tag.left 04A2…` summaries, for compact assertions. */
export const summary = (readings: readonly Reading[]): string[] =>
  readings.map((r) => (r.type === "tag.arrived" || r.type === "tag.left" ? `${r.type} ${r.uid}` : r.type));
