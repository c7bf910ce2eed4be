/**
 * Where a camera's first look (the detector's own, `find-markers.ts`) runs, frame after frame: over the whole frame at
 * most once a `frameEveryMs` (which finds a marker come into view or moved far), and in the frames between only over
 * regions about the markers the last frame found — each marker's outline grown by its side each way (3 × 3 sides),
 * so a ship moved by hand between two measured frames (10–20 mm, under a side) is still inside hers. A marker lost
 * between whole looks is looked for where it was last seen by the further looks (`further-plan.ts`) and found again
 * by the next whole look. On a noisy 1080p frame the detector over the whole frame was 40 of a frame's 50 ms of
 * CPU; over the regions of 32 markers, a tenth of the pixels (docs/performance.md). Pure: state in the object, the
 * clock given.
 */
import type { Region } from "./detector.ts";
import type { DetectedMarker } from "./markers.ts";

/** The whole frame at most this often (ms of the frames' clock): a marker come into view is found within it. */
export const WHOLE_FRAME_EVERY_MS = 1000;

/** Where each frame's first look goes, from where the last frame found markers. */
export class FirstPlan {
  readonly #everyMs: number;
  #regions: Region[] = [];
  #frameAt = Number.NEGATIVE_INFINITY;

  constructor(everyMs = WHOLE_FRAME_EVERY_MS) {
    this.#everyMs = everyMs;
  }

  /** Where to look first in the frame taken at `at`. */
  where(at: number): "frame" | readonly Region[] {
    if (at - this.#frameAt >= this.#everyMs || this.#regions.length === 0) {
      this.#frameAt = at;
      return "frame";
    }
    return this.#regions;
  }

  /** The markers found in a frame: the next frame's regions. */
  saw(markers: readonly DetectedMarker[]): void {
    this.#regions = markers.map(aroundMarker);
  }

  /** Forgets the regions, and looks at the whole frame next. */
  reset(): void {
    this.#regions = [];
    this.#frameAt = Number.NEGATIVE_INFINITY;
  }
}

/** A marker's outline grown by its side each way. */
export function aroundMarker(m: DetectedMarker): Region {
  const xs = m.corners.map((p) => p.x);
  const ys = m.corners.map((p) => p.y);
  const x0 = Math.min(...xs);
  const y0 = Math.min(...ys);
  const w = Math.max(...xs) - x0;
  const h = Math.max(...ys) - y0;
  const grow = Math.max(w, h);
  return { x: x0 - grow, y: y0 - grow, width: w + 2 * grow, height: h + 2 * grow };
}
