/**
 * The AprilTag 3 C library's own quad stage and decoder, compiled to WebAssembly (`apriltag/apriltag-wasm.cjs`, built
 * by `apriltag/build.sh` with Debian's emscripten from the library's v3.4.5 sources; BSD 2-Clause,
 * `apriltag/LICENSE-apriltag.md`), and the camera's marker detector over it. Why the library itself: on real
 * photographs (docs/camera.md, "Real photographs") OpenCV's ArUco stage — an adaptive threshold and contours — found
 * 16–34 of the 47 tags of the library's own test photos whatever its threshold settings, where the library's
 * segmentation (edges clustered by union-find, quads fitted to them) finds 45; on a webcam's noisy frame (σ 16) OpenCV
 * read 13–17 of 32 markers and left the rest to the second look's fits, where the library reads all 32. The module is
 * loaded by `apriltag-node.ts` in Node and by `importScripts` in the /camera page's worker; this file is the same in both.
 */
import type { Detection, GreyImage, MarkerDetector, Region } from "./detector.ts";
import { frameNoise } from "./fit-gate.ts";
import { type MarkerCells, officialCells } from "./marker-cells.ts";
import type { DetectedMarker } from "./markers.ts";

/**
 * How the library looks: its `quad_decimate` (1: every pixel; 2: quads on a half-size image, cells read at full
 * size), and its threshold's least black–white difference (`min_white_black_diff`, grey levels: the library's own 5
 * unless given).
 */
export interface AprilTagLook {
  readonly decimate: number;
  readonly minWhiteBlack?: number;
}

/** A rectangle of the image, pixels (whole numbers, inside it). */
export interface PixelRegion {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** One detection: the marker, the bits the library corrected and its decision margin. */
export interface AprilTagMarker extends DetectedMarker {
  readonly hamming: number;
  readonly margin: number;
}

/** The library, loaded. */
export interface AprilTag {
  /** The markers in `image` (or only in `region` of it: corners still in the image's pixels). */
  detect(image: GreyImage, look?: AprilTagLook, region?: PixelRegion): AprilTagMarker[];
}

/** The WebAssembly module's exports (`qd_apriltag.c`). */
export interface AprilTagModule {
  _qd_init(decimate: number, sigma: number, refine: number, sharpening: number, maxHamming: number, minWhiteBlack: number): number;
  _qd_detect(buf: number, w: number, h: number, stride: number, out: number, max: number): number;
  _malloc(n: number): number;
  _free(p: number): void;
  HEAPU8: Uint8Array;
  HEAPF32: Float32Array;
}

/** At most this many detections a frame are read back. */
const MAX_DETECTIONS = 2000;
/** Floats a detection: id, hamming, margin, four corners. */
const STRIDE = 11;
/** Bits corrected: the library's own default for its Python binding (2 finds no more on the bench, and risks more false ids). */
const MAX_HAMMING = 1;
/** The library's own least black–white difference. */
export const LIBRARY_MIN_WHITE_BLACK = 5;

/** The library over its started module (one instance per module: the C detector keeps its own state). */
export function aprilTagOver(m: AprilTagModule): AprilTag {
  // the library's defaults (blur 0, edges refined, decode sharpening 0.25); decimate and the threshold set per look
  if (m._qd_init(1, 0, 1, 0.25, MAX_HAMMING, LIBRARY_MIN_WHITE_BLACK) !== 1) throw new Error("the AprilTag library did not start");
  let set = `1:${LIBRARY_MIN_WHITE_BLACK}`;
  // the frame stays in the module's memory while the same pixels are looked at again (regions of one frame)
  let held: { data: GreyImage["data"]; buf: number; size: number } | null = null;
  const out = m._malloc(MAX_DETECTIONS * STRIDE * 4);
  return {
    detect(image, look = { decimate: 1 }, region) {
      const least = look.minWhiteBlack ?? LIBRARY_MIN_WHITE_BLACK;
      if (`${look.decimate}:${least}` !== set) {
        m._qd_init(look.decimate, 0, 1, 0.25, MAX_HAMMING, least);
        set = `${look.decimate}:${least}`;
      }
      const size = image.width * image.height;
      if (held?.data !== image.data) {
        if (!held || held.size < size) {
          if (held) m._free(held.buf);
          held = { data: image.data, buf: m._malloc(size), size };
        }
        held.data = image.data;
        m.HEAPU8.set(image.data.subarray(0, size), held.buf);
      }
      const r = region ?? { x: 0, y: 0, width: image.width, height: image.height };
      const start = held.buf + r.y * image.width + r.x;
      const count = m._qd_detect(start, r.width, r.height, image.width, out, MAX_DETECTIONS);
      const f = m.HEAPF32.subarray(out / 4, out / 4 + count * STRIDE);
      return Array.from({ length: count }, (_, k) => asMarker(f.subarray(k * STRIDE, (k + 1) * STRIDE), r.x, r.y));
    },
  };
}

/**
 * The library's corners (bottom-left, bottom-right, top-right, top-left of the tag, pixel centres at half-integers,
 * in the region's pixels) as the official image's order (top-left first, clockwise) at integer pixel centres of the image.
 */
function asMarker(f: Float32Array, dx: number, dy: number): AprilTagMarker {
  const p = (k: number) => ({ x: (f[3 + 2 * k] ?? Number.NaN) - 0.5 + dx, y: (f[4 + 2 * k] ?? Number.NaN) - 0.5 + dy });
  return { id: f[0] ?? Number.NaN, hamming: f[1] ?? Number.NaN, margin: f[2] ?? Number.NaN, corners: [p(3), p(2), p(1), p(0)] };
}

/**
 * The threshold's least black–white difference for a frame of noise `sigma` (grey levels): the library's 5 counts
 * any tile whose 12 × 12 neighbourhood spans 5 grey levels as an edge, and on a webcam's frame (σ 16) that is every
 * tile — the noise's own specks become thousands of clusters, and fitting quads to them was 90 % of the library's
 * time (1.9 s of 2 s at 1080p, 5 s at 4K). 144 samples of Gaussian noise span about 5.3 σ; at 6.5 σ the noise is
 * left out and every marker's edge (its contrast on top of the noise) is kept: on rendered σ 16 frames the same 32
 * markers in a sixth of the time (docs/performance.md).
 */
export function leastDifference(sigma: number): number {
  return Math.max(LIBRARY_MIN_WHITE_BLACK, Math.round(NOISE_SPANS * sigma));
}

/** How many noise σ a tile's neighbourhood may span and still count as flat. */
export const NOISE_SPANS = 6.5;

/**
 * The camera's marker detector over the library: every pixel, the threshold following the frame's measured noise
 * (`leastDifference`). A look given (the further look's, `further-look.ts`, while an expected marker is missing)
 * looks for quads on a half-size image instead (`quad_decimate` 2, the cells still read at full size): it finds large
 * soft markers every pixel misses (on the oblique printed sheet 39 of 72 where every pixel finds 28: docs/camera.md)
 * at a quarter of the cost. Not the library's own threshold (5): on a webcam's noisy frame that look over the whole
 * frame cost 1–2 s and found nothing more on the bench's noisy layouts. The library reads every quad it finds, so no
 * unread candidates are left for the second look. The cells are AprilTag's own (`officialCells`): no OpenCV needed.
 */
export function aprilTagDetector(tag: AprilTag, cells: MarkerCells = officialCells()): MarkerDetector {
  const scan = async (image: GreyImage, look?: unknown): Promise<Detection> => {
    const minWhiteBlack = leastDifference(frameNoise(image));
    const markers = tag.detect(image, { decimate: look ? 2 : 1, minWhiteBlack }).map(({ id, corners }) => ({ id, corners }));
    return { markers, candidates: [] };
  };
  const scanRegions = async (image: GreyImage, regions: readonly Region[]): Promise<Detection> => {
    const look = { decimate: 1, minWhiteBlack: leastDifference(frameNoise(image)) };
    const markers: DetectedMarker[] = [];
    for (const region of regions) {
      const r = clipped(region, image);
      if (!r) continue;
      for (const { id, corners } of tag.detect(image, look, r)) {
        // overlapping regions find one marker twice: the same id within a pixel is one
        if (!markers.some((m) => m.id === id && Math.hypot(m.corners[0].x - corners[0].x, m.corners[0].y - corners[0].y) < 1)) {
          markers.push({ id, corners });
        }
      }
    }
    return { markers, candidates: [] };
  };
  return {
    cells,
    scan,
    scanRegions,
    async detect(image) {
      return (await scan(image)).markers;
    },
    close() {},
  };
}

/** A region clipped to the image, in whole pixels; null when too small to hold a marker (16 px a side). */
function clipped(region: Region, image: GreyImage): PixelRegion | null {
  const x0 = Math.max(0, Math.floor(region.x));
  const y0 = Math.max(0, Math.floor(region.y));
  const x1 = Math.min(image.width, Math.ceil(region.x + region.width));
  const y1 = Math.min(image.height, Math.ceil(region.y + region.height));
  return x1 - x0 >= 16 && y1 - y0 >= 16 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}
