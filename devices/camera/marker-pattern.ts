/**
 * The blurred pattern of a marker as the camera sees it (devices/camera/refine.ts fits it to the pixels): its 8×8
 * cells, its white quiet zone and what lies past its paper, binned along each marker axis and blurred by a Gaussian
 * whose width each axis sees through the homography. For parameters (the homography from image to marker, the blur)
 * it gives each sample's share of black, white and past the paper — the last a grey level of its own for each side
 * and each corner of the paper (`LEVELS` in all) —, the levels that fit best, and the normal equations of a
 * Levenberg–Marquardt step (the bins themselves: `pattern-bins.ts`; each cell's own level, for the
 * second look's read: `cell-levels.ts`). Pure: runs in Node and in the camera page's worker.
 */
import { BINS, binLevels, binWeights, blurScaleU, blurScaleV, type Cells, paramsOf, rowsOf } from "./pattern-bins.ts";
import { fitLevels, type Levels, PAPER, paperResidual, pastPaperLevel } from "./pattern-levels.ts";

export { type Cells, REACH } from "./pattern-bins.ts";
export { LEVELS, type Levels, PAPER } from "./pattern-levels.ts";

/** A pixel to fit, in normalised image coordinates (about the marker's centre, in cells), and its grey value. */
export interface Sample {
  readonly x: number;
  readonly y: number;
  readonly v: number;
}

/** Writes one sample's three levels' figures (black, white, cloth) at `at`. */
function put3(a: Float64Array, at: number, l0: number, l1: number, l2: number): void {
  a[at] = l0;
  a[at + 1] = l1;
  a[at + 2] = l2;
}

/** Parameters fitted: 8 homography entries + the blur. */
export const NP = 9;

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
  /** Each sample's grey value. */
  readonly values: Float64Array;
  /** Each sample's level past the paper (2–9: `pastPaperLevel`) and whether it lies on the paper, at the last evaluation. */
  readonly pastLevel: Uint8Array;
  readonly onPaper: Uint8Array;

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
    this.values = Float64Array.from(samples, (p) => p.v);
    this.pastLevel = new Uint8Array(n);
    this.onPaper = new Uint8Array(n);
  }

  /** Shares of black, white and past the paper at every sample for parameters `q`, blur `s`; with `derivs` their derivatives. */
  evaluate(params: Float64Array, s: number, derivs: boolean): boolean {
    const { samples, n, levelOf, au, duA, dsA, bv, dvB, dsB, share, dU, dV, dSu, dSv, uvJ, sigU, sigV, pastLevel, onPaper } = this;
    const q = paramsOf(params);
    for (let j = 0; j < n; j++) {
      const sample = samples[j];
      if (sample === undefined) return false;
      const { x, y } = sample;
      const w = q[6] * x + q[7] * y + 1;
      if (!(Math.abs(w) > 1e-9)) return false;
      const u = (q[0] * x + q[1] * y + q[2]) / w;
      const v = (q[3] * x + q[4] * y + q[5]) / w;
      pastLevel[j] = pastPaperLevel(u, v);
      onPaper[j] = Math.abs(u) <= PAPER && Math.abs(v) <= PAPER ? 1 : 0;
      const gu = blurScaleU(q, u, w);
      const gv = blurScaleV(q, v, w);
      sigU[j] = gu;
      sigV[j] = gv;
      const ru = binWeights(u, s * gu, au, duA, dsA);
      const rv = binWeights(v, s * gv, bv, dvB, dsB);
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
      const c0 = ru & 15;
      const c1 = ru >> 4;
      for (let r = rv & 15; r <= rv >> 4; r++) {
        const br = bv[r] ?? Number.NaN;
        const dbr = dvB[r] ?? Number.NaN;
        const sbr = dsB[r] ?? Number.NaN;
        for (let c = c0; c <= c1; c++) {
          const ac = au[c] ?? Number.NaN;
          const dac = duA[c] ?? Number.NaN;
          const sac = dsA[c] ?? Number.NaN;
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
      put3(share, j * 3, s0, s1, s2);
      if (!derivs) continue;
      put3(dU, j * 3, u0, u1, u2);
      put3(dV, j * 3, v0, v1, v2);
      put3(dSu, j * 3, su0, su1, su2);
      put3(dSv, j * 3, sv0, sv1, sv2);
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

  /**
   * The levels best fitting the shares (least squares), and the residual's sum of squares. `oneBeyond`: one grey past
   * the paper all round (the others 0), as on a printed sheet or plain cloth.
   */
  levels(oneBeyond = false): { lv: number[]; sse: number } | null {
    return fitLevels(this, oneBeyond);
  }

  /** The residual over the marker's paper alone, what the fit is judged on (`paperResidual` of pattern-levels.ts). */
  paperResidual(lv: Levels): { sse: number; count: number } {
    return paperResidual(this, lv);
  }

  /** The normal equations JᵀJ and Jᵀr (8 homography entries + blur) at the last `evaluate` with derivatives, for levels `lv`. */
  normalEquations(lv: Levels): { jtj: number[][]; jtr: number[] } {
    const { n, share, values, dU, dV, dSu, dSv, uvJ, sigU, sigV, pastLevel } = this;
    const jtj = new Float64Array(NP * NP);
    const jtr = new Array<number>(NP).fill(0);
    const row = new Float64Array(NP);
    const l0 = lv[0] ?? Number.NaN;
    const l1 = lv[1] ?? Number.NaN;
    for (let j = 0; j < n; j++) {
      const l2 = lv[pastLevel[j] ?? 2] ?? Number.NaN;
      const gu = l0 * (dU[j * 3] ?? Number.NaN) + l1 * (dU[j * 3 + 1] ?? Number.NaN) + l2 * (dU[j * 3 + 2] ?? Number.NaN);
      const gv = l0 * (dV[j * 3] ?? Number.NaN) + l1 * (dV[j * 3 + 1] ?? Number.NaN) + l2 * (dV[j * 3 + 2] ?? Number.NaN);
      const gsu = l0 * (dSu[j * 3] ?? Number.NaN) + l1 * (dSu[j * 3 + 1] ?? Number.NaN) + l2 * (dSu[j * 3 + 2] ?? Number.NaN);
      const gsv = l0 * (dSv[j * 3] ?? Number.NaN) + l1 * (dSv[j * 3 + 1] ?? Number.NaN) + l2 * (dSv[j * 3 + 2] ?? Number.NaN);
      const o16 = j * 16;
      for (let a = 0; a < 8; a++) row[a] = gu * (uvJ[o16 + a] ?? Number.NaN) + gv * (uvJ[o16 + 8 + a] ?? Number.NaN);
      row[8] = gsu * (sigU[j] ?? Number.NaN) + gsv * (sigV[j] ?? Number.NaN);
      const e =
        (values[j] ?? Number.NaN) -
        l0 * (share[j * 3] ?? Number.NaN) -
        l1 * (share[j * 3 + 1] ?? Number.NaN) -
        l2 * (share[j * 3 + 2] ?? Number.NaN);
      for (let a = 0; a < NP; a++) {
        const ra = row[a] ?? Number.NaN;
        jtr[a] = (jtr[a] ?? Number.NaN) + ra * e;
        for (let c = a; c < NP; c++) jtj[a * NP + c] = (jtj[a * NP + c] ?? Number.NaN) + ra * (row[c] ?? Number.NaN);
      }
    }
    for (let a = 0; a < NP; a++) for (let c = 0; c < a; c++) jtj[a * NP + c] = jtj[c * NP + a] ?? Number.NaN;
    return { jtj: rowsOf(jtj, NP), jtr };
  }
}
