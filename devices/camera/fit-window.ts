/**
 * The pixels a marker's pattern is fitted to (`refine.ts`), and where the fit starts: the pixels within `REACH` cells
 * of the marker, in coordinates normalised about its centre (cells), and the homography its detected corners give.
 * The same window serves the cell read after a fit (`readFitted` in `marker-code.ts`). Pure: runs in Node and in the
 * camera page's worker.
 */
import { type Quad, quadSide } from "../../src/geometry/quad.ts";
import type { ImagePoint, Point } from "../../src/geometry/vec.ts";
import type { GreyImage } from "./detector.ts";
import { applyHomography, fitHomography, homographyOf, invertHomography } from "./homography.ts";
import { MARKER_CELLS } from "./marker-cells.ts";
import { REACH, type Sample } from "./marker-pattern.ts";

const HALF = MARKER_CELLS / 2; // the marker spans −4…4 cells about its centre

/** The marker's corners in its own cells, about its centre (top-left first, as printed). */
export const MARKER_CORNERS: Quad = [
  { x: -HALF, y: -HALF },
  { x: HALF, y: -HALF },
  { x: HALF, y: HALF },
  { x: -HALF, y: HALF },
];

/** The fewest samples a cell along each axis: a marker of more pixels a cell is sampled every other pixel or sparser. */
const SAMPLES_A_CELL = 3;

/** The pixels a marker's pattern is fitted to, and the starting parameters: see `fitWindow`. */
export interface FitWindow {
  /** The marker's centre (px) and its pixels per cell, about: samples are in cells about the centre. */
  readonly cx: number;
  readonly cy: number;
  readonly k: number;
  /** The homography from normalised image to marker cells (−4…4), h33 = 1: 8 entries. */
  readonly p: Float64Array;
  readonly samples: Sample[];
}

/**
 * The pixels within `REACH` cells of the marker whose corners are `corners`, in normalised coordinates (cells about
 * its centre), and the homography its corners give; null when it runs off the image or is degenerate.
 */
export function fitWindow(image: GreyImage, corners: Quad<ImagePoint>): FitWindow | null {
  const cx = (corners[0].x + corners[1].x + corners[2].x + corners[3].x) / 4;
  const cy = (corners[0].y + corners[1].y + corners[2].y + corners[3].y) / 4;
  const k = quadSide(corners) / MARKER_CELLS; // pixels per cell, about
  if (!(k > 0.5)) return null;
  // Work in pixels about the centre, in cells: the homography's entries are then all of order one.
  const norm = (p: Point): Point => ({ x: (p.x - cx) / k, y: (p.y - cy) / k });
  const h0 = fitHomography(corners.map(norm), MARKER_CORNERS);
  if (!h0 || Math.abs(h0[8]) < 1e-12) return null;
  const p = Float64Array.from(h0.slice(0, 8), (v) => v / h0[8]);

  // The pixels to fit: those whose marker coordinates lie within REACH cells.
  const inv = invertHomography(homographyOf(p));
  let x0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const [u, v] of [
    [-REACH, -REACH],
    [REACH, -REACH],
    [REACH, REACH],
    [-REACH, REACH],
  ] as const) {
    const q = applyHomography(inv, { x: u, y: v });
    x0 = Math.min(x0, q.x * k + cx);
    x1 = Math.max(x1, q.x * k + cx);
    y0 = Math.min(y0, q.y * k + cy);
    y1 = Math.max(y1, q.y * k + cy);
  }
  const ix0 = Math.floor(x0);
  const ix1 = Math.ceil(x1);
  const iy0 = Math.floor(y0);
  const iy1 = Math.ceil(y1);
  if (ix0 < 0 || iy0 < 0 || ix1 >= image.width || iy1 >= image.height) return null;
  const samples: Sample[] = [];
  const h = homographyOf(p);
  // Large markers (4K, close to the camera) are sampled on a coarser grid: three samples a cell or more are plenty
  // (at 4K, 40 mm markers of 50 px were fitted from 7,500 pixels each, most of `camera measure`'s time; every other
  // pixel, a quarter of them, leaves ships within hundredths of a millimetre: docs/performance.md).
  const stride = Math.max(1, Math.floor(k / SAMPLES_A_CELL));
  // the homography written out: this loop visits every pixel about the marker, and two objects a pixel were most of
  // `camera measure`'s garbage
  const [a0, a1, a2, a3, a4, a5, a6, a7, a8] = h;
  for (let y = iy0; y <= iy1; y += stride) {
    const ny = (y - cy) / k;
    for (let x = ix0; x <= ix1; x += stride) {
      const nx = (x - cx) / k;
      const w = a6 * nx + a7 * ny + a8;
      const u = (a0 * nx + a1 * ny + a2) / w;
      const v = (a3 * nx + a4 * ny + a5) / w;
      if (Math.abs(u) <= REACH && Math.abs(v) <= REACH) samples.push({ x: nx, y: ny, v: image.data[y * image.width + x] ?? Number.NaN });
    }
  }
  return { cx, cy, k, p, samples };
}
