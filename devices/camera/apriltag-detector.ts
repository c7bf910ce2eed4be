/**
 * The AprilTag 3 C library's own quad stage and decoder, compiled to WebAssembly (`apriltag/apriltag-wasm.cjs`, built
 * by `apriltag/build.sh` with Debian's emscripten from the library's v3.4.5 sources; BSD 2-Clause,
 * `apriltag/LICENSE-apriltag.md`). Why the library itself: on real photographs (docs/camera.md, "Real photographs")
 * OpenCV's ArUco stage — an adaptive threshold and contours — found 16–34 of the 47 tags of the library's own test
 * photos whatever its threshold settings, where the library's segmentation (edges clustered by union-find, quads
 * fitted to them) finds 45; writing that stage again in TypeScript would be some 1,500 lines of C to port and keep,
 * where the library is 225 KB of WebAssembly loaded in 20 ms. Loaded on first use, in Node.
 */
import { createRequire } from "node:module";
import type { GreyImage } from "./detector.ts";
import type { DetectedMarker } from "./markers.ts";

/** How the library looks: its `quad_decimate` (1: every pixel; 2: quads on a half-size image, cells read at full size). */
export interface AprilTagLook {
  readonly decimate: number;
}

/** One detection: the marker, the bits the library corrected and its decision margin. */
export interface AprilTagMarker extends DetectedMarker {
  readonly hamming: number;
  readonly margin: number;
}

/** The library, loaded. */
export interface AprilTag {
  detect(image: GreyImage, look?: AprilTagLook): AprilTagMarker[];
}

interface Module {
  _qd_init(decimate: number, sigma: number, refine: number, sharpening: number, maxHamming: number): number;
  _qd_detect(buf: number, w: number, h: number, out: number, max: number): number;
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

let loading: Promise<AprilTag> | null = null;

/** The library (one instance per process: the C detector keeps its own state). */
export function loadAprilTag(): Promise<AprilTag> {
  loading ??= start();
  return loading;
}

async function start(): Promise<AprilTag> {
  const create = createRequire(import.meta.url)("./apriltag/apriltag-wasm.cjs") as () => Promise<Module>;
  const m = await create();
  // the library's defaults (blur 0, edges refined, decode sharpening 0.25); decimate is set per look
  if (m._qd_init(1, 0, 1, 0.25, MAX_HAMMING) !== 1) throw new Error("the AprilTag library did not start");
  let decimate = 1;
  return {
    detect(image, look = { decimate: 1 }) {
      if (look.decimate !== decimate) {
        m._qd_init(look.decimate, 0, 1, 0.25, MAX_HAMMING);
        decimate = look.decimate;
      }
      const n = image.width * image.height;
      const buf = m._malloc(n);
      const out = m._malloc(MAX_DETECTIONS * STRIDE * 4);
      try {
        m.HEAPU8.set(image.data, buf);
        const count = m._qd_detect(buf, image.width, image.height, out, MAX_DETECTIONS);
        const f = m.HEAPF32.subarray(out / 4, out / 4 + count * STRIDE);
        return Array.from({ length: count }, (_, k) => asMarker(f.subarray(k * STRIDE, (k + 1) * STRIDE)));
      } finally {
        m._free(buf);
        m._free(out);
      }
    },
  };
}

/**
 * The library's corners (bottom-left, bottom-right, top-right, top-left of the tag, pixel centres at half-integers)
 * as the official image's order (top-left first, clockwise) at integer pixel centres.
 */
function asMarker(f: Float32Array): AprilTagMarker {
  const p = (k: number) => ({ x: (f[3 + 2 * k] as number) - 0.5, y: (f[4 + 2 * k] as number) - 0.5 });
  return { id: f[0] as number, hamming: f[1] as number, margin: f[2] as number, corners: [p(3), p(2), p(1), p(0)] };
}
