/**
 * The marker detector over OpenCV's ArUco module (`@techstark/opencv-js`, WebAssembly: the same build runs in Node
 * and in a browser worker) over a runtime already loaded: in Node by `loadOpenCv` (`opencv-node.ts`, on first use:
 * the library is ~11 MB of JavaScript and takes about a second to start), in the /camera page's worker by
 * `importScripts`.
 */

import type { Point } from "../../src/geometry/vec.ts";
import type { Detection, GreyImage, Look, MarkerDetector } from "./detector.ts";
import { tagCells } from "./marker-cells.ts";
import type { DetectedMarker } from "./markers.ts";

// biome-ignore lint/suspicious/noExplicitAny: the library's own typings do not cover the ArUco module.
type Cv = any;

/** Waits for an OpenCV runtime to finish starting, and checks it has the ArUco module. */
export async function runtimeReady(cv: Cv): Promise<void> {
  if (!cv.Mat) {
    await new Promise<void>((resolve) => {
      cv.onRuntimeInitialized = () => resolve();
    });
  }
  if (typeof cv.aruco_ArucoDetector !== "function") {
    throw new Error("this OpenCV build has no ArUco module (aruco_ArucoDetector): @techstark/opencv-js ≥ 4.12 needed");
  }
}

/**
 * The adaptive threshold's window (px, odd) for a frame: about one and a half marker cells. OpenCV's default tries
 * windows of 3, 13 and 23 px — three passes over the whole frame, most of the detection's time. One pass at 5 px
 * finds the 25–45 px markers of a 1080p frame as well (on 24 rendered layouts: none misplaced against 3, 6 of 534
 * missed against 2) at a third of the time; the window grows with the frame (11 px at 3840×2160, where 5–13 px all
 * found every marker). Measured: docs/performance.md. `scale` widens it (a further look's, `further-look.ts`).
 */
export function thresholdWindow(width: number, height: number, scale = 1): number {
  return Math.max(3, 2 * Math.floor((2.5 * scale * Math.max(width, height)) / 1920) + 1);
}

/**
 * The side of the smallest marker the detector looks at (px): 15, under two pixels a cell, about the least whose
 * cells can be read at all (40 mm markers at 1920×1080 are 17–20 px: docs/camera.md).
 */
export const SMALLEST_MARKER_PX = 15;

/**
 * OpenCV's `minMarkerPerimeterRate` for a frame, so that a marker of `SMALLEST_MARKER_PX` turned 45° is looked at.
 * OpenCV drops a contour with fewer points than the rate times the frame's longer side, and its points are
 * 8-connected steps: a side turned 45° counts 0.71 of its length. Its default, 0.03, is 115 points at 3840×2160 —
 * a 40 mm marker 34 × 39 px turned 45° has 112, and was not looked at (5 of 2225 visible markers missed on 100
 * rendered 4K layouts, none with this rate: docs/performance.md).
 */
export function minPerimeterRate(width: number, height: number): number {
  return (4 * SMALLEST_MARKER_PX * Math.SQRT1_2) / Math.max(width, height);
}

/** OpenCV's own adaptive-threshold constant, the first look's. */
export const OPENCV_CONSTANT = 7;

/** Settings a bench compares; the defaults are the detector's. */
export interface DetectorTuning {
  /** The adaptive threshold's constant (grey levels below the window's mean that count as black); OpenCV's 7. */
  readonly thresholdConstant?: number;
  /** OpenCV's `minMarkerPerimeterRate` as given (its default 0.03); else `minPerimeterRate` of each frame's size. */
  readonly perimeterRate?: number;
}

/** A detector over OpenCV, its parameters tuned for small markers seen from above (docs/camera.md). */
export async function openCvDetector(cv: Cv, tuning: DetectorTuning = {}): Promise<MarkerDetector> {
  const dictionary = cv.getPredefinedDictionary(cv.DICT_APRILTAG_36h11);
  const refine = new cv.aruco_RefineParameters(10, 3, true);
  // One OpenCV detector per threshold asked for: the frame's own (one pass, its window for the frame's size), and
  // any a further look asks for (`further-look.ts`), kept so a look never waits for its parameters to be set again.
  const detectors = new Map<string, { detector: Cv; params: Cv; perimeterRate: number }>();
  const detectorFor = (t: Look, perimeterRate: number): Cv => {
    const key = `${t.window}:${t.constant}`;
    let d = detectors.get(key);
    if (!d) {
      const params = new cv.aruco_DetectorParameters();
      // Corners from lines fitted to the whole contour: on markers 25–40 px across, headings come out within 0.2° at
      // the median against 1° with sub-pixel corner search (measured: docs/camera.md).
      params.cornerRefinementMethod = cv.CORNER_REFINE_CONTOUR;
      // Read each cell's bits away from its blurred edges: with the default margin a quarter of the markers 30 px
      // across under a blur of σ ≈ 1.3 px were not read at all; with these, nearly all.
      params.perspectiveRemoveIgnoredMarginPerCell = 0.25;
      params.perspectiveRemovePixelPerCell = 8;
      // one threshold pass (min = max)
      params.adaptiveThreshWinSizeMin = t.window;
      params.adaptiveThreshWinSizeMax = t.window;
      params.adaptiveThreshConstant = t.constant;
      params.minMarkerPerimeterRate = perimeterRate;
      d = { detector: new cv.aruco_ArucoDetector(dictionary, params, refine), params, perimeterRate };
      detectors.set(key, d);
    }
    if (d.perimeterRate !== perimeterRate) {
      // contours down to the smallest marker's, a rate of this image's size (a further look's region is smaller)
      d.params.minMarkerPerimeterRate = perimeterRate;
      d.detector.setDetectorParameters(d.params);
      d.perimeterRate = perimeterRate;
    }
    return d.detector;
  };
  const scan = async (image: GreyImage, look?: Look): Promise<Detection> => {
    const detector = detectorFor(
      look ?? { window: thresholdWindow(image.width, image.height), constant: tuning.thresholdConstant ?? OPENCV_CONSTANT },
      tuning.perimeterRate ?? minPerimeterRate(image.width, image.height),
    );
    const mat = new cv.Mat(image.height, image.width, cv.CV_8UC1);
    const corners = new cv.MatVector();
    const ids = new cv.Mat();
    const rejected = new cv.MatVector();
    try {
      mat.data.set(image.data);
      detector.detectMarkers(mat, corners, ids, rejected);
      const out: DetectedMarker[] = [];
      for (let i = 0; i < ids.rows; i++) {
        const c = corners.get(i);
        const f = c.data32F;
        // OpenCV's corners start at the top-left of its own image, the official image turned 180° (marker-cells.ts):
        // its third corner is the official top-left.
        const corner = (k: number) => ({ x: f[2 * ((k + 2) % 4)] ?? Number.NaN, y: f[2 * ((k + 2) % 4) + 1] ?? Number.NaN });
        out.push({ id: ids.data32S[i] ?? Number.NaN, corners: [corner(0), corner(1), corner(2), corner(3)] });
        c.delete();
      }
      const candidates: Point[][] = [];
      for (let i = 0; i < rejected.size(); i++) {
        const c = rejected.get(i);
        const f = c.data32F;
        candidates.push([0, 1, 2, 3].map((k) => ({ x: f[2 * k] ?? Number.NaN, y: f[2 * k + 1] ?? Number.NaN })));
        c.delete();
      }
      return { markers: out, candidates };
    } finally {
      mat.delete();
      corners.delete();
      ids.delete();
      rejected.delete();
    }
  };
  return {
    cells: tagCells(cv),
    scan,
    async detect(image: GreyImage): Promise<DetectedMarker[]> {
      return (await scan(image)).markers;
    },
    close() {
      for (const d of detectors.values()) {
        d.detector.delete();
        d.params.delete();
      }
      detectors.clear();
      refine.delete();
    },
  };
}
