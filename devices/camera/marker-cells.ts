/**
 * AprilTag 36h11 cells as the official AprilTag images draw them (AprilRobotics/apriltag-imgs, `tag36_11_00000.png`
 * …), taken from OpenCV's own dictionary so the markers printed by `quarterdeck markers`, those the renderer draws and
 * those the detector knows are one set. OpenCV's `DICT_APRILTAG_36h11` is the official image turned 180°
 * (`generateImageMarker` of id 0 is `tag36_11_00000.png` upside down), so its cells are turned back here, and the
 * detector (`opencv-detector.ts`) turns OpenCV's corners the same way: a marker printed from the official images, or
 * by any generator that follows them, reads upright (docs/reference/camera.md).
 */

import { BIT_X, BIT_Y, CODES_36H11 } from "./tag36h11-codes.ts";

/** A marker's 8×8 cells (border included), row 0 at its top as the official image has it: true = black. */
export type MarkerCells = (id: number) => readonly boolean[];

/** The number of cells on a marker's side, its black border included. */
export const MARKER_CELLS = 8;

/** The largest id of AprilTag 36h11 (587 codes). */
export const MAX_MARKER_ID = 586;

/** Cells turned 180° (row r, column c from row 7 − r, column 7 − c): OpenCV's image to the official one, and back. */
export function turnedHalf(cells: readonly boolean[]): boolean[] {
  return [...cells].reverse();
}

/** The official cells over a loaded OpenCV (memoised per id). */
// biome-ignore lint/suspicious/noExplicitAny: OpenCV's ArUco module has no typings.
export function tagCells(cv: any): MarkerCells {
  const dict = cv.getPredefinedDictionary(cv.DICT_APRILTAG_36h11);
  const memo = new Map<number, boolean[]>();
  return (id) => {
    let c = memo.get(id);
    if (!c) {
      const img = new cv.Mat();
      cv.generateImageMarker(dict, id, MARKER_CELLS, img, 1);
      // a Mat's bytes in OpenCV.js's WebAssembly memory, which its typings leave untyped (a boundary)
      c = turnedHalf(Array.from(img.data as Uint8Array, (v) => v < 128));
      img.delete();
      memo.set(id, c);
    }
    return c;
  };
}

/**
 * The official cells from AprilTag's own codes (`tag36h11-codes.ts`), memoised per id: the same cells as `tagCells`
 * without loading OpenCV (the camera's worker and `camera measure` find markers with the AprilTag library alone).
 */
export function officialCells(): MarkerCells {
  const codes = CODES_36H11.trim().split(/\s+/);
  const memo = new Map<number, boolean[]>();
  return (id) => {
    let c = memo.get(id);
    if (!c) {
      const code = codes[id];
      if (code === undefined) throw new RangeError(`no AprilTag 36h11 marker ${id} (0–${MAX_MARKER_ID})`);
      const bits = BigInt(`0x${code}`);
      c = new Array<boolean>(MARKER_CELLS * MARKER_CELLS).fill(true);
      for (let i = 0; i < 36; i++) {
        const white = ((bits >> BigInt(35 - i)) & 1n) === 1n;
        c[(BIT_Y[i] ?? Number.NaN) * MARKER_CELLS + (BIT_X[i] ?? Number.NaN)] = !white;
      }
      memo.set(id, c);
    }
    return c;
  };
}
