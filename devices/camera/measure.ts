/**
 * From the markers a detector found to what docs/reference/camera.md reports: the plane fitted from the reference markers, each
 * ship's position, heading and uncertainty, the corners missing. Pure: the same code runs in the CLI, the bench and
 * the camera page's worker.
 */
import type { GreyImage } from "./detector.ts";
import { fitKept, frameNoise, residualLimit } from "./fit-gate.ts";
import { applyHomography, type Point } from "./homography.ts";
import { fitPlane, type Lens, type PlaneFit, type Quad, undistort } from "./lens.ts";
import type { MarkerCells } from "./marker-cells.ts";
import { type Area, CORNER_IDS, type DetectedMarker, EDGE_IDS, FIRST_SHIP_ID, quadSide, referencePosition } from "./markers.ts";
import { isPose, type MarkerPose, type PoseRefusal, poseOf } from "./pose.ts";
import { type RefinedMarker, refineMarker } from "./refine.ts";
import { planeFromCorners } from "./three-references.ts";

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

/** A ship marker's refinement, kept with the detector's corners it started from. */
export interface RefinedShip {
  readonly detected: DetectedMarker;
  readonly refined: DetectedMarker;
}

/**
 * How far (px, any corner) the references' detected corners may wander from where they were when the plane was
 * fitted before it is fitted again: a noisy frame's (σ 16, 1080p) wander 0.8 px (median) about a still marker, which
 * at half a pixel refitted the plane — eight pattern fits — in nearly every frame. A camera knocked moves them more.
 */
export const REFERENCES_STILL_PX = 1;

/** How far (px) a reference may have moved since the last good frame for that frame's plane still to serve. */
export const STANDING_PX = 2;

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
   * references are the same markers within REFERENCES_STILL_PX (a camera on its stand), so the lens is not searched again.
   */
  readonly previous?: {
    readonly references: readonly DetectedMarker[];
    readonly plane: PlaneFit;
    /**
     * The ship markers refined in that frame: a ship whose detected corners are each within half a pixel of where
     * they were keeps its refinement, so a still table costs no fits — the pattern fit is most of a frame's time
     * (bench/camera-page.bench.ts), and only ships that moved are fitted again.
     */
    readonly refinedShips?: readonly RefinedShip[];
    /**
     * The ship markers as that frame detected them: a ship whose detected corners moved more than MOVING_PX since is
     * moving, and is neither fitted nor placed in this frame (settling reports a ship only once she stands still, so a
     * moving ship's position is never sent; fitting her in every frame she moves was most of a moving table's time).
     */
    readonly seenShips?: readonly DetectedMarker[];
  };
  /**
   * The frame itself and the markers' cells: each marker's corners are then refined by fitting its pattern to the
   * pixels (`refine.ts`), and a ship whose fit is poor (covered, smudged) is refused. Without it, the detector's
   * corners are used as they are.
   */
  readonly refine?: { readonly image: GreyImage; readonly cells: MarkerCells };
}

/**
 * The fewest reference markers a frame's plane is trusted from, on a table with edge markers (any of 4–7 seen):
 * with fewer the lens's two terms are fitted from too few points and ships inside the area come out past the
 * tolerance (measured: docs/performance.md), so the frame is refused rather than its ships misplaced. A table with
 * the four corner markers only (no edge marker seen) is measured with a plain homography, as before.
 */
export const MIN_REFERENCES = 6;

/**
 * A ship marker whose detected corners moved more than this (pixels, any corner) since the last frame is moving: not
 * fitted nor placed in this frame. A still marker's detected corners stay within half a pixel (a kept fit's test); a
 * ship moved by hand goes several pixels a frame, and settling (1.5 mm over 0.6 s) could not report her in a frame
 * she moved 2 px in anyway (2 px is 2.5–3.3 mm at 1920×1080 over a 6 × 4 ft table, 1.3–1.7 mm at 3840×2160). She is
 * fitted again in the first frame she stands still in (within this of the frame before), and settles from there.
 */
export const MOVING_PX = 2;

/**
 * The plane fit from the reference markers found, or null when fewer than four are; `start`, the lens an earlier
 * frame of this camera found, is followed rather than searched for.
 */
export function fitReferences(found: readonly DetectedMarker[], o: MeasureOptions, start?: Lens): PlaneFit | null {
  const image: Quad[] = [];
  const table: Point[] = [];
  for (const m of found) {
    const t = referencePosition(m.id, o.area);
    if (!t) continue;
    image.push(m.corners);
    table.push(t);
  }
  return image.length >= 4 ? fitPlane(image, table, o.width, o.height, start) : null;
}

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
    const fitted = "residual" in m ? (m as RefinedMarker) : undefined;
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

/** A frame's plane, the references to compare the next frame's with, and what was made do with; or why none. */
type FramePlane = { fit: PlaneFit; references: readonly DetectedMarker[]; note?: string } | { message: string };

/**
 * The plane of a frame: the last frame's while the references stand where they were; else fitted from this frame's.
 * A frame whose references fall short — a hand or a model over one, a dim corner missed — is not lost: while the
 * references it does see stand where they stood (the camera has not moved), the last good frame's plane is used,
 * and said so; with no earlier frame (a still photo), three references give a plane from their corners
 * (`three-references.ts`), said so, less sure.
 */
function planeOf(references: readonly DetectedMarker[], o: MeasureOptions, ids: readonly number[]): FramePlane {
  const previous = o.previous;
  if (previous && sameReferences(references, previous.references)) return { fit: previous.plane, references: previous.references };
  const used = o.refine ? refineAll(references, o.refine) : references;
  const fit = fitReferences(used, o, previous?.plane.lens);
  const edgeSeen = references.some((m) => (EDGE_IDS as readonly number[]).includes(m.id));
  const seen = references.map((m) => m.id).sort((a, b) => a - b);
  const tooFew = fit !== null && edgeSeen && fit.points < MIN_REFERENCES;
  const offArea = fit !== null && fit.rms > 0.02 * Math.max(o.area.width, o.area.height);
  if (fit && !tooFew && !offArea) return { fit, references };
  if (previous && standing(references, previous.references)) {
    const edges = previous.references.some((m) => (EDGE_IDS as readonly number[]).includes(m.id)) ? EDGE_IDS : [];
    const gone = [...CORNER_IDS, ...edges].filter((id) => !seen.includes(id));
    return {
      fit: previous.plane,
      references: previous.references,
      note: `reference marker${gone.length === 1 ? "" : "s"} ${gone.join(", ")} not seen: the plane of the last good frame is used`,
    };
  }
  if (!fit && used.length === 3) {
    const three = fitThree(used, o);
    if (three && three.rms <= 0.02 * Math.max(o.area.width, o.area.height)) {
      return {
        fit: three,
        references,
        note: `only reference markers ${seen.join(", ")} seen: the plane from their corners, less sure (the lens not corrected)`,
      };
    }
  }
  if (tooFew && fit) {
    return {
      message: `only ${fit.points} reference markers seen (${seen.join(", ")}): at least ${MIN_REFERENCES} of 0–7 are needed to trust the lens's fit — is a hand or a model over one?`,
    };
  }
  return {
    message: fit
      ? `the reference markers do not fit the area ${o.area.width}×${o.area.height} mm (off by ${fit.rms.toFixed(0)} mm): is --area right?`
      : `found ${ids.length ? `markers ${ids.join(", ")}` : "no markers"}; need at least four of the reference markers 0–7 (three give a plane less sure)`,
  };
}

/** The plane from three references' corners (`three-references.ts`). */
function fitThree(found: readonly DetectedMarker[], o: MeasureOptions): PlaneFit | null {
  const image = found.map((m) => m.corners);
  const table = found.map((m) => referencePosition(m.id, o.area) as Point);
  return planeFromCorners(image, table, o.width, o.height);
}

/**
 * The camera has not moved: at least two references seen, each within STANDING_PX of where the last good frame saw
 * it (a camera knocked on its stand moves them all by more).
 */
function standing(now: readonly DetectedMarker[], before: readonly DetectedMarker[]): boolean {
  if (now.length < 2) return false;
  return now.every((m) => {
    const b = before.find((x) => x.id === m.id);
    return b !== undefined && within(m, b, STANDING_PX);
  });
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

/** Every marker refined against the frame; one whose fit fails is kept as the detector gave it. */
function refineAll(found: readonly DetectedMarker[], r: NonNullable<MeasureOptions["refine"]>): DetectedMarker[] {
  return found.map((m) => refineMarker(r.image, m, r.cells(m.id)) ?? m);
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
    const from = last && within(m, last.detected, MOVING_PX) && "blur" in last.refined ? (last.refined as RefinedMarker) : undefined;
    const start = from ? { id: m.id, corners: from.corners } : m;
    return { detected: m, refined: refineMarker(r.image, start, r.cells(m.id), from ? { blur: from.blur } : {}) ?? m };
  });
}

/**
 * The same reference markers, each corner within REFERENCES_STILL_PX of where the frame the plane was fitted from saw
 * it (that frame's references are kept as the next frame's `previous.references` for as long as its plane is).
 */
function sameReferences(now: readonly DetectedMarker[], before: readonly DetectedMarker[]): boolean {
  if (now.length !== before.length) return false;
  return now.every((m) => {
    const b = before.find((x) => x.id === m.id);
    return b !== undefined && within(m, b, REFERENCES_STILL_PX);
  });
}

/** A marker whose every corner is within half a pixel of another's. */
function stillAt(m: DetectedMarker, b: DetectedMarker): boolean {
  return within(m, b, 0.5);
}

/** A marker whose every corner is within `px` of another's. */
function within(m: DetectedMarker, b: DetectedMarker, px: number): boolean {
  return m.corners.every((c, i) => Math.hypot(c.x - (b.corners[i]?.x ?? Number.NaN), c.y - (b.corners[i]?.y ?? Number.NaN)) <= px);
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
