import type { Reading } from "../../../devices/readings.ts";

/** `tag.arrived 04A2…` / `tag.left 04A2…` summaries, for compact assertions. */
export const summary = (readings: readonly Reading[]): string[] =>
  readings.map((r) => (r.type === "tag.arrived" || r.type === "tag.left" ? `${r.type} ${r.uid}` : r.type));
