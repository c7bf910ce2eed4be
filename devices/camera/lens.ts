/**
 * Lens distortion, corrected with the usual radial model (Brown's, as OpenCV's calibration uses) about the lens's
 * centre c: seen = c + (p − c)·(1 + k·r² + k2·r⁴), r measured in half-diagonals, inverted by fixed-point iteration.
 * (The one- and two-term division models were tried first: on a strong barrel, k ≈ −0.22, they left up to 2.5 mm
 * at the table's edges however fitted; docs/camera.md.) It is fitted from the reference
 * markers themselves — the four corner markers (ids 0–3) and the four edge markers (ids 4–7, at the middle of each
 * side): with seven or eight known points on the table, the homography, (k, k2) and the centre c are fitted together — a
 * coarse grid over the terms, then Levenberg–Marquardt, each step a linear homography fit (k and k2 about the image's
 * centre with six references, or about the centre an earlier frame found; k alone with five). A real lens's
 * centre is a percent or more off the image's: taken as the image's, 3 % off left ships 3–10 mm out (docs/camera.md).
 * With only the four corners the lens stays uncorrected (a plain homography: exact at the corners, off inside by the
 * lens's bow). Measured against a renderer that uses Brown's model instead: docs/camera.md.
 */
import { mapQuad, type Quad, quadCentre } from "../../src/geometry/quad.ts";
import type { ImagePoint, Point, TablePoint } from "../../src/geometry/vec.ts";
import { applyHomography, fitHomography, type Homography } from "./homography.ts";
import { entry, solveLinear, zipped } from "./linear.ts";

/** A lens correction: Brown's k and k2 about the lens's centre (cx, cy), and the normalising half-diagonal. */
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
export function undistort(lens: Lens, p: ImagePoint): Point {
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

/** The references' misfits (mm, x then y of each) for a lens, the homography fitted for it; null when it cannot. */
function residuals(lens: Lens, image: readonly Quad<ImagePoint>[], table: readonly TablePoint[]): number[] | null {
  const f = fitWith(lens, image, table);
  if (!f) return null;
  return zipped(image, table).flatMap(([q, t]) => {
    const p = applyHomography(f.homography, centreSeen(lens, q));
    return [p.x - t.x, p.y - t.y];
  });
}

/**
 * A reference marker's centre as seen, the lens undone: taken after the lens is undone, since a quadrilateral's
 * diagonals meet at the square's centre only through a projective map, not through the lens.
 */
const centreSeen = (lens: Lens, q: Quad<ImagePoint>): Point => quadCentre(mapQuad(q, (c) => undistort(lens, c)));

/**
 * Levenberg–Marquardt over a few of the lens's terms (numeric derivatives), from a start near the minimum: `res`
 * gives the references' misfits for the terms `x`, null when the homography cannot be fitted.
 */
function refine(x0: readonly number[], res: (x: readonly number[]) => number[] | null, steps: readonly number[]): number[] {
  const ss = (r: number[] | null) => (r ? r.reduce((s, v) => s + v * v, 0) : Number.POSITIVE_INFINITY);
  let x = [...x0];
  let r = res(x);
  let cost = ss(r);
  let lambda = 1e-3;
  const n = x.length;
  for (let it = 0; it < 40 && r; it++) {
    const r0 = r;
    const jac: number[][] = [];
    for (let a = 0; a < n; a++) {
      const d = entry(steps, a);
      const moved = res(x.map((v, b) => (b === a ? v + d : v)));
      if (!moved) return x;
      jac.push(moved.map((v, i) => (v - entry(r0, i)) / d));
    }
    const dotp = (u: number[], w: number[]) => u.reduce((s, v, i) => s + v * entry(w, i), 0);
    const jtj = jac.map((ja) => jac.map((jb) => dotp(ja, jb)));
    const jtr = jac.map((ja) => -dotp(ja, r0));
    const floor = Math.max(...jtj.map((row, a) => entry(row, a)));
    let improved = false;
    for (let tries = 0; tries < 8 && !improved; tries++) {
      // a floor under the diagonal: with no distortion yet (k = 0) the centre moves nothing, and its zero row would
      // leave the system singular before k has moved
      const damped = jtj.map((row, a) => row.map((v, b) => (a === b ? v * (1 + lambda) + 1e-9 * floor : v)));
      const step = solveLinear(damped, [...jtr]);
      if (!step) break;
      const xn = x.map((v, a) => v + entry(step, a));
      const rn = res(xn);
      const cn = ss(rn);
      if (cn < cost) {
        [x, r, cost] = [xn, rn, cn];
        lambda /= 10;
        improved = true;
      } else {
        lambda *= 10;
      }
    }
    if (!improved) break;
  }
  return x;
}

function fitWith(lens: Lens, image: readonly Quad<ImagePoint>[], table: readonly TablePoint[]): PlaneFit | null {
  const und = image.map((q) => centreSeen(lens, q));
  const h = fitHomography(und, table);
  if (!h) return null;
  let ss = 0;
  for (const [p, t] of zipped(und, table)) {
    const q = applyHomography(h, p);
    ss += (q.x - t.x) ** 2 + (q.y - t.y) ** 2;
  }
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
 * The fewest references the lens's centre is fitted from, with its terms and the homography (12 unknowns; each
 * reference gives two equations). With seven — one corner under a hand — and the centre 3 % off, ships came out
 * 0.46 mm off at worst with corners 0.05 px astray; taken as the image's centre, 10.6 mm. With six the centre would
 * fit the references exactly whatever it is, and is kept from the last fit instead (or the image's).
 */
const CENTRE_REFERENCES = 7;

/** How far off (RMS, mm) the references may be left by a lens fitted about the image's centre before the grid is
 * searched about centres off it too: a good fit leaves them a few tenths of a millimetre off. */
const FAR_MM = 0.5;

/** The grid's best lens about each centre (offsets: fractions of the image's width and height off its centre). */
function searchGrid(base: Lens, offsets: readonly (readonly [number, number])[], rms: (lens: Lens) => number): Lens {
  const width = base.cx * 2;
  const height = base.cy * 2;
  let start: Lens = base;
  let least = Number.POSITIVE_INFINITY;
  for (const [ox, oy] of offsets) {
    const centred = { ...base, cx: base.cx + ox * width, cy: base.cy + oy * height };
    for (let i = 0; i <= 24; i++) {
      for (let j = 0; j <= 20; j++) {
        const lens = { ...centred, k: -0.6 + 0.05 * i, k2: -0.5 + 0.05 * j };
        const e = rms(lens);
        if (e < least) [least, start] = [e, lens];
      }
    }
  }
  return start;
}

/** Levenberg–Marquardt from `start` over the lens's two terms, and its centre when `withCentre`. */
function fitLens(start: Lens, image: readonly Quad<ImagePoint>[], table: readonly TablePoint[], withCentre: boolean): Lens {
  const px = start.norm * 1e-4;
  // the terms fitted, in order: k, k2, and the centre's x and y when `withCentre`
  const lensOf = (x: readonly number[]): Lens => ({
    ...start,
    k: entry(x, 0),
    k2: entry(x, 1),
    cx: x[2] ?? start.cx,
    cy: x[3] ?? start.cy,
  });
  const terms = refine(
    withCentre ? [start.k, start.k2, start.cx, start.cy] : [start.k, start.k2],
    (x) => residuals(lensOf(x), image, table),
    [1e-6, 1e-6, px, px],
  );
  return lensOf(terms);
}

/**
 * Fits the homography from reference markers seen (their corners) to their centres on the table, with the lens's k
 * when there are five points or more, k2 too from six (ranges wider than any webcam's barrel or pincushion), and the
 * lens's centre from seven; `start`, a lens fitted to an earlier frame of the same camera, is followed rather than
 * searched for (its centre kept when fewer than seven references are seen).
 */
export function fitPlane(
  image: readonly Quad<ImagePoint>[],
  table: readonly TablePoint[],
  width: number,
  height: number,
  start?: Lens,
): PlaneFit | null {
  const base = noLens(width, height);
  const plain = fitWith(base, image, table);
  if (!plain || image.length <= 4) return plain;
  const rms = (lens: Lens) => fitWith(lens, image, table)?.rms ?? Number.POSITIVE_INFINITY;
  if (image.length === 5) {
    const [k] = goldenMin((x) => rms({ ...base, k: x }), -0.6, 0.6);
    const five = fitWith({ ...base, k }, image, table);
    return five && five.rms < plain.rms ? five : plain;
  }
  // A coarse grid first (the two terms trade off against each other, so the surface has long valleys where a search
  // from afar stops short), then Levenberg–Marquardt from its best cell — with seven references or more, over the lens's
  // centre too. A centre off the image's bends the valleys: searched about the image's centre alone, a barrel of
  // k ≈ −0.25 with its centre 3 % off settled 14 mm wrong; so when the fit about the image's centre leaves the
  // references more than FAR_MM off, the grid is searched again about centres 3 % off it each way. A lens fitted to
  // an earlier frame of the same camera (`start`) is where the search starts instead: the lens is calibrated once and
  // kept while the camera stands, and only followed from frame to frame (a few steps, not the grid).
  const withCentre = image.length >= CENTRE_REFERENCES;
  const offCentre = [-0.03, 0, 0.03].flatMap((x) => [-0.03, 0, 0.03].map((y) => [x, y] as const)).filter(([x, y]) => x || y);
  const starts = [
    ...(start ? [() => start] : []),
    () => searchGrid(base, [[0, 0]], rms),
    ...(withCentre ? [() => searchGrid(base, offCentre, rms)] : []),
  ];
  let lens = base;
  for (const from of starts) {
    const tried = fitLens(from(), image, table, withCentre);
    if (rms(tried) < rms(lens)) lens = tried;
    if (rms(lens) <= FAR_MM) break;
  }
  const best = fitWith(lens, image, table);
  return best && best.rms < plain.rms ? best : plain;
}
