/**
 * The blurred pattern of a marker as the camera sees it (devices/camera/refine.ts fits it to the pixels): its 8×8
 * cells, its white quiet zone and the cloth beyond, binned along each marker axis and blurred by a Gaussian whose
 * width each axis sees through the homography. For parameters (the homography from image to marker, the blur) it
 * gives each sample's share of the three grey levels (black, white, cloth), the levels that fit best, and the normal
 * equations of a Levenberg–Marquardt step (the bins themselves: `pattern-bins.ts`; each cell's own level, for the
 * second look's read: `cell-levels.ts`). Pure: runs in Node and in the camera page's worker.
 */
import { solveLinear } from "./linear.ts";
import { BINS, binLevels, binWeights, blurScaleU, blurScaleV, type Cells, type Params } from "./pattern-bins.ts";

export { type Cells, REACH } from "./pattern-bins.ts";

/** A pixel to fit, in normalised image coordinates (about the marker's centre, in cells), and its grey value. */
export interface Sample {
  readonly x: number;
  readonly y: number;
  readonly v: number;
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
        const sa = share[j * 3 + a] ?? Number.NaN;
        b[a] = (b[a] ?? Number.NaN) + sa * v;
        for (let c = 0; c < 3; c++) (m[a] as number[])[c] = ((m[a] as number[])[c] as number) + sa * (share[j * 3 + c] ?? Number.NaN);
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
        (lv[0] ?? Number.NaN) * (share[j * 3] ?? Number.NaN) -
        (lv[1] ?? Number.NaN) * (share[j * 3 + 1] ?? Number.NaN) -
        (lv[2] ?? Number.NaN) * (share[j * 3 + 2] ?? Number.NaN);
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
      const gu = l0 * (dU[j * 3] ?? Number.NaN) + l1 * (dU[j * 3 + 1] ?? Number.NaN) + l2 * (dU[j * 3 + 2] ?? Number.NaN);
      const gv = l0 * (dV[j * 3] ?? Number.NaN) + l1 * (dV[j * 3 + 1] ?? Number.NaN) + l2 * (dV[j * 3 + 2] ?? Number.NaN);
      const gsu = l0 * (dSu[j * 3] ?? Number.NaN) + l1 * (dSu[j * 3 + 1] ?? Number.NaN) + l2 * (dSu[j * 3 + 2] ?? Number.NaN);
      const gsv = l0 * (dSv[j * 3] ?? Number.NaN) + l1 * (dSv[j * 3 + 1] ?? Number.NaN) + l2 * (dSv[j * 3 + 2] ?? Number.NaN);
      const o16 = j * 16;
      for (let a = 0; a < 8; a++) row[a] = gu * (uvJ[o16 + a] ?? Number.NaN) + gv * (uvJ[o16 + 8 + a] ?? Number.NaN);
      row[8] = gsu * (sigU[j] ?? Number.NaN) + gsv * (sigV[j] ?? Number.NaN);
      const e =
        (samples[j] as Sample).v -
        l0 * (share[j * 3] ?? Number.NaN) -
        l1 * (share[j * 3 + 1] ?? Number.NaN) -
        l2 * (share[j * 3 + 2] ?? Number.NaN);
      for (let a = 0; a < NP; a++) {
        const ra = row[a] ?? Number.NaN;
        jtr[a] = (jtr[a] ?? Number.NaN) + ra * e;
        const ja = jtj[a] as number[];
        for (let c = a; c < NP; c++) ja[c] = (ja[c] ?? Number.NaN) + ra * (row[c] ?? Number.NaN);
      }
    }
    for (let a = 0; a < NP; a++) for (let c = 0; c < a; c++) (jtj[a] as number[])[c] = (jtj[c] as number[])[a] as number;
    return { jtj, jtr };
  }
}
