/**
 * AprilTag 36h11 cells from OpenCV's own dictionary (`generateImageMarker` at one pixel per cell), so the rendered
 * markers are exactly those the detector knows, and those `quarterdeck markers` prints.
 */
import type { MarkerCells } from "./render.ts";

/** A cells function over a loaded OpenCV (memoised per id). */
// biome-ignore lint/suspicious/noExplicitAny: OpenCV's ArUco module has no typings.
export function openCvCells(cv: any): MarkerCells {
  const dict = cv.getPredefinedDictionary(cv.DICT_APRILTAG_36h11);
  const memo = new Map<number, boolean[]>();
  return (id) => {
    let c = memo.get(id);
    if (!c) {
      const img = new cv.Mat();
      cv.generateImageMarker(dict, id, 8, img, 1);
      c = Array.from(img.data as Uint8Array, (v) => v < 128);
      img.delete();
      memo.set(id, c);
    }
    return c;
  };
}
