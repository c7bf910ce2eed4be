/**
 * A frame's plane (`measure.ts`): the lens and the homography from the reference markers 0–7, fitted anew when they
 * moved, kept from the last frame while they stand, or — when they fall short — the last good frame's plane or a
 * still photo's plane from three references' corners, each said so. Pure: runs in Node and in the camera page's worker.
 */

import type { Quad } from "../../src/geometry/quad.ts";
import type { ImagePoint, TablePoint } from "../../src/geometry/vec.ts";
import { fitPlane, type Lens, type PlaneFit } from "./lens.ts";
import type { DetectedMarker } from "./markers.ts";
import { CORNER_IDS, EDGE_IDS, isEdgeId, referencePosition } from "./markers.ts";
import type { MeasureOptions } from "./measure-options.ts";
import { refineMarker } from "./refine.ts";
import { planeFromCorners } from "./three-references.ts";

/**
 * How far (px, any corner) the references' detected corners may wander from where they were when the plane was
 * fitted before it is fitted again: a noisy frame's (σ 16, 1080p) wander 0.8 px (median) about a still marker, which
 * at half a pixel refitted the plane — eight pattern fits — in nearly every frame. A camera knocked moves them more.
 */
export const REFERENCES_STILL_PX = 1;

/** How far (px) a reference may have moved since the last good frame for that frame's plane still to serve. */
export const STANDING_PX = 2;

/**
 * The fewest reference markers a frame's plane is trusted from, on a table with edge markers (any of 4–7 seen):
 * with fewer the lens's two terms are fitted from too few points and ships inside the area come out past the
 * tolerance (measured: docs/performance.md), so the frame is refused rather than its ships misplaced. A table with
 * the four corner markers only (no edge marker seen) is measured with a plain homography, as before.
 */
export const MIN_REFERENCES = 6;

/**
 * The plane fit from the reference markers found, or null when fewer than four are; `start`, the lens an earlier
 * frame of this camera found, is followed rather than searched for.
 */
export function fitReferences(found: readonly DetectedMarker[], o: MeasureOptions, start?: Lens): PlaneFit | null {
  const { image, table } = referencesSeen(found, o);
  return image.length >= 4 ? fitPlane(image, table, o.width, o.height, start) : null;
}

/** The reference markers among `found`: their corners as seen, with their centres' places on the table. */
function referencesSeen(found: readonly DetectedMarker[], o: MeasureOptions): { image: Quad<ImagePoint>[]; table: TablePoint[] } {
  const image: Quad<ImagePoint>[] = [];
  const table: TablePoint[] = [];
  for (const m of found) {
    const t = referencePosition(m.id, o.area);
    if (!t) continue;
    image.push(m.corners);
    table.push(t);
  }
  return { image, table };
}

/** A frame's plane, the references to compare the next frame's with, and what was made do with; or why none. */
export type FramePlane = { fit: PlaneFit; references: readonly DetectedMarker[]; note?: string } | { message: string };

/**
 * The plane of a frame: the last frame's while the references stand where they were; else fitted from this frame's.
 * A frame whose references fall short — a hand or a model over one, a dim corner missed — is not lost: while the
 * references it does see stand where they stood (the camera has not moved), the last good frame's plane is used,
 * and said so; with no earlier frame (a still photo), three references give a plane from their corners
 * (`three-references.ts`), said so, less sure.
 */
export function planeOf(references: readonly DetectedMarker[], o: MeasureOptions, ids: readonly number[]): FramePlane {
  const previous = o.previous;
  if (previous && sameReferences(references, previous.references)) return { fit: previous.plane, references: previous.references };
  const used = o.refine ? refineAll(references, o.refine) : references;
  const fit = fitReferences(used, o, previous?.plane.lens);
  const edgeSeen = references.some((m) => isEdgeId(m.id));
  const seen = references.map((m) => m.id).sort((a, b) => a - b);
  const tooFew = fit !== null && edgeSeen && fit.points < MIN_REFERENCES;
  const offArea = fit !== null && fit.rms > 0.02 * Math.max(o.area.width, o.area.height);
  if (fit && !tooFew && !offArea) return { fit, references };
  if (previous && standing(references, previous.references)) {
    const edges = previous.references.some((m) => isEdgeId(m.id)) ? EDGE_IDS : [];
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
  const { image, table } = referencesSeen(found, o);
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

/** Every marker refined against the frame; one whose fit fails is kept as the detector gave it. */
function refineAll(found: readonly DetectedMarker[], r: NonNullable<MeasureOptions["refine"]>): DetectedMarker[] {
  return found.map((m) => refineMarker(r.image, m, r.cells(m.id)) ?? m);
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

/** A marker whose every corner is within `px` of another's. */
export function within(m: DetectedMarker, b: DetectedMarker, px: number): boolean {
  return m.corners.every((c, i) => Math.hypot(c.x - (b.corners[i]?.x ?? Number.NaN), c.y - (b.corners[i]?.y ?? Number.NaN)) <= px);
}
