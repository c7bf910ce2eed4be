/**
 * Plane-to-plane homographies in plain TypeScript (no OpenCV): fitted from point pairs by the normalised direct
 * linear transform, applied to points, and differentiated (the local millimetres per pixel the uncertainty needs).
 * Used in Node and in the browser's worker alike. Points are src/geometry's (`Point`: pixels or millimetres, as the
 * map's two sides are).
 */
import type { Point } from "../../src/geometry/vec.ts";
import { solveLinear } from "./linear.ts";

/** A 3×3 matrix, row-major: its nine entries, named by the type so none is ever missing. */
export type Homography = readonly [number, number, number, number, number, number, number, number, number];

/** The homography of the eight parameters `p` with h₃₃ = 1 (a pattern fit's parameter vector). */
export function homographyOf(p: ArrayLike<number>): Homography {
  const e = (i: number) => p[i] ?? Number.NaN;
  return [e(0), e(1), e(2), e(3), e(4), e(5), e(6), e(7), 1];
}

/** Applies `h` to `p`. */
export function applyHomography(h: Homography, p: Point): Point {
  const [a, b, c, d, e, f, g, i, j] = h;
  const w = g * p.x + i * p.y + j;
  return { x: (a * p.x + b * p.y + c) / w, y: (d * p.x + e * p.y + f) / w };
}

/** The 2×2 Jacobian of `h` at `p`: [dX/dx, dX/dy, dY/dx, dY/dy]. */
export function homographyJacobian(h: Homography, p: Point): [number, number, number, number] {
  const [a, b, c, d, e, f, g, i, j] = h;
  const w = g * p.x + i * p.y + j;
  const X = (a * p.x + b * p.y + c) / w;
  const Y = (d * p.x + e * p.y + f) / w;
  return [(a - g * X) / w, (b - i * X) / w, (d - g * Y) / w, (e - i * Y) / w];
}

/** Millimetres per pixel at `p` (the geometric mean of the two axes' scales). */
export function scaleAt(h: Homography, p: Point): number {
  const [a, b, c, d] = homographyJacobian(h, p);
  return Math.sqrt(Math.abs(a * d - b * c));
}

/** Hartley normalisation: centroid to the origin, mean distance √2. Returns the matrix and the mapped points. */
function normalise(points: readonly Point[]): { t: Homography; pts: Point[] } {
  const n = points.length;
  const cx = points.reduce((s, p) => s + p.x, 0) / n;
  const cy = points.reduce((s, p) => s + p.y, 0) / n;
  const mean = points.reduce((s, p) => s + Math.hypot(p.x - cx, p.y - cy), 0) / n || 1;
  const k = Math.SQRT2 / mean;
  return {
    t: [k, 0, -k * cx, 0, k, -k * cy, 0, 0, 1],
    pts: points.map((p) => ({ x: k * (p.x - cx), y: k * (p.y - cy) })),
  };
}

/** The product `a · b` of two 3×3 matrices. */
function multiply(a: Homography, b: Homography): Homography {
  const [a0, a1, a2, a3, a4, a5, a6, a7, a8] = a;
  const [b0, b1, b2, b3, b4, b5, b6, b7, b8] = b;
  return [
    a0 * b0 + a1 * b3 + a2 * b6,
    a0 * b1 + a1 * b4 + a2 * b7,
    a0 * b2 + a1 * b5 + a2 * b8,
    a3 * b0 + a4 * b3 + a5 * b6,
    a3 * b1 + a4 * b4 + a5 * b7,
    a3 * b2 + a4 * b5 + a5 * b8,
    a6 * b0 + a7 * b3 + a8 * b6,
    a6 * b1 + a7 * b4 + a8 * b7,
    a6 * b2 + a7 * b5 + a8 * b8,
  ];
}

/** Every entry of `m` divided by `s`. */
const divided = (m: Homography, s: number): Homography => [
  m[0] / s,
  m[1] / s,
  m[2] / s,
  m[3] / s,
  m[4] / s,
  m[5] / s,
  m[6] / s,
  m[7] / s,
  m[8] / s,
];

/** The inverse of a 3×3 matrix (scaled so that the last entry is 1 when it can be). */
export function invertHomography(m: Homography): Homography {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  const inv = divided([A, -(b * i - c * h), b * f - c * e, B, a * i - c * g, -(a * f - c * d), C, -(a * h - b * g), a * e - b * d], det);
  return divided(inv, Math.abs(inv[8]) > 1e-12 ? inv[8] : 1);
}

/**
 * The homography mapping each `from[k]` to `to[k]` (≥ 4 pairs, least squares beyond 4), by the normalised DLT with
 * h₃₃ = 1. Null when the points are degenerate (three in a line, repeated points).
 */
export function fitHomography(from: readonly Point[], to: readonly Point[]): Homography | null {
  if (from.length < 4 || from.length !== to.length) return null;
  const nf = normalise(from);
  const nt = normalise(to);
  // Normal equations of the 2n×8 system.
  const ata = Array.from({ length: 8 }, () => new Array<number>(8).fill(0));
  const atb = new Array<number>(8).fill(0);
  const addRow = (row: readonly number[], rhs: number) => {
    row.forEach((v, r) => {
      if (v === 0) return;
      const ar = ata[r] ?? [];
      row.forEach((w, c) => {
        ar[c] = (ar[c] ?? 0) + v * w;
      });
      atb[r] = (atb[r] ?? 0) + v * rhs;
    });
  };
  nf.pts.forEach((p, k) => {
    const q = nt.pts[k] ?? { x: Number.NaN, y: Number.NaN };
    addRow([p.x, p.y, 1, 0, 0, 0, -p.x * q.x, -p.y * q.x], q.x);
    addRow([0, 0, 0, p.x, p.y, 1, -p.x * q.y, -p.y * q.y], q.y);
  });
  const sol = solveLinear(ata, atb);
  if (!sol || sol.some((v) => !Number.isFinite(v))) return null;
  // Denormalise: H = T_to⁻¹ · Hn · T_from.
  const h = multiply(multiply(invertHomography(nt.t), homographyOf(sol)), nf.t);
  return divided(h, h[8]);
}
