/**
 * Lens distortion, corrected with the usual radial model (Brown's, as OpenCV's calibration uses) about the image's
 * centre: seen = c + (p − c)·(1 + k·r² + k2·r⁴), r measured in half-diagonals, inverted by fixed-point iteration.
 * (The one- and two-term division models were tried first: on a strong barrel, k ≈ −0.22, they left up to 2.5 mm
 * at the table's edges however fitted; docs/camera.md.) It is fitted from the reference
 * markers themselves — the four corner markers (ids 0–3) and the four edge markers (ids 4–7, at the middle of each
 * side): with eight known points on the table, the homography and (k, k2) are fitted together by a golden-section
 * search over the lens's terms, each step a linear homography fit (k alone with five reference markers). With only
 * the four corners the lens stays uncorrected (a plain homography: exact at the corners, off inside by the lens's
 * bow). Measured against a renderer that uses Brown's model instead: docs/camera.md.
 */
import { applyHomography, fitHomography, type Homography, type Point } from "./homography.ts";
import { quadCentre } from "./markers.ts";

/** A lens correction: the division model's k about the centre, and the normalising half-diagonal. */
export interface Lens {
  readonly k: number;
  readonly k2: number;
  readonly cx: number;
  readonly cy: number;
  /** Half the image's diagonal, in pixels: r = |p − c| / norm. */
  readonly norm: number;
}

/** No correction, for an image of `width`×`height`. */
export function noLens(width: number, height: number): Lens {
  return { k: 0, k2: 0, cx: width / 2, cy: height / 2, norm: Math.hypot(width, height) / 2 };
}

/** The undistorted pixel position of the distorted image point `p`. */
export function undistort(lens: Lens, p: Point): Point {
  if (lens.k === 0 && lens.k2 === 0) return p;
  const dx = (p.x - lens.cx) / lens.norm;
  const dy = (p.y - lens.cy) / lens.norm;
  let x = dx;
  let y = dy;
  for (let i = 0; i < 10; i++) {
    const r2 = x * x + y * y;
    const s = 1 + lens.k * r2 + lens.k2 * r2 * r2;
    x = dx / s;
    y = dy / s;
  }
  return { x: lens.cx + x * lens.norm, y: lens.cy + y * lens.norm };
}

/** A fit of the reference markers: the lens, the homography from undistorted pixels to mm, and its RMS in mm. */
export interface PlaneFit {
  readonly lens: Lens;
  readonly homography: Homography;
  /** Root mean square distance, in mm, between the references' known and fitted positions. */
  readonly rms: number;
  /** How many reference points the fit used. */
  readonly points: number;
}

/** A reference marker's corners as seen: its centre is taken after the lens is undone (a quadrilateral's diagonals
 * meet at the square's centre only through a projective map, not through the lens). */
export type Quad = readonly [Point, Point, Point, Point];

/** The references' misfits (mm, x then y of each) for a lens, the homography fitted for it; null when it cannot. */
function residuals(lens: Lens, image: readonly Quad[], table: readonly Point[]): number[] | null {
  const f = fitWith(lens, image, table);
  if (!f) return null;
  return image.flatMap((q, i) => {
    const p = applyHomography(f.homography, quadCentre(q.map((c) => undistort(lens, c)) as unknown as Quad));
    const t = table[i] as Point;
    return [p.x - t.x, p.y - t.y];
  });
}

/** Levenberg–Marquardt over the lens's two terms (numeric derivatives), from a start near the minimum. */
function refine(k: number, k2: number, res: (k: number, k2: number) => number[] | null): [number, number] {
  const ss = (r: number[] | null) => (r ? r.reduce((s, v) => s + v * v, 0) : Number.POSITIVE_INFINITY);
  let r = res(k, k2);
  let cost = ss(r);
  let lambda = 1e-3;
  const d = 1e-6;
  for (let it = 0; it < 30 && r; it++) {
    const ra = res(k + d, k2);
    const rb = res(k, k2 + d);
    if (!ra || !rb) break;
    const r0 = r;
    const ja = ra.map((v, i) => (v - (r0[i] as number)) / d);
    const jb = rb.map((v, i) => (v - (r0[i] as number)) / d);
    const dotp = (u: number[], w: number[]) => u.reduce((s, v, i) => s + v * (w[i] as number), 0);
    const [aa, ab, bb, ga, gb] = [dotp(ja, ja), dotp(ja, jb), dotp(jb, jb), dotp(ja, r0), dotp(jb, r0)];
    let improved = false;
    for (let tries = 0; tries < 8 && !improved; tries++) {
      const a11 = aa * (1 + lambda);
      const a22 = bb * (1 + lambda);
      const det = a11 * a22 - ab * ab;
      if (Math.abs(det) < 1e-300) break;
      const dk = -(a22 * ga - ab * gb) / det;
      const dk2 = -(a11 * gb - ab * ga) / det;
      const rn = res(k + dk, k2 + dk2);
      const cn = ss(rn);
      if (cn < cost) {
        [k, k2, r, cost] = [k + dk, k2 + dk2, rn, cn];
        lambda /= 10;
        improved = true;
      } else {
        lambda *= 10;
      }
    }
    if (!improved) break;
  }
  return [k, k2];
}

function fitWith(lens: Lens, image: readonly Quad[], table: readonly Point[]): PlaneFit | null {
  const und = image.map((q) => quadCentre(q.map((p) => undistort(lens, p)) as unknown as Quad));
  const h = fitHomography(und, table);
  if (!h) return null;
  let ss = 0;
  und.forEach((p, i) => {
    const q = applyHomography(h, p);
    const t = table[i] as Point;
    ss += (q.x - t.x) ** 2 + (q.y - t.y) ** 2;
  });
  return { lens, homography: h, rms: Math.sqrt(ss / image.length), points: image.length };
}

/** The minimum of `f` over [lo, hi] by golden-section search (`f` unimodal there), and its value. */
export function goldenMin(f: (x: number) => number, lo: number, hi: number, steps = 32): [number, number] {
  const g = (Math.sqrt(5) - 1) / 2;
  let a = hi - g * (hi - lo);
  let b = lo + g * (hi - lo);
  let fa = f(a);
  let fb = f(b);
  for (let i = 0; i < steps; i++) {
    if (fa < fb) {
      hi = b;
      b = a;
      fb = fa;
      a = hi - g * (hi - lo);
      fa = f(a);
    } else {
      lo = a;
      a = b;
      fa = fb;
      b = lo + g * (hi - lo);
      fb = f(b);
    }
  }
  const x = (lo + hi) / 2;
  return [x, f(x)];
}

/**
 * Fits the homography from reference markers seen (their corners) to their centres on the table, with the lens's k when there are five points or more and
 * k2 too from six (ranges wider than any webcam's barrel or pincushion).
 */
export function fitPlane(image: readonly Quad[], table: readonly Point[], width: number, height: number): PlaneFit | null {
  const base = noLens(width, height);
  const plain = fitWith(base, image, table);
  if (!plain || image.length <= 4) return plain;
  const rms = (k: number, k2: number) => fitWith({ ...base, k, k2 }, image, table)?.rms ?? Number.POSITIVE_INFINITY;
  let k = 0;
  let k2 = 0;
  if (image.length === 5) {
    [k] = goldenMin((x) => rms(x, 0), -0.6, 0.6);
  } else {
    // A coarse grid first (the two terms trade off against each other, so the surface has long valleys where a
    // search from afar stops short), then nested searches in the best cell.
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i <= 24; i++) {
      for (let j = 0; j <= 20; j++) {
        const [x, y] = [-0.6 + 0.05 * i, -0.5 + 0.05 * j];
        const e = rms(x, y);
        if (e < best) [best, k, k2] = [e, x, y];
      }
    }
    [k, k2] = refine(k, k2, (a, b) => residuals({ ...base, k: a, k2: b }, image, table));
  }
  const best = fitWith({ ...base, k, k2 }, image, table);
  return best && best.rms < plain.rms ? best : plain;
}
