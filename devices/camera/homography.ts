/**
 * Plane-to-plane homographies in plain TypeScript (no OpenCV): fitted from point pairs by the normalised direct
 * linear transform, applied to points, and differentiated (the local millimetres per pixel the uncertainty needs).
 * Used in Node and in the browser's worker alike.
 */

/** A point in pixels or millimetres. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A 3×3 matrix, row-major, 9 numbers. */
export type Homography = readonly number[];

/** Applies `h` to `p`. */
export function applyHomography(h: Homography, p: Point): Point {
  const w = (h[6] as number) * p.x + (h[7] as number) * p.y + (h[8] as number);
  return {
    x: ((h[0] as number) * p.x + (h[1] as number) * p.y + (h[2] as number)) / w,
    y: ((h[3] as number) * p.x + (h[4] as number) * p.y + (h[5] as number)) / w,
  };
}

/** The 2×2 Jacobian of `h` at `p`: [dX/dx, dX/dy, dY/dx, dY/dy]. */
export function homographyJacobian(h: Homography, p: Point): [number, number, number, number] {
  const [a, b, c, d, e, f, g, i, j] = h as [number, number, number, number, number, number, number, number, number];
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
function normalise(points: readonly Point[]): { t: number[]; pts: Point[] } {
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

/** Solves the n×n system `a x = b` in place by Gaussian elimination with partial pivoting; null when singular. */
export function solveLinear(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) {
      if (Math.abs((a[r] as number[])[col] as number) > Math.abs((a[pivot] as number[])[col] as number)) pivot = r;
    }
    const pv = (a[pivot] as number[])[col] as number;
    if (Math.abs(pv) < 1e-12) return null;
    [a[col], a[pivot]] = [a[pivot] as number[], a[col] as number[]];
    [b[col], b[pivot]] = [b[pivot] as number, b[col] as number];
    const rowC = a[col] as number[];
    for (let r = col + 1; r < n; r++) {
      const row = a[r] as number[];
      const f = (row[col] as number) / (rowC[col] as number);
      if (f === 0) continue;
      for (let k = col; k < n; k++) row[k] = (row[k] as number) - f * (rowC[k] as number);
      b[r] = (b[r] as number) - f * (b[col] as number);
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    const row = a[r] as number[];
    let s = b[r] as number;
    for (let k = r + 1; k < n; k++) s -= (row[k] as number) * (x[k] as number);
    x[r] = s / (row[r] as number);
  }
  return x;
}

function multiply(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(9).fill(0);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      let s = 0;
      for (let k = 0; k < 3; k++) s += (a[r * 3 + k] as number) * (b[k * 3 + c] as number);
      out[r * 3 + c] = s;
    }
  }
  return out;
}

/** The inverse of a 3×3 matrix (scaled so that the last entry is 1 when it can be). */
export function invertHomography(m: Homography): number[] {
  const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  const inv = [A, -(b * i - c * h), b * f - c * e, B, a * i - c * g, -(a * f - c * d), C, -(a * h - b * g), a * e - b * d].map(
    (v) => v / det,
  );
  const s = Math.abs(inv[8] as number) > 1e-12 ? (inv[8] as number) : 1;
  return inv.map((v) => v / s);
}

/**
 * The homography mapping each `from[k]` to `to[k]` (≥ 4 pairs, least squares beyond 4), by the normalised DLT with
 * h₃₃ = 1. Null when the points are degenerate (three in a line, repeated points).
 */
export function fitHomography(from: readonly Point[], to: readonly Point[]): number[] | null {
  if (from.length < 4 || from.length !== to.length) return null;
  const nf = normalise(from);
  const nt = normalise(to);
  // Normal equations of the 2n×8 system.
  const ata = Array.from({ length: 8 }, () => new Array<number>(8).fill(0));
  const atb = new Array<number>(8).fill(0);
  const addRow = (row: number[], rhs: number) => {
    for (let r = 0; r < 8; r++) {
      const v = row[r] as number;
      if (v === 0) continue;
      const ar = ata[r] as number[];
      for (let c = 0; c < 8; c++) ar[c] = (ar[c] as number) + v * (row[c] as number);
      atb[r] = (atb[r] as number) + v * rhs;
    }
  };
  for (let k = 0; k < from.length; k++) {
    const p = nf.pts[k] as Point;
    const q = nt.pts[k] as Point;
    addRow([p.x, p.y, 1, 0, 0, 0, -p.x * q.x, -p.y * q.x], q.x);
    addRow([0, 0, 0, p.x, p.y, 1, -p.x * q.y, -p.y * q.y], q.y);
  }
  const sol = solveLinear(ata, atb);
  if (!sol || sol.some((v) => !Number.isFinite(v))) return null;
  const hn = [...sol, 1];
  // Denormalise: H = T_to⁻¹ · Hn · T_from.
  const h = multiply(multiply(invertHomography(nt.t), hn), nf.t);
  const s = h[8] as number;
  return h.map((v) => v / s);
}
