/**
 * A marker's corners refined against the image itself: the marker's known pattern (its cells, its white quiet zone,
 * the cloth beyond) is fitted to the grey pixels round it by Levenberg–Marquardt over the homography from image to
 * marker and the blur, the three grey levels (black, white, cloth) solved linearly at each step. Every pixel of every
 * cell edge speaks, not only the outline: on markers 25–35 px across (cells of 3–4 px, blurred by σ ≈ 1.5 px) the
 * outline alone leaves the heading a degree off (docs/camera.md).
 *
 * The fit also says how much to trust it: the residual against the marker's contrast (a hand or a hull over part of
 * the marker leaves a large one, and the marker is refused rather than misplaced) and each corner's standard
 * deviation from the fit's covariance. Pure: runs in Node and in the camera page's worker.
 */
import type { GreyImage } from "./detector.ts";
import { applyHomography, fitHomography, type Homography, invertHomography, type Point, solveLinear } from "./homography.ts";
import { MARKER_CELLS } from "./marker-cells.ts";
import type { DetectedMarker } from "./markers.ts";

/** A marker refined: its corners, the residual against its contrast, each corner's σ (px). */
export interface RefinedMarker extends DetectedMarker {
  /** RMS of the fit's residual, as a fraction of the marker's black–white contrast. */
  readonly residual: number;
  /** The largest of the four corners' standard deviations, pixels. */
  readonly cornerSigma: number;
  /** The blur the fit found, pixels (σ). */
  readonly blur: number;
}

/** The cells of a marker: true = black, row 0 at the top (as `MarkerCells` gives). */
export type Cells = readonly boolean[];

const HALF = MARKER_CELLS / 2; // the marker spans −4…4 cells about its centre
const EDGES = [-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5]; // bins: cloth | quiet | 8 cells | quiet | cloth
const BINS = EDGES.length + 1;
const REACH = 5.6; // pixels fitted: out to 0.6 cell past the paper

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

/** Homography (9, h33 = 1) with parameter vector `p` (8). */
const asH = (p: Float64Array): Homography => [p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], 1] as number[];

interface Sample {
  readonly x: number;
  readonly y: number;
  readonly v: number;
}

/** Options: how many iterations, the starting blur (px). */
export interface RefineOptions {
  readonly iterations?: number;
  readonly blur?: number;
}

/**
 * Refines one detected marker in `image`; null when the fit fails (the marker runs off the image, the system is
 * singular). The corners come back in the detector's order and convention (pixel centres at integers).
 */
export function refineMarker(image: GreyImage, marker: DetectedMarker, cells: Cells, o: RefineOptions = {}): RefinedMarker | null {
  const corners = marker.corners;
  const cx = (corners[0].x + corners[1].x + corners[2].x + corners[3].x) / 4;
  const cy = (corners[0].y + corners[1].y + corners[2].y + corners[3].y) / 4;
  let side = 0;
  for (let i = 0; i < 4; i++) {
    const a = corners[i] as Point;
    const b = corners[(i + 1) % 4] as Point;
    side += Math.hypot(b.x - a.x, b.y - a.y);
  }
  side /= 4;
  const k = side / MARKER_CELLS; // pixels per cell, about
  if (!(k > 0.5)) return null;
  // Work in pixels about the centre, in cells: the homography's entries are then all of order one.
  const norm = (p: Point): Point => ({ x: (p.x - cx) / k, y: (p.y - cy) / k });
  const markerCorners: Point[] = [
    { x: -HALF, y: -HALF },
    { x: HALF, y: -HALF },
    { x: HALF, y: HALF },
    { x: -HALF, y: HALF },
  ];
  const h0 = fitHomography(corners.map(norm), markerCorners);
  if (!h0 || Math.abs(h0[8] as number) < 1e-12) return null;
  const p = new Float64Array(8);
  for (let i = 0; i < 8; i++) p[i] = (h0[i] as number) / (h0[8] as number);

  // The pixels to fit: those whose marker coordinates lie within REACH cells.
  const inv = invertHomography(asH(p));
  let x0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const [u, v] of [
    [-REACH, -REACH],
    [REACH, -REACH],
    [REACH, REACH],
    [-REACH, REACH],
  ] as const) {
    const q = applyHomography(inv, { x: u, y: v });
    x0 = Math.min(x0, q.x * k + cx);
    x1 = Math.max(x1, q.x * k + cx);
    y0 = Math.min(y0, q.y * k + cy);
    y1 = Math.max(y1, q.y * k + cy);
  }
  const ix0 = Math.floor(x0);
  const ix1 = Math.ceil(x1);
  const iy0 = Math.floor(y0);
  const iy1 = Math.ceil(y1);
  if (ix0 < 0 || iy0 < 0 || ix1 >= image.width || iy1 >= image.height) return null;
  const samples: Sample[] = [];
  const h = asH(p);
  // Large markers (4K, close to the camera) are sampled on a coarser grid: about 40 samples a side are plenty.
  const stride = Math.max(1, Math.floor(side / 40));
  for (let y = iy0; y <= iy1; y += stride) {
    for (let x = ix0; x <= ix1; x += stride) {
      const q = applyHomography(h, { x: (x - cx) / k, y: (y - cy) / k });
      if (Math.abs(q.x) <= REACH && Math.abs(q.y) <= REACH)
        samples.push({ x: (x - cx) / k, y: (y - cy) / k, v: image.data[y * image.width + x] as number });
    }
  }
  const levelOf = binLevels(cells);
  const n = samples.length;
  const NP = 9; // 8 homography entries + blur
  let blur = (o.blur ?? 1.2) / k; // σ in normalised pixels (cells of the image)
  const au = new Float64Array(BINS);
  const duA = new Float64Array(BINS);
  const dsA = new Float64Array(BINS);
  const bv = new Float64Array(BINS);
  const dvB = new Float64Array(BINS);
  const dsB = new Float64Array(BINS);
  const share = new Float64Array(n * 3);
  const dU = new Float64Array(n * 3);
  const dV = new Float64Array(n * 3);
  const dSu = new Float64Array(n * 3);
  const dSv = new Float64Array(n * 3);
  const uvJ = new Float64Array(n * 16); // du/dp (8), dv/dp (8)
  const sigU = new Float64Array(n);
  const sigV = new Float64Array(n);

  /** Shares of the three levels at every sample for parameters `q`, blur `s`; with `derivs` their derivatives. */
  const evaluate = (params: Float64Array, s: number, derivs: boolean): boolean => {
    const q = params as unknown as readonly [number, number, number, number, number, number, number, number];
    for (let j = 0; j < n; j++) {
      const { x, y } = samples[j] as Sample;
      const w = q[6] * x + q[7] * y + 1;
      if (!(Math.abs(w) > 1e-9)) return false;
      const u = (q[0] * x + q[1] * y + q[2]) / w;
      const v = (q[3] * x + q[4] * y + q[5]) / w;
      // ∇u, ∇v over the image: the image's isotropic blur as each marker axis sees it.
      const gux = (q[0] - q[6] * u) / w;
      const guy = (q[1] - q[7] * u) / w;
      const gvx = (q[3] - q[6] * v) / w;
      const gvy = (q[4] - q[7] * v) / w;
      const su = s * Math.hypot(gux, guy);
      const sv = s * Math.hypot(gvx, gvy);
      sigU[j] = su / s;
      sigV[j] = sv / s;
      binWeights(u, su, au, duA, dsA);
      binWeights(v, sv, bv, dvB, dsB);
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
  };

  /** The three levels best fitting the shares (least squares), and the residual's sum of squares. */
  const levels = (): { lv: [number, number, number]; sse: number } | null => {
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
  };

  if (!evaluate(p, blur, true)) return null;
  let cur = levels();
  if (!cur) return null;
  let lambda = 1e-3;
  let jtj: number[][] = [];
  const iterations = o.iterations ?? 12;
  for (let it = 0; it < iterations; it++) {
    // Normal equations at the current parameters.
    jtj = Array.from({ length: NP }, () => new Array<number>(NP).fill(0));
    const jtr = new Array<number>(NP).fill(0);
    const row = new Float64Array(NP);
    const [l0, l1, l2] = cur.lv;
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
    let improved = false;
    for (let tries = 0; tries < 6 && !improved; tries++) {
      const damped = jtj.map((r, a) => r.map((v, c) => (a === c ? v * (1 + lambda) + 1e-9 : v)));
      const step = solveLinear(damped, [...jtr]);
      if (!step) return null;
      const q = new Float64Array(8);
      for (let a = 0; a < 8; a++) q[a] = (p[a] as number) + (step[a] as number);
      const s = blur + (step[8] as number);
      if (!(s > 0.05) || !evaluate(q, s, false)) {
        lambda *= 10;
        continue;
      }
      const next = levels();
      if (next && next.sse < cur.sse) {
        p.set(q);
        blur = s;
        lambda = Math.max(lambda / 10, 1e-7);
        improved = true;
        const small = step.slice(0, 8).every((d) => Math.abs(d) < 1e-6);
        evaluate(p, blur, true);
        cur = levels() ?? next;
        if (small) it = iterations;
      } else {
        lambda *= 10;
      }
    }
    if (!improved) {
      evaluate(p, blur, true);
      break;
    }
  }
  const [l0, l1] = cur.lv;
  const contrast = Math.abs(l1 - l0);
  if (!(contrast > 1)) return null;
  const dof = Math.max(1, n - NP - 3);
  const variance = cur.sse / dof;
  // Each corner's σ: the parameters' covariance σ²(JᵀJ)⁻¹ carried to the corner by finite differences.
  const invH = invertHomography(asH(p));
  const out = markerCorners.map((m) => {
    const q = applyHomography(invH, m);
    return { x: q.x * k + cx, y: q.y * k + cy };
  }) as unknown as [Point, Point, Point, Point];
  let cornerSigma = 0;
  const cov = invertSymmetric(jtj.slice(0, 8).map((r) => r.slice(0, 8)));
  if (cov) {
    for (const m of markerCorners) {
      const base = applyHomography(invH, m);
      const jx: number[] = [];
      const jy: number[] = [];
      for (let a = 0; a < 8; a++) {
        const d = 1e-6;
        const q = Float64Array.from(p);
        q[a] = (q[a] as number) + d;
        const moved = applyHomography(invertHomography(asH(q)), m);
        jx.push(((moved.x - base.x) / d) * k);
        jy.push(((moved.y - base.y) / d) * k);
      }
      const vx = quadForm(cov, jx) * variance;
      const vy = quadForm(cov, jy) * variance;
      cornerSigma = Math.max(cornerSigma, Math.sqrt(Math.max(0, vx + vy)));
    }
  } else {
    cornerSigma = Number.POSITIVE_INFINITY;
  }
  return { id: marker.id, corners: out, residual: Math.sqrt(variance) / contrast, cornerSigma, blur: blur * k };
}

/** xᵀ M x. */
function quadForm(m: readonly (readonly number[])[], x: readonly number[]): number {
  let s = 0;
  for (let a = 0; a < x.length; a++)
    for (let c = 0; c < x.length; c++) s += (x[a] as number) * ((m[a] as number[])[c] as number) * (x[c] as number);
  return s;
}

/** The inverse of a symmetric positive matrix by solving for each unit vector; null when singular. */
function invertSymmetric(m: readonly (readonly number[])[]): number[][] | null {
  const n = m.length;
  const cols: number[][] = [];
  for (let i = 0; i < n; i++) {
    const e = new Array<number>(n).fill(0);
    e[i] = 1;
    const c = solveLinear(
      m.map((r) => [...r]),
      e,
    );
    if (!c) return null;
    cols.push(c);
  }
  return cols;
}
