/**
 * From the markers a detector found to what docs/reference/camera.md reports: the plane from the reference markers
 * (`frame-plane.ts`), each ship's position, heading and uncertainty, the corners missing. Pure: the same code runs in
 * the CLI, the bench and the camera page's worker.
 */

import { mapQuad, quadSide } from "../../src/geometry/quad.ts";
import { fitKept, frameNoise, residualLimit } from "./fit-gate.ts";
import { planeOf, within } from "./frame-plane.ts";
import { applyHomography } from "./homography.ts";
import { type PlaneFit, undistort } from "./lens.ts";
import { type Area, CORNER_IDS, type DetectedMarker, FIRST_SHIP_ID, referencePosition } from "./markers.ts";
import type { MeasureOptions, RefinedShip } from "./measure-options.ts";
import { isPose, type MarkerPose, type PoseRefusal, poseOf } from "./pose.ts";
import { isRefined, refineMarker } from "./refine.ts";

export { fitReferences, MIN_REFERENCES, REFERENCES_STILL_PX, STANDING_PX } from "./frame-plane.ts";
export type { MeasureOptions, RefinedShip } from "./measure-options.ts";

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
  /** Each ship marker refined in this frame, with its corners as detected (for the next frame's `previous`). */
  readonly refinedShips: readonly RefinedShip[];
  /** Every ship marker as detected in this frame, fitted or not (for the next frame's `previous`: who is moving). */
  readonly seenShips: readonly DetectedMarker[];
  /**
   * What the frame made do with, in words, when its references fell short: the last good frame's plane, or a plane
   * from three references' corners. Absent when the frame's own references gave the plane.
   */
  readonly note?: string;
}

/** A frame that could not be measured, with what was found. */
export interface MeasureFailure {
  readonly ok: false;
  readonly code: "camera.corners";
  readonly message: string;
  readonly found: readonly number[];
  readonly missing: readonly number[];
}

/**
 * A ship marker whose detected corners moved more than this (pixels, any corner) since the last frame is moving: not
 * fitted nor placed in this frame. A still marker's detected corners stay within half a pixel (a kept fit's test); a
 * ship moved by hand goes several pixels a frame, and settling (1.5 mm over 0.6 s) could not report her in a frame
 * she moved 2 px in anyway (2 px is 2.5–3.3 mm at 1920×1080 over a 6 × 4 ft table, 1.3–1.7 mm at 3840×2160). She is
 * fitted again in the first frame she stands still in (within this of the frame before), and settles from there.
 */
export const MOVING_PX = 2;

/** Measures a frame's markers. */
export function measureMarkers(detected: readonly DetectedMarker[], o: MeasureOptions): Measurement | MeasureFailure {
  const ids = [...new Set(detected.map((m) => m.id))].sort((a, b) => a - b);
  const missing = CORNER_IDS.filter((id) => !ids.includes(id));
  // The references as detected decide whether the camera moved; refined (only when the plane is fitted anew) they fit it.
  const references = detected.filter((m) => referencePosition(m.id, o.area) !== null);
  const plane = planeOf(references, o, ids);
  if ("message" in plane) return { ok: false, code: "camera.corners", message: plane.message, found: ids, missing };
  const { fit } = plane;
  // A ship id seen twice in one frame is ambiguous: neither is placed.
  const detectedShips = detected.filter((m) => m.id >= FIRST_SHIP_ID);
  const moving = o.refine ? movingShips(detectedShips, o.previous) : new Set<DetectedMarker>();
  const refinedShips = o.refine
    ? refineShips(
        detectedShips.filter((m) => !moving.has(m)),
        o.refine,
        o.previous?.refinedShips ?? [],
      )
    : [];
  const ships = o.refine ? refinedShips.map((r) => r.refined) : detectedShips;
  const twice = new Set(detectedShips.filter((m, i) => detectedShips.findIndex((n) => n.id === m.id) !== i).map((m) => m.id));
  const size =
    o.shipSize ??
    medianSide(
      ships.filter((m) => !twice.has(m.id)),
      fit,
    );
  const markers: MarkerPose[] = [];
  const refused: PoseRefusal[] = [
    ...[...twice].map((id) => ({ id, reason: "seen twice" })),
    ...[...moving].filter((m) => !twice.has(m.id)).map((m) => ({ id: m.id, reason: "moving" })),
  ];
  for (const m of ships) {
    if (twice.has(m.id)) continue;
    const fitted = isRefined(m) ? m : undefined;
    if (fitted && o.refine && !fitKept(o.refine.image, fitted)) {
      const limit = residualLimit(fitted.contrast, frameNoise(o.refine.image));
      refused.push({
        id: m.id,
        reason: `pattern fits poorly (residual ${fitted.residual.toFixed(2)}, over ${limit.toFixed(2)}): covered?`,
      });
      continue;
    }
    const r = poseOf(m, fit, size, undefined, fitted?.cornerSigma);
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
    references: plane.references,
    refinedShips,
    seenShips: detectedShips,
    ...(plane.note ? { note: plane.note } : {}),
  };
}

/**
 * The ship markers moving: each whose detected corners moved more than MOVING_PX since the last frame (and whose fit
 * that frame kept is not still hers: a kept fit is within half a pixel, so it never is then). A ship not seen in the
 * last frame is not moving: she came into view, and is fitted.
 */
function movingShips(found: readonly DetectedMarker[], previous: MeasureOptions["previous"]): Set<DetectedMarker> {
  const before = previous?.seenShips;
  if (!before) return new Set();
  return new Set(
    found.filter((m) => {
      const b = before.find((x) => x.id === m.id);
      return b !== undefined && !within(m, b, MOVING_PX);
    }),
  );
}

/**
 * Ship markers refined, each reusing the last frame's fit when its detected corners have not moved (within half a
 * pixel), else fitted again — from where the last frame's fit left her when she is within MOVING_PX of it. A noisy
 * frame's detected corners wander 0.8 px (median; 1.7 px at worst) about a still marker (σ 16, 1080p), so most
 * still ships are fitted again in every frame; started from their last fit, that takes one or two steps, not ten.
 */
function refineShips(
  found: readonly DetectedMarker[],
  r: NonNullable<MeasureOptions["refine"]>,
  before: readonly RefinedShip[],
): RefinedShip[] {
  return found.map((m) => {
    const last = before.find((b) => b.detected.id === m.id);
    if (last && stillAt(m, last.detected)) return last;
    const from = last && within(m, last.detected, MOVING_PX) && isRefined(last.refined) ? last.refined : undefined;
    const start = from ? { id: m.id, corners: from.corners } : m;
    return { detected: m, refined: refineMarker(r.image, start, r.cells(m.id), from ? { blur: from.blur } : {}) ?? m };
  });
}

/** A marker whose every corner is within half a pixel of another's. */
function stillAt(m: DetectedMarker, b: DetectedMarker): boolean {
  return within(m, b, 0.5);
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
  return quadSide(mapQuad(m.corners, (p) => applyHomography(fit.homography, undistort(fit.lens, p))));
}
