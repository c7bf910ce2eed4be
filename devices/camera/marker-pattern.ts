/**
 * The blurred pattern of a marker as the camera sees it (devices/camera/refine.ts fits it to the pixels): its 8×8
 * cells, its white quiet zone and the cloth beyond, binned along each marker axis and blurred by a Gaussian whose
 * width each axis sees through the homography. For parameters (the homography from image to marker, the blur) it
 * gives each sample's share of the three grey levels (black, white, cloth), the levels that fit best, and the normal
 * equations of a Levenberg–Marquardt step; and, the pattern fitted, each cell's own level solved from the pixels
 * (`cellLevels`: the second look's read of tiny markers). Pure: runs in Node and in the camera page's worker.
 */
import { solveLinear } from "./homography.ts";
import { MARKER_CELLS } from "./marker-cells.ts";

/** The cells of a marker: true = black, row 0 at the top (as `MarkerCells` gives). */
export type Cells = readonly boolean[];

/** A pixel to fit, in normalised image coordinates (about the marker's centre, in cells), and its grey value. */
export interface Sample {
  readonly x: number;
  readonly y: number;
  readonly v: number;
}

/** Parameters fitted: 8 homography entries + the blur. */
export const NP = 9;

const EDGES = [-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5]; // bins: cloth | quiet | 8 cells | quiet | cloth
const BINS = EDGES.length + 1;
/** How far from the centre pixels are fitted, in cells: out to 0.6 cell past the paper. */
export const REACH = 5.6;

/** Φ, the standard normal distribution function (Abramowitz–Stegun 7.1.26, error < 1.5e-7). */
function phiCdf(t: number): number {
  if (t > 6) return 1;
  if (t < -6) return 0;
  const x = Math.abs(t) / Math.SQRT2;
  const k = 1 / (1 + 0.3275911 * x);
  const y = 1 - ((((1.061405429 * k - 1.453152027) * k + 1.421413741) * k - 0.284496736) * k + 0.254829592) * k * Math.exp(-x * x);
  return t >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

const INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI);
const phiPdf = (t: number) => (Math.abs(t) > 6 ? 0 : INV_SQRT_2PI * Math.exp(-0.5 * t * t));

/**
 * The bin weights of one axis at coordinate `u` blurred by `s` (cells): a[i] the share of bin i, du[i] its derivative
 * by u, ds[i] by s.
 */
function binWeights(u: number, s: number, a: Float64Array, du: Float64Array, ds: Float64Array): void {
  let prevC = 0;
  let prevP = 0;
  let prevT = 0;
  for (let i = 0; i < BINS; i++) {
    let c = 1;
    let p = 0;
    let t = 0;
    if (i < EDGES.length) {
      t = ((EDGES[i] as number) - u) / s;
      c = phiCdf(t);
      p = phiPdf(t);
    }
    a[i] = c - prevC;
    du[i] = -(p - prevP) / s;
    ds[i] = -(p * t - prevP * prevT) / s;
    prevC = c;
    prevP = p;
    prevT = t;
  }
}

/** Which of the three levels (0 black, 1 white, 2 cloth) each of the 12×12 bins shows. */
function binLevels(cells: Cells): Uint8Array {
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

/**
 * How much one pixel of image spans of each marker axis at (u, v) (|∇u|, |∇v| over the image, `w` the homography's
 * denominator there): the image's isotropic blur as each marker axis sees it is σ times these.
 */
function blurScales(q: Params, u: number, v: number, w: number): [number, number] {
  return [Math.hypot((q[0] - q[6] * u) / w, (q[1] - q[7] * u) / w), Math.hypot((q[3] - q[6] * v) / w, (q[4] - q[7] * v) / w)];
}

type Params = readonly [number, number, number, number, number, number, number, number];

/** The pattern's shares and derivatives at every sample, kept in buffers reused by each evaluation. */
export class PatternModel {
  readonly n: number;
  readonly levelOf: Uint8Array;
  readonly au = new Float64Array(BINS);
  readonly duA = new Float64Array(BINS);
  readonly dsA = new Float64Array(BINS);
  readonly bv = new Float64Array(BINS);
  readonly dvB = new Float64Array(BINS);
  readonly dsB = new Float64Array(BINS);
  readonly share: Float64Array;
  readonly dU: Float64Array;
  readonly dV: Float64Array;
  readonly dSu: Float64Array;
  readonly dSv: Float64Array;
  /** du/dp (8), dv/dp (8) per sample. */
  readonly uvJ: Float64Array;
  readonly sigU: Float64Array;
  readonly sigV: Float64Array;

  constructor(
    readonly samples: readonly Sample[],
    cells: Cells,
  ) {
    const n = samples.length;
    this.n = n;
    this.levelOf = binLevels(cells);
    this.share = new Float64Array(n * 3);
    this.dU = new Float64Array(n * 3);
    this.dV = new Float64Array(n * 3);
    this.dSu = new Float64Array(n * 3);
    this.dSv = new Float64Array(n * 3);
    this.uvJ = new Float64Array(n * 16);
    this.sigU = new Float64Array(n);
    this.sigV = new Float64Array(n);
  }

  /** Shares of the three levels at every sample for parameters `q`, blur `s`; with `derivs` their derivatives. */
  evaluate(params: Float64Array, s: number, derivs: boolean): boolean {
    const { samples, n, levelOf, au, duA, dsA, bv, dvB, dsB, share, dU, dV, dSu, dSv, uvJ, sigU, sigV } = this;
    const q = params as unknown as Params;
    for (let j = 0; j < n; j++) {
      const { x, y } = samples[j] as Sample;
      const w = q[6] * x + q[7] * y + 1;
      if (!(Math.abs(w) > 1e-9)) return false;
      const u = (q[0] * x + q[1] * y + q[2]) / w;
      const v = (q[3] * x + q[4] * y + q[5]) / w;
      const [gu, gv] = blurScales(q, u, v, w);
      sigU[j] = gu;
      sigV[j] = gv;
      binWeights(u, s * gu, au, duA, dsA);
      binWeights(v, s * gv, bv, dvB, dsB);
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let u0 = 0;
      let u1 = 0;
      let u2 = 0;
      let v0 = 0;
      let v1 = 0;
      let v2 = 0;
      let su0 = 0;
      let su1 = 0;
      let su2 = 0;
      let sv0 = 0;
      let sv1 = 0;
      let sv2 = 0;
      for (let r = 0; r < BINS; r++) {
        const br = bv[r] as number;
        const dbr = dvB[r] as number;
        const sbr = dsB[r] as number;
        if (br === 0 && dbr === 0 && sbr === 0) continue;
        for (let c = 0; c < BINS; c++) {
          const ac = au[c] as number;
          const dac = duA[c] as number;
          const sac = dsA[c] as number;
          if (ac === 0 && dac === 0 && sac === 0) continue;
          const L = levelOf[r * BINS + c];
          const wv = ac * br;
          const wu = dac * br;
          const wvv = ac * dbr;
          const wsu = sac * br;
          const wsv = ac * sbr;
          if (L === 0) {
            s0 += wv;
            u0 += wu;
            v0 += wvv;
            su0 += wsu;
            sv0 += wsv;
          } else if (L === 1) {
            s1 += wv;
            u1 += wu;
            v1 += wvv;
            su1 += wsu;
            sv1 += wsv;
          } else {
            s2 += wv;
            u2 += wu;
            v2 += wvv;
            su2 += wsu;
            sv2 += wsv;
          }
        }
      }
      share[j * 3] = s0;
      share[j * 3 + 1] = s1;
      share[j * 3 + 2] = s2;
      if (!derivs) continue;
      dU[j * 3] = u0;
      dU[j * 3 + 1] = u1;
      dU[j * 3 + 2] = u2;
      dV[j * 3] = v0;
      dV[j * 3 + 1] = v1;
      dV[j * 3 + 2] = v2;
      dSu[j * 3] = su0;
      dSu[j * 3 + 1] = su1;
      dSu[j * 3 + 2] = su2;
      dSv[j * 3] = sv0;
      dSv[j * 3 + 1] = sv1;
      dSv[j * 3 + 2] = sv2;
      const o16 = j * 16;
      uvJ[o16] = x / w;
      uvJ[o16 + 1] = y / w;
      uvJ[o16 + 2] = 1 / w;
      uvJ[o16 + 3] = 0;
      uvJ[o16 + 4] = 0;
      uvJ[o16 + 5] = 0;
      uvJ[o16 + 6] = (-x * u) / w;
      uvJ[o16 + 7] = (-y * u) / w;
      uvJ[o16 + 8] = 0;
      uvJ[o16 + 9] = 0;
      uvJ[o16 + 10] = 0;
      uvJ[o16 + 11] = x / w;
      uvJ[o16 + 12] = y / w;
      uvJ[o16 + 13] = 1 / w;
      uvJ[o16 + 14] = (-x * v) / w;
      uvJ[o16 + 15] = (-y * v) / w;
    }
    return true;
  }

  /** The three levels best fitting the shares (least squares), and the residual's sum of squares. */
  levels(): { lv: [number, number, number]; sse: number } | null {
    const { samples, n, share } = this;
    const m = [
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ];
    const b = [0, 0, 0];
    for (let j = 0; j < n; j++) {
      const v = (samples[j] as Sample).v;
      for (let a = 0; a < 3; a++) {
        const sa = share[j * 3 + a] as number;
        b[a] = (b[a] as number) + sa * v;
        for (let c = 0; c < 3; c++) (m[a] as number[])[c] = ((m[a] as number[])[c] as number) + sa * (share[j * 3 + c] as number);
      }
    }
    // a little ridge so a cloth hardly seen does not make the system singular
    for (let a = 0; a < 3; a++) (m[a] as number[])[a] = ((m[a] as number[])[a] as number) + 1e-6 * n;
    const lv = solveLinear(m, b);
    if (!lv) return null;
    let sse = 0;
    for (let j = 0; j < n; j++) {
      const e =
        (samples[j] as Sample).v -
        (lv[0] as number) * (share[j * 3] as number) -
        (lv[1] as number) * (share[j * 3 + 1] as number) -
        (lv[2] as number) * (share[j * 3 + 2] as number);
      sse += e * e;
    }
    return { lv: lv as [number, number, number], sse };
  }

  /** The normal equations JᵀJ and Jᵀr (8 homography entries + blur) at the last `evaluate` with derivatives, for levels `lv`. */
  normalEquations(lv: readonly [number, number, number]): { jtj: number[][]; jtr: number[] } {
    const { samples, n, share, dU, dV, dSu, dSv, uvJ, sigU, sigV } = this;
    const jtj = Array.from({ length: NP }, () => new Array<number>(NP).fill(0));
    const jtr = new Array<number>(NP).fill(0);
    const row = new Float64Array(NP);
    const [l0, l1, l2] = lv;
    for (let j = 0; j < n; j++) {
      const gu = l0 * (dU[j * 3] as number) + l1 * (dU[j * 3 + 1] as number) + l2 * (dU[j * 3 + 2] as number);
      const gv = l0 * (dV[j * 3] as number) + l1 * (dV[j * 3 + 1] as number) + l2 * (dV[j * 3 + 2] as number);
      const gsu = l0 * (dSu[j * 3] as number) + l1 * (dSu[j * 3 + 1] as number) + l2 * (dSu[j * 3 + 2] as number);
      const gsv = l0 * (dSv[j * 3] as number) + l1 * (dSv[j * 3 + 1] as number) + l2 * (dSv[j * 3 + 2] as number);
      const o16 = j * 16;
      for (let a = 0; a < 8; a++) row[a] = gu * (uvJ[o16 + a] as number) + gv * (uvJ[o16 + 8 + a] as number);
      row[8] = gsu * (sigU[j] as number) + gsv * (sigV[j] as number);
      const e =
        (samples[j] as Sample).v - l0 * (share[j * 3] as number) - l1 * (share[j * 3 + 1] as number) - l2 * (share[j * 3 + 2] as number);
      for (let a = 0; a < NP; a++) {
        const ra = row[a] as number;
        jtr[a] = (jtr[a] as number) + ra * e;
        const ja = jtj[a] as number[];
        for (let c = a; c < NP; c++) ja[c] = (ja[c] as number) + ra * (row[c] as number);
      }
    }
    for (let a = 0; a < NP; a++) for (let c = 0; c < a; c++) (jtj[a] as number[])[c] = (jtj[c] as number[])[a] as number;
    return { jtj, jtr };
  }
}

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
  const q = params as unknown as Params;
  const au = new Float64Array(BINS);
  const bv = new Float64Array(BINS);
  const scratch = new Float64Array(BINS);
  const m = Array.from({ length: UNKNOWNS }, () => new Array<number>(UNKNOWNS).fill(0));
  const b = new Array<number>(UNKNOWNS).fill(0);
  const weight = new Float64Array(UNKNOWNS);
  const touched: number[] = [];
  for (const { x, y, v: grey } of samples) {
    const w = q[6] * x + q[7] * y + 1;
    if (!(Math.abs(w) > 1e-9)) return null;
    const u = (q[0] * x + q[1] * y + q[2]) / w;
    const v = (q[3] * x + q[4] * y + q[5]) / w;
    const [gu, gv] = blurScales(q, u, v, w);
    binWeights(u, s * gu, au, scratch, scratch);
    binWeights(v, s * gv, bv, scratch, scratch);
    touched.length = 0;
    for (let r = 0; r < BINS; r++) {
      const br = bv[r] as number;
      if (br < 1e-9) continue;
      for (let c = 0; c < BINS; c++) {
        const wc = (au[c] as number) * br;
        if (wc < 1e-9) continue;
        const k = BIN_UNKNOWN[r * BINS + c] as number;
        if (weight[k] === 0) touched.push(k);
        weight[k] = (weight[k] as number) + wc;
      }
    }
    for (const a of touched) {
      const wa = weight[a] as number;
      b[a] = (b[a] as number) + wa * grey;
      const row = m[a] as number[];
      for (const c of touched) row[c] = (row[c] as number) + wa * (weight[c] as number);
    }
    for (const a of touched) weight[a] = 0;
  }
  // a little ridge so a level hardly seen (the cloth past a small window) does not make the system singular
  for (let a = 0; a < UNKNOWNS; a++) (m[a] as number[])[a] = ((m[a] as number[])[a] as number) + 1e-6 * samples.length;
  const lv = solveLinear(m, b);
  if (!lv) return null;
  return { inner: lv.slice(0, BLACK), black: lv[BLACK] as number, white: lv[BLACK + 1] as number, cloth: lv[BLACK + 2] as number };
}
