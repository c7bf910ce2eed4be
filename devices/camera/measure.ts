/**
 * From the markers a detector found to what docs/reference/camera.md reports: the plane fitted from the reference markers, each
 * ship's position, heading and uncertainty, the corners missing. Pure: the same code runs in the CLI, the bench and
 * the camera page's worker.
 */
import { applyHomography, type Point } from "./homography.ts";
import { fitPlane, type PlaneFit, type Quad, undistort } from "./lens.ts";
import { type Area, CORNER_IDS, type DetectedMarker, FIRST_SHIP_ID, quadSide, referencePosition } from "./markers.ts";
import { isPose, type MarkerPose, type PoseRefusal, poseOf } from "./pose.ts";

/** A frame measured: §7's JSON plus what a person setting the camera up wants to see. */
export interface Measurement {
  readonly ok: true;
  readonly area: Area;
  readonly markers: readonly MarkerPose[];
  /** Corner ids (0–3) not found. */
  readonly missing: readonly number[];
  /** Ship markers seen but not placed, and why. */
  readonly refused: readonly PoseRefusal[];
  /** The fit: its RMS in mm, the points used, the lens's k. */
  readonly fit: { readonly rms: number; readonly points: number; readonly k: number; readonly k2: number };
  /** The plane itself and the reference markers it was fitted from (for the next frame's `previous`). */
  readonly plane: PlaneFit;
  readonly references: readonly DetectedMarker[];
}

/** A frame that could not be measured, with what was found. */
export interface MeasureFailure {
  readonly ok: false;
  readonly code: "camera.corners";
  readonly message: string;
  readonly found: readonly number[];
  readonly missing: readonly number[];
}

export interface MeasureOptions {
  readonly area: Area;
  readonly width: number;
  readonly height: number;
  /** The ship markers' printed side, mm; when absent, the median of the ships seen. */
  readonly shipSize?: number;
  /**
   * The plane fitted from an earlier frame, with the reference markers it was fitted from: reused when this frame's
   * references are the same markers within half a pixel (a camera on its stand), so the lens is not searched again.
   */
  readonly previous?: { readonly references: readonly DetectedMarker[]; readonly plane: PlaneFit };
}

/** The plane fit from the reference markers found, or null when fewer than four are. */
export function fitReferences(found: readonly DetectedMarker[], o: MeasureOptions): PlaneFit | null {
  const image: Quad[] = [];
  const table: Point[] = [];
  for (const m of found) {
    const t = referencePosition(m.id, o.area);
    if (!t) continue;
    image.push(m.corners);
    table.push(t);
  }
  return image.length >= 4 ? fitPlane(image, table, o.width, o.height) : null;
}

/** Measures a frame's markers. */
export function measureMarkers(found: readonly DetectedMarker[], o: MeasureOptions): Measurement | MeasureFailure {
  const ids = [...new Set(found.map((m) => m.id))].sort((a, b) => a - b);
  const missing = CORNER_IDS.filter((id) => !ids.includes(id));
  const references = found.filter((m) => referencePosition(m.id, o.area) !== null);
  const fit = o.previous && sameReferences(references, o.previous.references) ? o.previous.plane : fitReferences(found, o);
  if (!fit || fit.rms > 0.02 * Math.max(o.area.width, o.area.height)) {
    return {
      ok: false,
      code: "camera.corners",
      message: fit
        ? `the reference markers do not fit the area ${o.area.width}×${o.area.height} mm (off by ${fit.rms.toFixed(0)} mm): is --area right?`
        : `found ${ids.length ? `markers ${ids.join(", ")}` : "no markers"}; need at least four of the reference markers 0–7 (corners 0–3)`,
      found: ids,
      missing,
    };
  }
  // A ship id seen twice in one frame is ambiguous: neither is placed.
  const ships = found.filter((m) => m.id >= FIRST_SHIP_ID);
  const twice = new Set(ships.filter((m, i) => ships.findIndex((n) => n.id === m.id) !== i).map((m) => m.id));
  const size =
    o.shipSize ??
    medianSide(
      ships.filter((m) => !twice.has(m.id)),
      fit,
    );
  const markers: MarkerPose[] = [];
  const refused: PoseRefusal[] = [...twice].map((id) => ({ id, reason: "seen twice" }));
  for (const m of ships) {
    if (twice.has(m.id)) continue;
    const r = poseOf(m, fit, size);
    if (isPose(r)) markers.push(r);
    else refused.push(r);
  }
  markers.sort((a, b) => a.id - b.id);
  return {
    ok: true,
    area: o.area,
    markers,
    missing,
    refused,
    fit: { rms: fit.rms, points: fit.points, k: fit.lens.k, k2: fit.lens.k2 },
    plane: fit,
    references,
  };
}

/** The same reference markers, each corner within half a pixel of where it was. */
function sameReferences(now: readonly DetectedMarker[], before: readonly DetectedMarker[]): boolean {
  if (now.length !== before.length) return false;
  return now.every((m) => {
    const b = before.find((x) => x.id === m.id);
    return (
      b !== undefined &&
      m.corners.every((c, i) => Math.hypot(c.x - (b.corners[i]?.x ?? Number.NaN), c.y - (b.corners[i]?.y ?? Number.NaN)) <= 0.5)
    );
  });
}

/** The median mapped side of the ship markers, mm (undefined with fewer than three: no shape check then). */
function medianSide(ships: readonly DetectedMarker[], fit: PlaneFit): number | undefined {
  const sides = ships.map((m) => sideMm(m, fit)).filter(Number.isFinite);
  if (sides.length < 3) return undefined;
  sides.sort((a, b) => a - b);
  return sides[Math.floor(sides.length / 2)];
}

/** A marker's mean side on the table, mm. */
function sideMm(m: DetectedMarker, fit: PlaneFit): number {
  const mm = m.corners.map((p) => applyHomography(fit.homography, undistort(fit.lens, p)));
  return quadSide(mm as unknown as [Point, Point, Point, Point]);
}
