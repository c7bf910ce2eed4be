/**
 * refineMarker's edges (devices/camera/refine.ts): with no iterations asked for it gives the start back, with its
 * residual and corner σ — not an exception; with its default iterations it fits a drawn marker to within a tenth of a
 * pixel from corners a pixel and a half off. Its fit is judged on the marker's paper: a marker on a block, whose
 * sides past the paper are dark and light (as in the AprilTag library's NASA photos), is kept; a hand over its corner
 * is not.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { GreyImage } from "../../../devices/camera/detector.ts";
import { fitKept } from "../../../devices/camera/fit-gate.ts";
import { MARKER_CELLS, type MarkerCells } from "../../../devices/camera/marker-cells.ts";
import { loadOpenCv } from "../../../devices/camera/opencv-node.ts";
import { refineMarker } from "../../../devices/camera/refine.ts";
import { tagCells } from "../../../devices/testing/camera/cells.ts";
import { gaussianBlur } from "../../../devices/testing/camera/sensor.ts";
import type { Point } from "../../../src/geometry/vec.ts";

const SIZE = 120;
const CELL = 8; // px: the marker 64 px across, its top-left at (28, 28)
const AT = 28;

/**
 * Marker `id` drawn upright, its white quiet zone one cell wide on grey cloth, blurred σ 1 px. `beyond` gives the
 * grey past the paper at (u, v) in cells (uniform cloth by default).
 */
function drawn(cells: MarkerCells, id: number, beyond: (u: number, v: number) => number = () => 100): GreyImage {
  const c = cells(id);
  const img = new Float32Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const u = Math.floor((x - AT) / CELL);
      const v = Math.floor((y - AT) / CELL);
      const inMarker = u >= 0 && u < MARKER_CELLS && v >= 0 && v < MARKER_CELLS;
      const onPaper = u >= -1 && u <= MARKER_CELLS && v >= -1 && v <= MARKER_CELLS;
      img[y * SIZE + x] = inMarker && c[v * MARKER_CELLS + u] ? 30 : onPaper ? 220 : beyond(u, v);
    }
  }
  return { width: SIZE, height: SIZE, data: Uint8Array.from(gaussianBlur(img, SIZE, SIZE, 1), (v) => Math.round(v)) };
}

// pixel centres at integers (the detector's convention): the marker's first pixel, AT, begins at AT − 0.5
const E = AT - 0.5;
const TRUE: Point[] = [
  { x: E, y: E },
  { x: E + 64, y: E },
  { x: E + 64, y: E + 64 },
  { x: E, y: E + 64 },
];

describe("refineMarker", () => {
  let cells: MarkerCells;
  let image: GreyImage;
  beforeAll(async () => {
    cells = tagCells((await loadOpenCv()).cv);
    image = drawn(cells, 17);
  });
  const start = TRUE.map((p, i) => ({ x: p.x + (i === 1 ? 1.5 : -0.5), y: p.y + 0.5 })) as never;

  it("with no iterations gives the start back, with its residual and σ", () => {
    const r = refineMarker(image, { id: 17, corners: start }, cells(17), { iterations: 0 });
    expect(r).not.toBeNull();
    r?.corners.forEach((c, i) => {
      expect(c.x).toBeCloseTo((start as Point[])[i]?.x as number, 6);
      expect(c.y).toBeCloseTo((start as Point[])[i]?.y as number, 6);
    });
    expect(Number.isFinite(r?.residual)).toBe(true);
    expect(Number.isFinite(r?.cornerSigma)).toBe(true);
  });

  it("with its default iterations fits the drawn marker's corners within a tenth of a pixel", () => {
    const r = refineMarker(image, { id: 17, corners: start }, cells(17));
    expect(r).not.toBeNull();
    for (const [i, c] of (r?.corners ?? []).entries()) {
      expect(Math.hypot(c.x - (TRUE[i]?.x ?? 0), c.y - (TRUE[i]?.y ?? 0))).toBeLessThan(0.1);
    }
  });

  describe("on a block: past the paper its sides, a shadowed one and a lit one, not the cloth", () => {
    // u, v: the cell past the marker's top-left (−1 is the quiet zone): the block's left side in shadow, its top lit
    const block = (u: number, v: number) => (u < -1 ? 35 : v < -1 ? 245 : 120);

    it("the marker's fit is kept: what lies past its paper is not judged", () => {
      const onBlock = drawn(cells, 17, block);
      const r = refineMarker(onBlock, { id: 17, corners: start }, cells(17));
      expect(r && fitKept(onBlock, r)).toBe(true);
      for (const [i, c] of (r?.corners ?? []).entries()) {
        expect(Math.hypot(c.x - (TRUE[i]?.x ?? 0), c.y - (TRUE[i]?.y ?? 0))).toBeLessThan(0.25);
      }
    });

    it("a hand over its corner is refused", () => {
      const covered = drawn(cells, 17, block);
      for (let y = 0; y < SIZE; y++) {
        for (let x = 0; x < SIZE; x++) if (Math.hypot(x - E, y - E) < 20) covered.data[y * SIZE + x] = 150;
      }
      const r = refineMarker(covered, { id: 17, corners: start }, cells(17));
      expect(r === null || !fitKept(covered, r)).toBe(true);
    });
  });
});
