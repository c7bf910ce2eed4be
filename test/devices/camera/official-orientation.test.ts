/**
 * The markers' upright is the official AprilTag images' (CONTRACT §7; test/fixtures/apriltag-official): OpenCV's
 * dictionary is that image turned 180°, so its cells are turned back (`tagCells`) and its corners too
 * (`opencv-detector.ts`). A marker drawn from the official image, at any of four turns, is read with its official
 * top-left first; the cells the sheet prints and the renderer draws are the official image's.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PNG } from "pngjs";
import { beforeAll, describe, expect, it } from "vitest";
import { detectPhoto } from "../../../devices/camera/detect-photo.ts";
import type { GreyImage, MarkerDetector } from "../../../devices/camera/detector.ts";
import { MARKER_CELLS, type MarkerCells, tagCells } from "../../../devices/camera/marker-cells.ts";
import { openCvDetector } from "../../../devices/camera/opencv-detector.ts";
import { loadOpenCv } from "../../../devices/camera/opencv-node.ts";

const FIXTURES = join(import.meta.dirname, "../../fixtures/apriltag-official");

/** A 3 × 3 box blur (a photo is never sharp to the pixel; the pattern fit models a blurred edge). */
function softened(img: GreyImage): GreyImage {
  const { width: w, height: h, data: d } = img;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) s += d[Math.min(h - 1, Math.max(0, y + dy)) * w + Math.min(w - 1, Math.max(0, x + dx))] as number;
      out[y * w + x] = Math.round(s / 9);
    }
  }
  return { width: w, height: h, data: out };
}

/** The official image of `id`: 10 × 10, one pixel a cell, its quiet zone included; true = black. */
function official(id: number): boolean[] {
  const png = PNG.sync.read(readFileSync(join(FIXTURES, `tag36_11_${String(id).padStart(5, "0")}.png`)));
  expect([png.width, png.height]).toEqual([10, 10]);
  return Array.from({ length: 100 }, (_, i) => (png.data[4 * i] as number) < 128);
}

/** The official image drawn `scale` px a cell at (`at`, `at`) on white, the frame turned `turns` × 90° clockwise, softened. */
function drawn(id: number, scale: number, at: number, size: number, turns: number): GreyImage {
  const cells = official(id);
  const upright = new Uint8Array(size * size).fill(230);
  for (let y = 0; y < 10 * scale; y++) {
    for (let x = 0; x < 10 * scale; x++) {
      if (cells[Math.floor(y / scale) * 10 + Math.floor(x / scale)]) upright[(at + y) * size + at + x] = 25;
    }
  }
  const data = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const [u, v] = turnBack(x, y, size, turns);
      data[y * size + x] = upright[v * size + u] as number;
    }
  }
  return softened({ width: size, height: size, data });
}

/** Where pixel (x, y) of the turned frame was in the upright one. */
function turnBack(x: number, y: number, size: number, turns: number): [number, number] {
  let [u, v] = [x, y];
  for (let k = 0; k < turns; k++) [u, v] = [v, size - 1 - u];
  return [u, v];
}

/** A point of the upright frame (pixel centres at integers) where the turned frame has it. */
function turned(p: [number, number], size: number, turns: number): [number, number] {
  let [x, y] = p;
  for (let k = 0; k < turns; k++) [x, y] = [size - 1 - y, x];
  return [x, y];
}

describe("the official AprilTag orientation", () => {
  let detector: MarkerDetector;
  let cells: MarkerCells;
  beforeAll(async () => {
    const { cv } = await loadOpenCv();
    detector = await openCvDetector(cv);
    cells = tagCells(cv);
  });

  it("prints and renders the official images' cells", () => {
    for (const id of [0, 1]) {
      const img = official(id);
      const inner = Array.from({ length: MARKER_CELLS * MARKER_CELLS }, (_, i) => img[(Math.floor(i / 8) + 1) * 10 + (i % 8) + 1]);
      expect(cells(id)).toEqual(inner);
    }
  });

  it("reads a marker drawn from the official image, in each of four turns, its official top-left first", { timeout: 60_000 }, async () => {
    const [scale, at, size] = [12, 60, 240];
    // the black border's outer corners, upright: its first cell starts at at + scale (pixel edges), so the edge is half
    // a pixel before that pixel's centre
    const lo = at + scale - 0.5;
    const hi = at + 9 * scale - 0.5;
    const upright: readonly [number, number][] = [
      [lo, lo],
      [hi, lo],
      [hi, hi],
      [lo, hi],
    ];
    for (const id of [0, 1]) {
      for (let turns = 0; turns < 4; turns++) {
        const seen = await detectPhoto(detector, drawn(id, scale, at, size, turns));
        expect(seen.map((m) => m.id)).toEqual([id]);
        const want = upright.map((p) => turned(p, size, turns));
        seen[0]?.corners.forEach((c, k) => {
          const [x, y] = want[k] as [number, number];
          expect(Math.hypot(c.x - x, c.y - y)).toBeLessThan(0.5);
        });
        expect(seen[0]?.fit).toBe("kept");
      }
    }
  });
});
