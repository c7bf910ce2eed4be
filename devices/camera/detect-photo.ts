/**
 * What the camera sees in any photo, no table needed (`quarterdeck camera detect`, docs/reference/camera.md): every marker found,
 * each with its four corners in the official AprilTag image's order (its top-left first, clockwise; pixel centres at
 * integers) and whether its pattern fit would be kept by the measuring (`refine.ts`, the residual gate of
 * `fit-gate.ts`). The looks, each adding only markers at places no earlier look found one: the AprilTag library's own
 * (`apriltag-detector.ts`, when given: every pixel, then on a half-size image, which finds large blurred markers the
 * first misses), then the detector's (the first, second and further looks of `find-markers.ts`, none expected). An id
 * may be seen at several places (a photo of many copies of one tag): each is listed. For clubs checking a camera,
 * and for comparing detectors (`bench/camera-real.bench.ts`). Pure over the detectors given.
 */

import type { Point } from "../../src/geometry/vec.ts";
import type { AprilTag } from "./apriltag-detector.ts";
import type { GreyImage, MarkerDetector } from "./detector.ts";
import { MarkerFinder } from "./find-markers.ts";
import { fitKept, frameNoise, residualLimit } from "./fit-gate.ts";
import type { MarkerCells } from "./marker-cells.ts";
import type { DetectedMarker } from "./markers.ts";
import { refineMarker } from "./refine.ts";

/** One marker seen: the fitted corners when its fit is kept, else the detector's. */
export interface SeenMarker {
  readonly id: number;
  readonly corners: readonly [Point, Point, Point, Point];
  /** "kept", or "refused: " and why (the fit failed, or fits the pixels poorly). */
  readonly fit: string;
}

/** The AprilTag library's looks: `quad_decimate` 1, then 2. */
const APRILTAG_LOOKS = [{ decimate: 1 }, { decimate: 2 }] as const;

/** Every marker in `image`, sorted by id (then by where it is: top to bottom). */
export async function detectPhoto(detector: MarkerDetector, image: GreyImage, aprilTag?: AprilTag): Promise<SeenMarker[]> {
  // each place's finds: the first look's id, and every look's corners for it (the fit starts from each)
  const places: [DetectedMarker, ...DetectedMarker[]][] = [];
  const add = (markers: readonly DetectedMarker[]) => {
    const before = places.length;
    for (const m of markers) {
      const at = places.slice(0, before).find((p) => samePlace(p[0], m));
      if (!at) places.push([m]);
      else if (at[0].id === m.id) at.push(m);
    }
  };
  if (aprilTag) for (const look of APRILTAG_LOOKS) add(aprilTag.detect(image, look).map(({ id, corners }) => ({ id, corners })));
  add((await new MarkerFinder(detector).find(image)).markers);
  const seen = places.map((p) => firstKept(image, p, detector.cells));
  return seen.sort((a, b) => a.id - b.id || centreY(a) - centreY(b) || centreX(a) - centreX(b));
}

/** Two finds of one marker: centres within a third of the first's side. */
function samePlace(a: DetectedMarker, b: DetectedMarker): boolean {
  const side = Math.hypot(a.corners[1].x - a.corners[0].x, a.corners[1].y - a.corners[0].y);
  return Math.hypot((centreX(a) - centreX(b)) / 4, (centreY(a) - centreY(b)) / 4) < side / 3;
}

/**
 * One marker's verdict: its pattern fitted from the first look's corners, then, while refused, from each later look's
 * (the fit's residual is taken over a window drawn from the corners it starts from, so two looks' corners half a pixel
 * apart can end on either side of the gate); the first kept, else the first look's refusal.
 */
function firstKept(image: GreyImage, [find, ...later]: readonly [DetectedMarker, ...DetectedMarker[]], cells?: MarkerCells): SeenMarker {
  const first = judged(image, find, cells);
  if (first.fit === "kept") return first;
  for (const m of later) {
    const v = judged(image, m, cells);
    if (v.fit === "kept") return v;
  }
  return first;
}

function judged(image: GreyImage, m: DetectedMarker, cells?: MarkerCells): SeenMarker {
  if (!cells) return { id: m.id, corners: m.corners, fit: "refused: no pattern to fit (the detector gave no cells)" };
  const r = refineMarker(image, m, cells(m.id));
  if (!r) return { id: m.id, corners: m.corners, fit: "refused: the pattern fit failed (the marker runs off the image?)" };
  if (!fitKept(image, r)) {
    const fit = `refused: pattern fits poorly (residual ${r.residual.toFixed(2)} over ${residualLimit(r.contrast, frameNoise(image)).toFixed(2)})`;
    return { id: m.id, corners: m.corners, fit };
  }
  return { id: m.id, corners: r.corners, fit: "kept" };
}

const centreX = (m: DetectedMarker) => m.corners.reduce((s, p) => s + p.x, 0);
const centreY = (m: DetectedMarker) => m.corners.reduce((s, p) => s + p.y, 0);
