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
import { mapQuad, type Quad, quadCentre } from "../../src/geometry/quad.ts";
import {
  add,
  bearingOf,
  cross,
  type ImagePoint,
  length,
  type Point,
  scale,
  type TablePoint,
  turnClockwise,
  unitOfBearing,
} from "../../src/geometry/vec.ts";
import { applyHomography, fitHomography, type Homography } from "./homography.ts";
import { noLens, type PlaneFit } from "./lens.ts";
import { zipped } from "./linear.ts";

/** Rounds of fitting from the squares the last map gives. */
const ROUNDS = 4;

/** The plane from three (or more) references' corners and centres on the table; null when degenerate. */
export function planeFromCorners(
  image: readonly Quad<ImagePoint>[],
  table: readonly TablePoint[],
  width: number,
  height: number,
): PlaneFit | null {
  if (image.length < 3 || image.length !== table.length) return null;
  const centres = image.map((q) => quadCentre(q));
  const first = affine(centres, table);
  if (!first) return null;
  let h: Homography = first;
  let rms = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    const squares = zipped(image, table).map(([q, t]) => square(h, q, t));
    const side = squares.reduce((s, q) => s + q.side, 0) / squares.length;
    const from: Point[] = [...centres];
    const to: Point[] = [...table];
    for (const [q, seen] of zipped(squares, image)) {
      from.push(...seen);
      to.push(...q.corners(side));
    }
    const next = fitHomography(from, to);
    if (!next) return null;
    h = next;
    let ss = 0;
    for (const [p, t] of zipped(from, to)) {
      const m = applyHomography(next, p);
      ss += (m.x - t.x) ** 2 + (m.y - t.y) ** 2;
    }
    rms = Math.sqrt(ss / from.length);
  }
  // The corners' misfit carried across the table: the perspective rests on markers `side` across and reaches over
  // `span`. On exact projections with corners 0.05 px astray, ships came out 0.25 mm off (median), 0.9 mm (p95):
  // so a third of that lever, not the corners' own few hundredths of a millimetre, is the plane's RMS.
  const side = zipped(image, table).reduce((s, [q, t]) => s + square(h, q, t).side, 0) / image.length;
  const span = Math.max(...table.flatMap((p) => table.map((q) => Math.hypot(p.x - q.x, p.y - q.y))));
  return { lens: noLens(width, height), homography: h, rms: (rms * span) / side / 3, points: image.length };
}

type Row3 = readonly [number, number, number];
type Matrix3 = readonly [Row3, Row3, Row3];

/** The affine map (as a homography) through three point pairs, or more by least squares; null when degenerate. */
function affine(from: readonly Point[], to: readonly Point[]): Homography | null {
  // a ≈ [x y 1]·X for each output axis: the 3×3 normal equations, their sums written out
  let [sxx, sxy, sx, syy, sy, n] = [0, 0, 0, 0, 0, 0];
  let [xx, yx, tx, xy, yy, ty] = [0, 0, 0, 0, 0, 0];
  for (const [p, t] of zipped(from, to)) {
    [sxx, sxy, sx, syy, sy, n] = [sxx + p.x * p.x, sxy + p.x * p.y, sx + p.x, syy + p.y * p.y, sy + p.y, n + 1];
    [xx, yx, tx] = [xx + p.x * t.x, yx + p.y * t.x, tx + t.x];
    [xy, yy, ty] = [xy + p.x * t.y, yy + p.y * t.y, ty + t.y];
  }
  const m: Matrix3 = [
    [sxx, sxy, sx],
    [sxy, syy, sy],
    [sx, sy, n],
  ];
  const x = solve3(m, [xx, yx, tx]);
  const y = solve3(m, [xy, yy, ty]);
  return x && y ? [x[0], x[1], x[2], y[0], y[1], y[2], 0, 0, 1] : null;
}

/** Cramer's rule for a 3×3 system. */
function solve3(m: Matrix3, b: Row3): Row3 | null {
  const det = ([[m00, m01, m02], [m10, m11, m12], [m20, m21, m22]]: Matrix3) =>
    m00 * (m11 * m22 - m12 * m21) - m01 * (m10 * m22 - m12 * m20) + m02 * (m10 * m21 - m11 * m20);
  const d = det(m);
  if (!(Math.abs(d) > 1e-12)) return null;
  const put = (row: Row3, k: number, v: number): Row3 => [k === 0 ? v : row[0], k === 1 ? v : row[1], k === 2 ? v : row[2]];
  const col = (k: number) => det([put(m[0], k, b[0]), put(m[1], k, b[1]), put(m[2], k, b[2])]);
  return [col(0) / d, col(1) / d, col(2) / d];
}

/**
 * A reference's square on the table as the map `h` sees its corners: its side, and its corners for a given side —
 * about its known centre, turned to the nearest quarter with its sides along the table's axes, wound as seen.
 */
function square(h: Homography, q: Quad<ImagePoint>, centre: TablePoint): { side: number; corners: (side: number) => TablePoint[] } {
  const mm = mapQuad(q, (p) => applyHomography(h, p));
  const c = quadCentre(mm);
  const d = mapQuad(mm, (p) => ({ x: p.x - c.x, y: p.y - c.y }));
  // +1 wound anticlockwise as seen on the table (x east, y north), −1 clockwise
  const wind = cross(d[0], d[1]) >= 0 ? 1 : -1;
  // each corner turned back by its quarter: all four then point the first corner's way
  const firstWay = d.reduce<Point>((sum, v, j) => add(sum, turnClockwise(v, wind * j * 90)), { x: 0, y: 0 });
  // sides along the axes: the corners lie at bearings of 45° + a quarter
  const first = 45 + Math.round((bearingOf(firstWay) - 45) / 90) * 90;
  const side = (d.reduce((s, v) => s + length(v), 0) / 4) * Math.SQRT2;
  return {
    side,
    corners: (s: number) => [0, 1, 2, 3].map((j) => add(centre, scale(unitOfBearing(first - wind * j * 90), s / Math.SQRT2))),
  };
}
