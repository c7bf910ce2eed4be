/**
 * Each cell's grey level solved from the pixels, for a marker's pattern already fitted (`refine.ts`): the second
 * look's read of tiny markers (`readFitted` in `marker-code.ts`). Pure: runs in Node and in the camera page's worker.
 */
import { solveLinear } from "./linear.ts";
import { MARKER_CELLS } from "./marker-cells.ts";
import type { Sample } from "./marker-pattern.ts";
import { BINS, binWeights, blurScaleU, blurScaleV, paramsOf, rowsOf } from "./pattern-bins.ts";

const INNER = MARKER_CELLS - 2;
/** The cell read's unknowns: the 36 inner cells row by row, then the border's black, the quiet zone's white, the cloth. */
const BLACK = INNER * INNER;
const UNKNOWNS = BLACK + 3;

/** Which unknown each of the 12 × 12 bins is. */
const BIN_UNKNOWN: Uint8Array = (() => {
  const out = new Uint8Array(BINS * BINS);
  for (let r = 0; r < BINS; r++) {
    for (let c = 0; c < BINS; c++) {
      const inPaper = r >= 1 && r <= 10 && c >= 1 && c <= 10;
      const inMarker = r >= 2 && r <= 9 && c >= 2 && c <= 9;
      const inner = r >= 3 && r <= 8 && c >= 3 && c <= 8;
      out[r * BINS + c] = inner ? (r - 3) * INNER + (c - 3) : inMarker ? BLACK : inPaper ? BLACK + 1 : BLACK + 2;
    }
  }
  return out;
})();

/** Each inner cell's grey level, and the border's, the quiet zone's and the cloth's (`cellLevels`). */
export interface CellLevels {
  /** The 6 × 6 inner cells, row by row. */
  readonly inner: readonly number[];
  readonly black: number;
  readonly white: number;
  readonly cloth: number;
}

/**
 * Each cell's grey level solved from the pixels, for a pattern already fitted (homography `params`, blur `s`, as
 * `evaluate` takes them): the blurred image is a sum of the cells' footprints, each a level times its share at each
 * pixel, so the levels are a linear least-squares problem — 36 inner cells free, the border one black, the quiet zone
 * one white, the cloth one level. A blurred cell of two or three pixels, which no threshold at its centre reads
 * (its neighbours bleed into it), is read so from every pixel it reaches. Null when singular.
 */
export function cellLevels(samples: readonly Sample[], params: Float64Array, s: number): CellLevels | null {
  const q = paramsOf(params);
  const au = new Float64Array(BINS);
  const bv = new Float64Array(BINS);
  const scratch = new Float64Array(BINS);
  const m = new Float64Array(UNKNOWNS * UNKNOWNS);
  const b = new Array<number>(UNKNOWNS).fill(0);
  const weight = new Float64Array(UNKNOWNS);
  const touched: number[] = [];
  for (const { x, y, v: grey } of samples) {
    const w = q[6] * x + q[7] * y + 1;
    if (!(Math.abs(w) > 1e-9)) return null;
    const u = (q[0] * x + q[1] * y + q[2]) / w;
    const v = (q[3] * x + q[4] * y + q[5]) / w;
    const ru = binWeights(u, s * blurScaleU(q, u, w), au, scratch, scratch);
    const rv = binWeights(v, s * blurScaleV(q, v, w), bv, scratch, scratch);
    touched.length = 0;
    for (let r = rv & 15; r <= rv >> 4; r++) {
      const br = bv[r] ?? Number.NaN;
      if (br < 1e-9) continue;
      for (let c = ru & 15; c <= ru >> 4; c++) {
        const wc = (au[c] ?? Number.NaN) * br;
        if (wc < 1e-9) continue;
        const k = BIN_UNKNOWN[r * BINS + c] ?? Number.NaN;
        if (weight[k] === 0) touched.push(k);
        weight[k] = (weight[k] ?? Number.NaN) + wc;
      }
    }
    for (const a of touched) {
      const wa = weight[a] ?? Number.NaN;
      b[a] = (b[a] ?? Number.NaN) + wa * grey;
      for (const c of touched) m[a * UNKNOWNS + c] = (m[a * UNKNOWNS + c] ?? Number.NaN) + wa * (weight[c] ?? Number.NaN);
    }
    for (const a of touched) weight[a] = 0;
  }
  // a little ridge so a level hardly seen (the cloth past a small window) does not make the system singular
  for (let a = 0; a < UNKNOWNS; a++) m[a * UNKNOWNS + a] = (m[a * UNKNOWNS + a] ?? Number.NaN) + 1e-6 * samples.length;
  const lv = solveLinear(rowsOf(m, UNKNOWNS), b);
  if (!lv) return null;
  return {
    inner: lv.slice(0, BLACK),
    black: lv[BLACK] ?? Number.NaN,
    white: lv[BLACK + 1] ?? Number.NaN,
    cloth: lv[BLACK + 2] ?? Number.NaN,
  };
}
