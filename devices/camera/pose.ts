/**
 * A ship's position, heading and uncertainty from its marker's corners, through the plane fit (lens + homography).
 * The marker's corners are mapped to table millimetres; the centre is the intersection of the mapped diagonals;
 * the bow is the direction from the bottom edge to the top edge (the marker's top toward the bow, §7), averaged
 * over the two sides and the normals of the top and bottom edges. Heading is degrees clockwise from +y (§2).
 *
 * A marker whose mapped shape is not the square it was printed as (a corner hidden by a hand and guessed by the
 * detector, a crumpled sticker) is refused rather than placed: never misplaced, at worst missing.
 */
import { mapQuad, quadCentre, quadCorners, quadSide, quadSides } from "../../src/geometry/quad.ts";
import { bearingOf, distance, dot, type Point, radians, sub } from "../../src/geometry/vec.ts";
import { applyHomography, scaleAt } from "./homography.ts";
import type { PlaneFit } from "./lens.ts";
import { undistort } from "./lens.ts";
import type { DetectedMarker } from "./markers.ts";

/** A ship marker placed on the table. */
export interface MarkerPose {
  readonly id: number;
  /** mm, table coordinates (§2). */
  readonly x: number;
  readonly y: number;
  /** Degrees clockwise from +y, in [0, 360). */
  readonly heading: number;
  /** One standard deviation of the position, mm. */
  readonly uncertainty: number;
  /** The marker's mean side in pixels, as seen. */
  readonly sidePx: number;
}

/** Why a marker was not placed. */
export interface PoseRefusal {
  readonly id: number;
  readonly reason: string;
}

/**
 * How far a corner found by the detector strays, in pixels, for a marker `sidePx` across: a floor for sub-pixel
 * refinement, growing as the marker shrinks and its cells blur together (measured on rendered frames,
 * docs/camera.md).
 */
export function cornerSigmaPx(sidePx: number): number {
  return 0.15 + 6 / Math.max(sidePx, 1);
}

/**
 * Places one marker. `sizeMm`, when given, is the printed side: a mapped side off by more than `shapeTolerance`
 * (fraction, default 8 %) or a corner angle off 90° by more than 8° refuses it. `cornerSigma` (px) is the corners'
 * standard deviation when known (a pattern fit's, `refine.ts`).
 */
export function poseOf(
  marker: DetectedMarker,
  fit: PlaneFit,
  sizeMm?: number,
  shapeTolerance = 0.08,
  cornerSigma?: number,
): MarkerPose | PoseRefusal {
  const und = mapQuad(marker.corners, (p) => undistort(fit.lens, p));
  const mm = mapQuad(und, (p) => applyHomography(fit.homography, p));
  if (mm.some((p) => !Number.isFinite(p.x) || !Number.isFinite(p.y))) return { id: marker.id, reason: "off the plane" };
  const [tl, tr, br, bl] = mm;
  const sides = quadSides(mm).map(([p, q]) => distance(p, q));
  const mean = sides.reduce((s, v) => s + v, 0) / 4;
  if (sizeMm !== undefined && sides.some((s) => Math.abs(s - sizeMm) > shapeTolerance * sizeMm)) {
    return { id: marker.id, reason: `not square: sides ${sides.map((s) => s.toFixed(1)).join(", ")} mm` };
  }
  for (const [a, p, b] of quadCorners(mm)) {
    const cos = dot(sub(a, p), sub(b, p)) / (distance(a, p) * distance(b, p));
    if (Math.abs(cos) > Math.sin(radians(8))) return { id: marker.id, reason: "not square: a corner is off" };
  }
  const c = quadCentre(mm);
  // Bow: bottom→top along both sides, plus the top and bottom edges turned a quarter (left→right rotated to point
  // "up" in the marker's frame). In table axes (y north) the marker's left→right turned anticlockwise is its up.
  const unit = (dx: number, dy: number) => {
    const n = Math.hypot(dx, dy) || 1;
    return { x: dx / n, y: dy / n };
  };
  const v = [
    unit(tl.x - bl.x, tl.y - bl.y),
    unit(tr.x - br.x, tr.y - br.y),
    rotateToUp(unit(tr.x - tl.x, tr.y - tl.y), tl, tr, bl),
    rotateToUp(unit(br.x - bl.x, br.y - bl.y), tl, tr, bl),
  ];
  const bow = v.reduce((s, u) => ({ x: s.x + u.x, y: s.y + u.y }), { x: 0, y: 0 });
  const sidePx = quadSide(marker.corners);
  const centrePx = quadCentre(und);
  // the corners' scatter: the pattern fit's own when the corners were refined, else the detector's by size
  const sigmaPx = (cornerSigma ?? cornerSigmaPx(sidePx)) / 2; // the centre averages four corners
  const fromImage = sigmaPx * scaleAt(fit.homography, centrePx);
  const shape = sizeMm !== undefined ? Math.abs(mean - sizeMm) / 2 : 0;
  const uncertainty = Math.sqrt(fromImage ** 2 + fit.rms ** 2 + shape ** 2);
  return { id: marker.id, x: c.x, y: c.y, heading: bearingOf(bow), uncertainty, sidePx };
}

/** The edge direction `u` (left→right of the marker) turned a quarter toward the marker's top. */
function rotateToUp(u: Point, tl: Point, _tr: Point, bl: Point): Point {
  const up = { x: tl.x - bl.x, y: tl.y - bl.y };
  const a = { x: -u.y, y: u.x };
  return a.x * up.x + a.y * up.y >= 0 ? a : { x: -a.x, y: -a.y };
}

/** True when `r` is a placed marker. */
export function isPose(r: MarkerPose | PoseRefusal): r is MarkerPose {
  return "x" in r;
}
