/**
 * The official AprilTag 36h11 images (test/fixtures/apriltag-official) drawn into a frame, for the orientation tests:
 * ids 0 and 1, 12 px a cell on white, the frame turned a quarter-turn clockwise `turns` times and softened as a photo
 * is; and where the black border's corners then are, the official top-left first.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PNG } from "pngjs";
import type { GreyImage } from "../../../devices/camera/detector.ts";

const FIXTURES = join(import.meta.dirname, "../../fixtures/apriltag-official");
const SCALE = 12;
const AT = 60;
const SIZE = 240;

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
export function official(id: number): boolean[] {
  const png = PNG.sync.read(readFileSync(join(FIXTURES, `tag36_11_${String(id).padStart(5, "0")}.png`)));
  if (png.width !== 10 || png.height !== 10) throw new Error(`tag ${id}: ${png.width}×${png.height}, not 10 × 10`);
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

/** Marker `id`'s official image drawn (12 px a cell at (60, 60) in a 240 × 240 frame), turned `turns` × 90° clockwise. */
export function drawnOfficial(id: number, turns: number): GreyImage {
  return drawn(id, SCALE, AT, SIZE, turns);
}

/** Where the black border's outer corners are in `drawnOfficial`'s frame, the official top-left first, clockwise. */
export function officialCorners(turns: number): [number, number][] {
  // the border's first cell starts at AT + SCALE (pixel edges): its edge is half a pixel before that pixel's centre
  const lo = AT + SCALE - 0.5;
  const hi = AT + 9 * SCALE - 0.5;
  const upright: [number, number][] = [
    [lo, lo],
    [hi, lo],
    [hi, hi],
    [lo, hi],
  ];
  return upright.map((p) => turned(p, SIZE, turns));
}
