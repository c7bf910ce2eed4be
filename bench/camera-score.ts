/** The accuracy bench's tally over many trials: errors of the fully visible markers, what became of covered ones. */

import type { Trial } from "./camera-trial.ts";
import { quantile } from "./stats.ts";

export interface Tally {
  readonly layouts: number;
  readonly failedFrames: number;
  readonly visible: { readonly count: number; readonly missing: number; readonly misplaced: number };
  readonly partial: { readonly count: number; readonly found: number; readonly missing: number; readonly misplaced: number };
  readonly position: readonly number[];
  readonly heading: readonly number[];
  readonly renderMs: readonly number[];
  readonly detectMs: readonly number[];
}

/** Adds up trials. */
export function tally(trials: readonly Trial[]): Tally {
  const vis = trials.flatMap((t) => t.markers.filter((m) => m.visibility === "visible"));
  const part = trials.flatMap((t) => t.markers.filter((m) => m.visibility === "partial"));
  const placed = vis.filter((m) => m.positionError !== undefined);
  return {
    layouts: trials.length,
    failedFrames: trials.filter((t) => !t.ok).length,
    visible: {
      count: vis.length,
      missing: vis.filter((m) => m.result === "missing").length,
      misplaced: vis.filter((m) => m.result === "misplaced").length,
    },
    partial: {
      count: part.length,
      found: part.filter((m) => m.result === "found").length,
      missing: part.filter((m) => m.result === "missing").length,
      misplaced: part.filter((m) => m.result === "misplaced").length,
    },
    position: placed.map((m) => m.positionError as number),
    heading: placed.map((m) => m.headingError as number),
    renderMs: trials.map((t) => t.renderMs),
    detectMs: trials.map((t) => t.detectMs),
  };
}

const f = (v: number, d = 2) => v.toFixed(d);

/** One Markdown table row: resolution, layouts, errors' median / p99 / worst, counts, detection time. */
export function tallyRow(label: string, t: Tally): string {
  const q = (v: readonly number[], p: number) => quantile(v, p);
  return `| ${label} | ${t.layouts} | ${t.visible.count} | ${f(q(t.position, 0.5))} / ${f(q(t.position, 0.99))} / ${f(
    Math.max(...t.position),
  )} | ${f(q(t.heading, 0.5))} / ${f(q(t.heading, 0.99))} / ${f(Math.max(...t.heading))} | ${t.visible.missing} | ${
    t.visible.misplaced
  } | ${t.partial.count}: ${t.partial.found} found, ${t.partial.missing} missing, ${t.partial.misplaced} misplaced | ${f(
    q(t.detectMs, 0.5),
    0,
  )} ms |`;
}

export const TALLY_HEADER = `| Frame | Layouts | Visible ship markers | Position error mm (median / p99 / worst) | Heading error ° (median / p99 / worst) | Visible missed | Visible misplaced | Partly covered | Detection (median) |
|---|---|---|---|---|---|---|---|---|`;
