/**
 * A plane from three reference markers (one corner of a table without edge markers hidden, in a still photo with no
 * earlier frame to lean on). Three centres fix only an affine map, not the perspective; the markers' own corners
 * give the rest: each reference is a printed square with its sides along the table's edges (as any table is set up:
 * turned by a multiple of 90°, whichever), all of one size. So the homography is fitted to the three centres and
 * the twelve corners, their places on the table taken from the map so far — each marker's square turned to the
 * nearest table-aligned quarter, one side shared — and fitted again from the new map, a few times over.
 *
 * Less sure than four centres or more: the perspective rests on markers a few centimetres across, and the lens is
 * not corrected (as with four corner markers only). The plane's `rms` says how far the corners are left from their
 * squares, in mm, and the caller says the plane is a reduced one (docs/camera.md).
 */
import { applyHomography, fitHomography, type Homography, type Point } from "./homography.ts";
import { noLens, type PlaneFit, type Quad } from "./lens.ts";
import { quadCentre } from "./markers.ts";

/** Rounds of fitting from the squares the last map gives. */
const ROUNDS = 4;

/** The plane from three (or more) references' corners and centres on the table; null when degenerate. */
export function planeFromCorners(image: readonly Quad[], table: readonly Point[], width: number, height: number): PlaneFit | null {
  if (image.length < 3 || image.length !== table.length) return null;
  const centres = image.map((q) => quadCentre(q));
  let h = affine(centres, table);
  if (!h) return null;
  let rms = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    const squares = image.map((q, i) => square(h as Homography, q, table[i] as Point));
    const side = squares.reduce((s, q) => s + q.side, 0) / squares.length;
    const from: Point[] = [...centres];
    const to: Point[] = [...table];
    squares.forEach((q, i) => {
      from.push(...(image[i] as Quad));
      to.push(...q.corners(side));
    });
    const next = fitHomography(from, to);
    if (!next) return null;
    h = next;
    let ss = 0;
    from.forEach((p, i) => {
      const m = applyHomography(next, p);
      ss += (m.x - (to[i] as Point).x) ** 2 + (m.y - (to[i] as Point).y) ** 2;
    });
    rms = Math.sqrt(ss / from.length);
  }
  // The corners' misfit carried across the table: the perspective rests on markers `side` across and reaches over
  // `span`. On exact projections with corners 0.05 px astray, ships came out 0.25 mm off (median), 0.9 mm (p95):
  // so a third of that lever, not the corners' own few hundredths of a millimetre, is the plane's RMS.
  const side = image.reduce((s, q, i) => s + square(h as Homography, q, table[i] as Point).side, 0) / image.length;
  const span = Math.max(...table.flatMap((p) => table.map((q) => Math.hypot(p.x - q.x, p.y - q.y))));
  return { lens: noLens(width, height), homography: h, rms: (rms * span) / side / 3, points: image.length };
}

/** The affine map (as a homography) through three point pairs, or more by least squares; null when degenerate. */
function affine(from: readonly Point[], to: readonly Point[]): Homography | null {
  // a ≈ [x y 1]·X for each output axis: the 3×3 normal equations
  const m = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const bx = [0, 0, 0];
  const by = [0, 0, 0];
  from.forEach((p, i) => {
    const v = [p.x, p.y, 1];
    for (let a = 0; a < 3; a++) {
      for (let c = 0; c < 3; c++) (m[a] as number[])[c] = ((m[a] as number[])[c] as number) + (v[a] as number) * (v[c] as number);
      bx[a] = (bx[a] as number) + (v[a] as number) * (to[i] as Point).x;
      by[a] = (by[a] as number) + (v[a] as number) * (to[i] as Point).y;
    }
  });
  const solve = (b: number[]) => solve3(m, b);
  const x = solve(bx);
  const y = solve(by);
  return x && y ? [x[0], x[1], x[2], y[0], y[1], y[2], 0, 0, 1] : null;
}

/** Cramer's rule for a 3×3 system. */
function solve3(m: readonly (readonly number[])[], b: readonly number[]): [number, number, number] | null {
  const det = (a: readonly (readonly number[])[]) =>
    (a[0]?.[0] as number) * ((a[1]?.[1] as number) * (a[2]?.[2] as number) - (a[1]?.[2] as number) * (a[2]?.[1] as number)) -
    (a[0]?.[1] as number) * ((a[1]?.[0] as number) * (a[2]?.[2] as number) - (a[1]?.[2] as number) * (a[2]?.[0] as number)) +
    (a[0]?.[2] as number) * ((a[1]?.[0] as number) * (a[2]?.[1] as number) - (a[1]?.[1] as number) * (a[2]?.[0] as number));
  const d = det(m);
  if (!(Math.abs(d) > 1e-12)) return null;
  const col = (k: number) => det(m.map((row, r) => row.map((v, c) => (c === k ? (b[r] as number) : v))));
  return [col(0) / d, col(1) / d, col(2) / d];
}

/**
 * A reference's square on the table as the map `h` sees its corners: its side, and its corners for a given side —
 * about its known centre, turned to the nearest quarter with its sides along the table's axes, wound as seen.
 */
function square(h: Homography, q: Quad, centre: Point): { side: number; corners: (side: number) => Point[] } {
  const mm = q.map((p) => applyHomography(h, p));
  const c = quadCentre(mm as unknown as Quad);
  const d = mm.map((p) => ({ x: p.x - c.x, y: p.y - c.y }));
  const cross = (d[0] as Point).x * (d[1] as Point).y - (d[0] as Point).y * (d[1] as Point).x;
  const wind = cross >= 0 ? 1 : -1;
  // each corner turned back by its quarter: all four then point the first corner's way
  let sx = 0;
  let sy = 0;
  d.forEach((v, j) => {
    const a = -wind * j * (Math.PI / 2);
    sx += v.x * Math.cos(a) - v.y * Math.sin(a);
    sy += v.x * Math.sin(a) + v.y * Math.cos(a);
  });
  const first = Math.atan2(sy, sx);
  // sides along the axes: the corners lie at 45° + a quarter
  const snapped = Math.PI / 4 + Math.round((first - Math.PI / 4) / (Math.PI / 2)) * (Math.PI / 2);
  const side = (d.reduce((s, v) => s + Math.hypot(v.x, v.y), 0) / 4) * Math.SQRT2;
  return {
    side,
    corners: (s: number) =>
      [0, 1, 2, 3].map((j) => {
        const a = snapped + wind * j * (Math.PI / 2);
        return { x: centre.x + (s / Math.SQRT2) * Math.cos(a), y: centre.y + (s / Math.SQRT2) * Math.sin(a) };
      }),
  };
}
