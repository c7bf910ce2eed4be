/**
 * The seam between the maths and OpenCV: a detector takes a grey image and gives the markers it found. The real
 * one (`opencv-detector.ts`) wraps OpenCV's ArUco module as WebAssembly, loaded lazily on the first frame.
 */
import type { Point } from "../../src/geometry/vec.ts";
import type { MarkerCells } from "./marker-cells.ts";
import type { DetectedMarker } from "./markers.ts";

/** A grey (one byte per pixel) image, row-major. */
export interface GreyImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array | Uint8ClampedArray;
}

/** What one detection gives: the markers read, and the quadrilaterals found that it could not read. */
export interface Detection {
  readonly markers: DetectedMarker[];
  /** Candidates the detector rejected (corners in image pixels, in no particular order): the second look's. */
  readonly candidates: readonly (readonly Point[])[];
}

/**
 * How a look thresholds the image, when not the detector's own way (OpenCV's `adaptiveThreshWinSize*` and
 * `adaptiveThreshConstant`): its window, px and odd, and its constant, grey levels below the window's mean that
 * count as black.
 */
export interface Look {
  readonly window: number;
  readonly constant: number;
}

/** A rectangle of the frame, pixels. */
export interface Region {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Finds AprilTag 36h11 markers in a grey image. */
export interface MarkerDetector {
  detect(image: GreyImage): Promise<DetectedMarker[]>;
  /** `detect`, with the candidates it could not read; `look` replaces the detector's own settings for this one. */
  scan(image: GreyImage, look?: Look): Promise<Detection>;
  /**
   * `scan` with the detector's own settings over these regions of the image only (clipped to it), each marker once
   * (a marker in two overlapping regions is one), corners in the image's pixels. A detector without it is asked
   * for the whole image (`find-markers.ts`).
   */
  scanRegions?(image: GreyImage, regions: readonly Region[]): Promise<Detection>;
  /** The dictionary's cells, when known: the corners are then refined against the frame (`refine.ts`). */
  readonly cells?: MarkerCells;
  /** Frees what the detector holds (WebAssembly memory). */
  close(): void;
}

/** RGBA (canvas ImageData, a decoded PNG) to grey, by the usual luma weights. */
export function greyFromRgba(width: number, height: number, rgba: Uint8Array | Uint8ClampedArray): GreyImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < data.length; i++, j += 4) {
    data[i] = (77 * (rgba[j] ?? Number.NaN) + 150 * (rgba[j + 1] ?? Number.NaN) + 29 * (rgba[j + 2] ?? Number.NaN)) >> 8;
  }
  return { width, height, data };
}
