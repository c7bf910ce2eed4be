/**
 * The detector's smallest contour (devices/camera/opencv-detector.ts, `minPerimeterRate`): OpenCV drops a contour of
 * fewer points than a rate times the frame's longer side, counting 8-connected steps, so a marker turned 45° counts
 * 0.71 of its perimeter. With OpenCV's default rate a 40 mm marker 34 px across turned 45° in a 3840×2160 frame was
 * never looked at (the 4K misses of the accuracy bench: docs/performance.md). Drawn here: markers 30–34 px across at
 * 0°, 30° and 45° in a 4K frame, each found, its corners (OpenCV's, before the pattern fit) within 1.5 px; and one of
 * 17 px (a 40 mm marker at 1080p) turned 45° in a 1080p frame, read or at least left among the candidates for the
 * second look.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GreyImage, MarkerDetector } from "../../../devices/camera/detector.ts";
import { applyHomography, fitHomography } from "../../../devices/camera/homography.ts";
import { MARKER_CELLS, type MarkerCells } from "../../../devices/camera/marker-cells.ts";
import { minPerimeterRate, openCvDetector, SMALLEST_MARKER_PX } from "../../../devices/camera/opencv-detector.ts";
import { loadOpenCv } from "../../../devices/camera/opencv-node.ts";
import { tagCells } from "../../../devices/testing/camera/cells.ts";
import { gaussianBlur, withNoise } from "../../../devices/testing/camera/sensor.ts";
import type { Point } from "../../../src/geometry/vec.ts";

interface Drawn {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  readonly side: number;
  readonly turn: number;
}

const CLOTH = 95;

/** The marker's true corners (top-left first, clockwise on screen). */
function cornersOf(m: Drawn): Point[] {
  const a = (m.turn * Math.PI) / 180;
  const h = m.side / 2;
  return [
    [-h, -h],
    [h, -h],
    [h, h],
    [-h, h],
  ].map(([u, v]) => ({
    x: m.x + (u as number) * Math.cos(a) - (v as number) * Math.sin(a),
    y: m.y + (u as number) * Math.sin(a) + (v as number) * Math.cos(a),
  }));
}

/** A frame of plain cloth with the markers drawn on their paper (blur σ 0.6 px, noise σ 3 over each marker's patch). */
function frame(width: number, height: number, markers: readonly Drawn[], cells: MarkerCells): GreyImage {
  const data = new Uint8Array(width * height).fill(CLOTH);
  for (const m of markers) {
    const toCells = fitHomography(cornersOf(m), [
      { x: -4, y: -4 },
      { x: 4, y: -4 },
      { x: 4, y: 4 },
      { x: -4, y: 4 },
    ]);
    if (!toCells) throw new Error("degenerate");
    const c = cells(m.id);
    const r = Math.ceil(m.side);
    const n = 2 * r;
    const patch = new Float32Array(n * n);
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        let v = 0;
        for (let sy = 0; sy < 4; sy++) {
          for (let sx = 0; sx < 4; sx++) {
            const q = applyHomography(toCells, { x: m.x - r + x - 0.375 + sx / 4, y: m.y - r + y - 0.375 + sy / 4 });
            const inMarker = Math.abs(q.x) < 4 && Math.abs(q.y) < 4;
            const onPaper = Math.abs(q.x) < 5 && Math.abs(q.y) < 5;
            const black = inMarker && c[Math.floor(q.y + 4) * MARKER_CELLS + Math.floor(q.x + 4)];
            v += black ? 30 : onPaper ? 180 : CLOTH;
          }
        }
        patch[y * n + x] = v / 16;
      }
    }
    const out = withNoise(gaussianBlur(patch, n, n, 0.6), 3, m.id);
    const x0 = Math.round(m.x) - r;
    const y0 = Math.round(m.y) - r;
    for (let y = 0; y < n; y++) data.set(out.subarray(y * n, (y + 1) * n), (y0 + y) * width + x0);
  }
  return { width, height, data };
}

describe("the detector's smallest contour", () => {
  let detector: MarkerDetector;
  let cells: MarkerCells;
  beforeAll(async () => {
    const { cv } = await loadOpenCv();
    detector = await openCvDetector(cv);
    cells = tagCells(cv);
  });
  afterAll(() => detector?.close());

  it("admits a marker of SMALLEST_MARKER_PX turned 45°, counted in 8-connected steps", () => {
    for (const [w, h] of [
      [1920, 1080],
      [3840, 2160],
    ] as const) {
      expect(minPerimeterRate(w, h) * w).toBeLessThanOrEqual(4 * SMALLEST_MARKER_PX * Math.SQRT1_2 + 1e-9);
    }
    expect(minPerimeterRate(3840, 2160)).toBeLessThan(0.03); // OpenCV's default, 115 points at 4K
  });

  it("finds 30–34 px markers at 0°, 30° and 45° in a 3840×2160 frame, corners within 1.5 px", async () => {
    const drawn: Drawn[] = [
      { id: 20, x: 800, y: 600, side: 34, turn: 45 },
      { id: 31, x: 1600, y: 900, side: 32, turn: 43 },
      { id: 29, x: 2400, y: 1400, side: 30, turn: 47 },
      { id: 17, x: 3000, y: 500, side: 34, turn: 30 },
      { id: 12, x: 600, y: 1700, side: 34, turn: 0 },
    ];
    const found = await detector.detect(frame(3840, 2160, drawn, cells));
    expect(found.map((m) => m.id).sort((a, b) => a - b)).toEqual([12, 17, 20, 29, 31]);
    for (const d of drawn) {
      const m = found.find((f) => f.id === d.id);
      const truth = cornersOf(d);
      m?.corners.forEach((c, i) => {
        expect(Math.hypot(c.x - (truth[i] as Point).x, c.y - (truth[i] as Point).y), `marker ${d.id} corner ${i}`).toBeLessThan(1.5);
      });
    }
  });

  it("looks at a 17 px marker turned 45° in a 1920×1080 frame (a 40 mm marker at 1080p): read, or left as a candidate", async () => {
    // OpenCV's reading of 2-pixel cells is hit and miss; what the contour filter decides is whether it is looked at
    // at all — found, or left for the second look (devices/camera/second-look.ts) among the candidates.
    const drawn: Drawn = { id: 44, x: 900, y: 500, side: 17, turn: 45 };
    const { markers, candidates } = await detector.scan(frame(1920, 1080, [drawn], cells));
    const near = (q: readonly Point[]) =>
      Math.hypot(q.reduce((s, p) => s + p.x, 0) / 4 - drawn.x, q.reduce((s, p) => s + p.y, 0) / 4 - drawn.y) < 4;
    expect(markers.filter((m) => m.id === 44).length + candidates.filter(near).length).toBeGreaterThan(0);
  });
});
