/**
 * What the camera sees in any photo, no table needed (`quarterdeck camera detect`, CONTRACT §7): every marker the
 * detector's looks find (the first look, the second look at what it could not read, the further looks — none
 * expected, so any marker counts), each with its four corners in the official AprilTag image's order (its top-left
 * first, clockwise; pixel centres at integers) and whether its pattern fit would be kept by the measuring
 * (`refine.ts`, the residual gate of `fit-gate.ts`). For clubs checking a camera, and for comparing detectors
 * (`bench/camera-real.bench.ts`). Pure over a detector: Node and the camera page's worker alike.
 */
import type { GreyImage, MarkerDetector } from "./detector.ts";
import { MarkerFinder } from "./find-markers.ts";
import { fitKept, frameNoise, residualLimit } from "./fit-gate.ts";
import type { Point } from "./homography.ts";
import type { MarkerCells } from "./marker-cells.ts";
import { refineMarker } from "./refine.ts";

/** One marker seen: the fitted corners when its fit is kept, else the detector's. */
export interface SeenMarker {
  readonly id: number;
  readonly corners: readonly [Point, Point, Point, Point];
  /** "kept", or "refused: " and why (the fit failed, or fits the pixels poorly). */
  readonly fit: string;
}

/** Every marker in `image`, sorted by id (then by where it is: top to bottom). */
export async function detectPhoto(detector: MarkerDetector, image: GreyImage): Promise<SeenMarker[]> {
  const { markers } = await new MarkerFinder(detector).find(image);
  const seen = markers.map((m) => judged(image, m, detector.cells));
  return seen.sort((a, b) => a.id - b.id || centreY(a) - centreY(b) || centreX(a) - centreX(b));
}

function judged(image: GreyImage, m: { id: number; corners: readonly [Point, Point, Point, Point] }, cells?: MarkerCells): SeenMarker {
  if (!cells) return { id: m.id, corners: m.corners, fit: "refused: no pattern to fit (the detector gave no cells)" };
  const r = refineMarker(image, m, cells(m.id));
  if (!r) return { id: m.id, corners: m.corners, fit: "refused: the pattern fit failed (the marker runs off the image?)" };
  if (!fitKept(image, r)) {
    const limit = residualLimit(r.contrast, frameNoise(image));
    return {
      id: m.id,
      corners: m.corners,
      fit: `refused: pattern fits poorly (residual ${r.residual.toFixed(2)} over ${limit.toFixed(2)})`,
    };
  }
  return { id: m.id, corners: r.corners, fit: "kept" };
}

const centreX = (m: SeenMarker) => m.corners.reduce((s, p) => s + p.x, 0);
const centreY = (m: SeenMarker) => m.corners.reduce((s, p) => s + p.y, 0);
