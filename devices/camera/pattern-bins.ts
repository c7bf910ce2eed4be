/**
 * A marker's pattern along one axis, blurred (`marker-pattern.ts` fits it, `cell-levels.ts` reads cells with it): the
 * axis is cut into 12 bins by the edges at −5…5 cells from the centre — cloth | quiet zone | 8 cells | quiet zone |
 * cloth — and a Gaussian blur gives each bin a share at a coordinate, with its derivatives. A blur of a cell or less
 * reaches only the few edges within 6 σ of the coordinate, so only those are computed (the rest are exactly 0 or 1):
 * a third of the pattern fit's time went to the others. Pure.
 */
import { MARKER_CELLS } from "./marker-cells.ts";

/** The cells of a marker: true = black, row 0 at the top (as `MarkerCells` gives). */
export type Cells = readonly boolean[];

/** The bins' edges, cells from the marker's centre (edge i is −5 + i). */
const EDGE_COUNT = 11;
const FIRST_EDGE = -5;
/** Bins along an axis: cloth | quiet | 8 cells | quiet | cloth. */
export const BINS = EDGE_COUNT + 1;
/** How far from the centre pixels are fitted, in cells: out to 0.6 cell past the paper. */
export const REACH = 5.6;
/** Past this many σ the Gaussian's share is taken as exactly 0 or 1. */
const TAIL = 6;

const INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI);

/**
 * The bin weights of one axis at coordinate `u` blurred by `s` (cells): a[i] the share of bin i, du[i] its derivative
 * by u, ds[i] by s — for the bins `lo`…`hi` only (returned as `lo + 16 · hi`); every other bin's share and
 * derivatives are 0 and are not written. Φ by Abramowitz–Stegun 7.1.26 (error < 1.5e-7), its exp shared with the density.
 */
export function binWeights(u: number, s: number, a: Float64Array, du: Float64Array, ds: Float64Array): number {
  const lo = Math.min(EDGE_COUNT, Math.max(0, Math.ceil(u - TAIL * s - FIRST_EDGE)));
  const last = Math.min(EDGE_COUNT - 1, Math.floor(u + TAIL * s - FIRST_EDGE)); // the last edge within reach
  let prevC = 0;
  let prevP = 0;
  let prevT = 0;
  for (let i = lo; i <= last; i++) {
    const t = (FIRST_EDGE + i - u) / s;
    const e = Math.exp(-0.5 * t * t);
    const k = 1 / (1 + (0.3275911 * Math.abs(t)) / Math.SQRT2);
    const y = 1 - ((((1.061405429 * k - 1.453152027) * k + 1.421413741) * k - 0.284496736) * k + 0.254829592) * k * e;
    const c = t >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
    const p = INV_SQRT_2PI * e;
    a[i] = c - prevC;
    du[i] = -(p - prevP) / s;
    ds[i] = -(p * t - prevP * prevT) / s;
    prevC = c;
    prevP = p;
    prevT = t;
  }
  // the bin past the last edge within reach: all the rest of the share
  const hi = Math.max(lo, last + 1);
  a[hi] = 1 - prevC;
  du[hi] = prevP / s;
  ds[hi] = (prevP * prevT) / s;
  return lo + 16 * hi;
}

/** Which of the three levels (0 black, 1 white, 2 cloth) each of the 12×12 bins shows. */
export function binLevels(cells: Cells): Uint8Array {
  const out = new Uint8Array(BINS * BINS);
  for (let r = 0; r < BINS; r++) {
    for (let c = 0; c < BINS; c++) {
      let level = 2;
      if (r >= 1 && r <= 10 && c >= 1 && c <= 10) {
        level = r >= 2 && r <= 9 && c >= 2 && c <= 9 && cells[(r - 2) * MARKER_CELLS + (c - 2)] ? 0 : 1;
      }
      out[r * BINS + c] = level;
    }
  }
  return out;
}

/** A homography from image to marker, h33 = 1: 8 entries. */
export type Params = readonly [number, number, number, number, number, number, number, number];

/** The eight entries of a fit's parameter vector (NaN past its end). */
export function paramsOf(p: Float64Array): Params {
  const e = (i: number) => p[i] ?? Number.NaN;
  return [e(0), e(1), e(2), e(3), e(4), e(5), e(6), e(7)];
}

/** Rows of an n×n matrix kept flat, row-major (the normal equations are summed flat, solved as rows). */
export function rowsOf(flat: Float64Array, n: number): number[][] {
  return Array.from({ length: n }, (_, r) => Array.from(flat.subarray(r * n, r * n + n)));
}

/**
 * How much one pixel of image spans of the marker's u axis at (u, v) (|∇u| over the image, `w` the homography's
 * denominator there): the image's isotropic blur as that axis sees it is σ times this. `blurScaleV` the same for v.
 */
export function blurScaleU(q: Params, u: number, w: number): number {
  const a = (q[0] - q[6] * u) / w;
  const b = (q[1] - q[7] * u) / w;
  return Math.sqrt(a * a + b * b);
}

export function blurScaleV(q: Params, v: number, w: number): number {
  const a = (q[3] - q[6] * v) / w;
  const b = (q[4] - q[7] * v) / w;
  return Math.sqrt(a * a + b * b);
}
