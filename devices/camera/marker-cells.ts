/**
 * AprilTag 36h11 cells from OpenCV's own dictionary (`generateImageMarker` at one pixel per cell), so the markers
 * printed by `quarterdeck markers` and those the renderer draws are exactly those the detector knows.
 */

/** A marker's 8×8 cells (border included), row 0 at its top: true = black. */
export type MarkerCells = (id: number) => readonly boolean[];

/** The number of cells on a marker's side, its black border included. */
export const MARKER_CELLS = 8;

/** The largest id of AprilTag 36h11 (587 codes). */
export const MAX_MARKER_ID = 586;

/** A cells function over a loaded OpenCV (memoised per id). */
// biome-ignore lint/suspicious/noExplicitAny: OpenCV's ArUco module has no typings.
export function openCvCells(cv: any): MarkerCells {
  const dict = cv.getPredefinedDictionary(cv.DICT_APRILTAG_36h11);
  const memo = new Map<number, boolean[]>();
  return (id) => {
    let c = memo.get(id);
    if (!c) {
      const img = new cv.Mat();
      cv.generateImageMarker(dict, id, MARKER_CELLS, img, 1);
      c = Array.from(img.data as Uint8Array, (v) => v < 128);
      img.delete();
      memo.set(id, c);
    }
    return c;
  };
}
