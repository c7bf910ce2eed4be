/**
 * The grey levels of a marker's pattern (devices/camera/marker-pattern.ts): black, white, and past the paper a level
 * for each side and corner; the least squares that finds them from the samples' shares, and the residual the fit is
 * judged on. Pure: runs in Node and in the camera page's worker.
 */
import { solveLinear } from "./linear.ts";
import { rowsOf } from "./pattern-bins.ts";

/**
 * How far from the centre the marker's paper reaches, in cells: its 8 cells and the one-cell quiet zone. What lies
 * past it (the cloth, a ship's base, the side of a block) is fitted, a grey level for each side and each corner of
 * the paper, to place the paper's edge, but the fit is judged on the paper alone (`paperResidual`).
 */
export const PAPER = 5;

/**
 * The grey levels fitted: black, white, and past the paper on each of its four sides (top, bottom, left, right) and
 * about each of its four corners. One grey past the paper pulled a marker's fit where its sides differ — a block's
 * shadowed side and its lit one, a base's rim on one side and cloth on the other — by most of a pixel, and a corner
 * given to either side it touches by half a pixel (test/devices/camera/refine.test.ts).
 */
export const LEVELS = 10;

/** The levels found: black, white, then past the paper (`LEVELS` in all). */
export type Levels = readonly number[];

/**
 * Which level past the paper a sample at (u, v) takes its share of it from (2–9): the side it lies past, or the
 * corner when past two; a sample on the paper from the side nearest it (what its blur spills there). A sample's
 * share past the paper is given whole to that one level: the blurred seam between two sides' levels is not modelled.
 */
export function pastPaperLevel(u: number, v: number): number {
  const au = Math.abs(u);
  const av = Math.abs(v);
  if (au > PAPER && av > PAPER) return 6 + (v > 0 ? 2 : 0) + (u > 0 ? 1 : 0);
  if (av >= au) return v < 0 ? 2 : 3;
  return u < 0 ? 4 : 5;
}

/** What the levels are solved from: each sample's grey and its shares at the model's last evaluation. */
export interface SharesAtSamples {
  readonly n: number;
  /** Black's, white's and past the paper's share, three per sample. */
  readonly share: Float64Array;
  readonly values: Float64Array;
  /** Each sample's level past the paper (2–9) and whether it lies on the paper. */
  readonly pastLevel: Uint8Array;
  readonly onPaper: Uint8Array;
}

/**
 * The levels best fitting the shares (least squares), and the residual's sum of squares. `oneBeyond`: one grey past
 * the paper all round (the others 0), as on a printed sheet or plain cloth.
 */
export function fitLevels(model: SharesAtSamples, oneBeyond = false): { lv: number[]; sse: number } | null {
  const { n, share, values, pastLevel } = model;
  // the normal equations (symmetric) and their right-hand side, summed over the samples: each sample has three
  // shares, black's, white's and one level's past the paper
  const m = new Float64Array(LEVELS * LEVELS);
  const b = new Float64Array(LEVELS);
  for (let j = 0; j < n; j++) {
    const v = values[j] ?? Number.NaN;
    const s0 = share[j * 3] ?? Number.NaN;
    const s1 = share[j * 3 + 1] ?? Number.NaN;
    const s2 = share[j * 3 + 2] ?? Number.NaN;
    const c = oneBeyond ? 2 : (pastLevel[j] ?? 2);
    b[0] = (b[0] ?? Number.NaN) + s0 * v;
    b[1] = (b[1] ?? Number.NaN) + s1 * v;
    b[c] = (b[c] ?? Number.NaN) + s2 * v;
    m[0] = (m[0] ?? Number.NaN) + s0 * s0;
    m[1] = (m[1] ?? Number.NaN) + s0 * s1;
    m[LEVELS + 1] = (m[LEVELS + 1] ?? Number.NaN) + s1 * s1;
    m[c] = (m[c] ?? Number.NaN) + s0 * s2;
    m[LEVELS + c] = (m[LEVELS + c] ?? Number.NaN) + s1 * s2;
    m[c * LEVELS + c] = (m[c * LEVELS + c] ?? Number.NaN) + s2 * s2;
  }
  // a little ridge so a side hardly seen does not make the system singular
  const ridge = 1e-6 * n;
  for (let a = 0; a < LEVELS; a++) {
    m[a * LEVELS + a] = (m[a * LEVELS + a] ?? Number.NaN) + ridge;
    for (let c = 0; c < a; c++) m[a * LEVELS + c] = m[c * LEVELS + a] ?? Number.NaN;
  }
  const lv = solveLinear(rowsOf(m, LEVELS), Array.from(b));
  if (!lv) return null;
  let sse = 0;
  for (let j = 0; j < n; j++) {
    const e = (values[j] ?? Number.NaN) - predicted(model, j, lv, oneBeyond);
    sse += e * e;
  }
  return { lv, sse };
}

/** Sample `j`'s grey for levels `lv` at the last evaluation. */
function predicted(model: SharesAtSamples, j: number, lv: Levels, oneBeyond = false): number {
  const { share } = model;
  return (
    (lv[0] ?? Number.NaN) * (share[j * 3] ?? Number.NaN) +
    (lv[1] ?? Number.NaN) * (share[j * 3 + 1] ?? Number.NaN) +
    (lv[oneBeyond ? 2 : (model.pastLevel[j] ?? 2)] ?? Number.NaN) * (share[j * 3 + 2] ?? Number.NaN)
  );
}

/**
 * The residual's sum of squares over the samples on the marker's paper alone (at the last evaluation, levels `lv`),
 * and how many they are: what the fit is judged on. Past the paper is not the marker — in real photos a block's
 * side, a base's rim or a shadow there left residuals of 40–60 grey levels where the paper's were 15–19
 * (docs/camera.md) — while a hand over a marker covers its paper too.
 */
export function paperResidual(model: SharesAtSamples, lv: Levels): { sse: number; count: number } {
  const { n, values, onPaper } = model;
  let sse = 0;
  let count = 0;
  for (let j = 0; j < n; j++) {
    if (onPaper[j] !== 1) continue;
    const e = (values[j] ?? Number.NaN) - predicted(model, j, lv);
    sse += e * e;
    count++;
  }
  return { sse, count };
}
