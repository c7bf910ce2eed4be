/**
 * The second look (devices/camera/second-look.ts) on a drawn marker: blurred past OpenCV's reading (σ 1.3 px on
 * cells of 3.6 px), its candidate given as OpenCV gives a rejected one (corners a pixel off, any order, either
 * way round) or as its paper's outline. It is found only when wanted, as itself, its corners fitted; a candidate
 * without a marker, or another marker's, gives nothing. A marker of 19 px (cells of 2.4 px, σ 1.4 px), which a
 * threshold misreads, is read by its cells' levels (`readFitted`), and under a hand it is refused or found in place.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { GreyImage } from "../../../devices/camera/detector.ts";
import { applyHomography, fitHomography } from "../../../devices/camera/homography.ts";
import { MARKER_CELLS, type MarkerCells } from "../../../devices/camera/marker-cells.ts";
import { codesOf, type MarkerCodes, readCode, readFitted } from "../../../devices/camera/marker-code.ts";
import { loadOpenCv } from "../../../devices/camera/opencv-node.ts";
import { secondLook } from "../../../devices/camera/second-look.ts";
import { tagCells } from "../../../devices/testing/camera/cells.ts";
import { gaussianBlur, withNoise } from "../../../devices/testing/camera/sensor.ts";
import type { Point } from "../../../src/geometry/vec.ts";

const SIZE = 160;
const ID = 17;

/** Marker `id` drawn about (80, 80), `side` px across, turned `turn`°, slightly keystoned, blurred by σ `blur` px; its true corners. */
function drawMarker(cells: MarkerCells, id: number, side: number, turn: number, blur = 1.3): { image: GreyImage; corners: Point[] } {
  const a = (turn * Math.PI) / 180;
  const at = (u: number, v: number): Point => {
    const k = 1 + 0.02 * v; // a little perspective
    return { x: 80 + k * (u * Math.cos(a) - v * Math.sin(a)), y: 80 + k * (u * Math.sin(a) + v * Math.cos(a)) };
  };
  const h = side / 2;
  const corners = [at(-h, -h), at(h, -h), at(h, h), at(-h, h)];
  // image → marker cells (−4…4), through the homography of the corners
  const toCells = fitHomography(corners, [
    { x: -4, y: -4 },
    { x: 4, y: -4 },
    { x: 4, y: 4 },
    { x: -4, y: 4 },
  ]);
  if (!toCells) throw new Error("degenerate");
  const c = cells(id);
  const img = new Float32Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      let v = 0;
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          const q = applyHomography(toCells, { x: x - 0.375 + sx / 4, y: y - 0.375 + sy / 4 });
          const inMarker = Math.abs(q.x) < 4 && Math.abs(q.y) < 4;
          const onPaper = Math.abs(q.x) < 5 && Math.abs(q.y) < 5;
          const black = inMarker && c[Math.floor(q.y + 4) * MARKER_CELLS + Math.floor(q.x + 4)];
          v += black ? 35 : onPaper ? 210 : 95;
        }
      }
      img[y * SIZE + x] = v / 16;
    }
  }
  return { image: { width: SIZE, height: SIZE, data: withNoise(gaussianBlur(img, SIZE, SIZE, blur), 3, 7) }, corners };
}

describe("the second look", () => {
  let cells: MarkerCells;
  let codes: MarkerCodes;
  let drawn: { image: GreyImage; corners: Point[] };
  beforeAll(async () => {
    const { cv } = await loadOpenCv();
    cells = tagCells(cv);
    codes = codesOf(cells);
    drawn = drawMarker(cells, ID, 29, 23);
  });

  it("knows the dictionary: each code nearest itself in every turn, every other ≥ 11 cells away", () => {
    for (const id of [0, 3, 10, 17, 42, 300, 586]) {
      const inner: boolean[] = [];
      const c = cells(id);
      for (let r = 1; r < 7; r++) for (let k = 1; k < 7; k++) inner.push(c[r * MARKER_CELLS + k] as boolean);
      const n = codes.nearest(inner);
      expect(n).toMatchObject({ id, turn: 0, distance: 0 });
      expect(n.runnerUp).toBeGreaterThanOrEqual(11);
    }
  });

  it("reads the drawn marker from its true corners", () => {
    const read = readCode(drawn.image, drawn.corners as [Point, Point, Point, Point]);
    expect(read && codes.nearest(read.bits)).toMatchObject({ id: ID, turn: 0 });
  });

  const jitter = (ps: Point[], d: number) => ps.map((p, i) => ({ x: p.x + (i % 2 ? d : -d), y: p.y + (i < 2 ? d : -d) }));
  const scaled = (ps: Point[], s: number) => ps.map((p) => ({ x: 80 + (p.x - 80) * s, y: 80 + (p.y - 80) * s }));

  it("finds a wanted marker from a rough candidate, in any corner order, its corners fitted within 0.3 px", () => {
    const rough = jitter(drawn.corners, 1);
    for (const candidate of [rough, [rough[2], rough[3], rough[0], rough[1]], [rough[0], rough[3], rough[2], rough[1]]] as Point[][]) {
      const found = secondLook(drawn.image, { candidates: [candidate], wanted: (id) => id === ID, cells, codes });
      expect(found.map((m) => m.id)).toEqual([ID]);
      found[0]?.corners.forEach((c, i) => {
        expect(Math.hypot(c.x - (drawn.corners[i] as Point).x, c.y - (drawn.corners[i] as Point).y)).toBeLessThan(0.3);
      });
    }
  });

  it("finds it from its paper's outline, a little wide, as OpenCV gives it at 4K", () => {
    const found = secondLook(drawn.image, { candidates: [scaled(drawn.corners, 1.36)], wanted: (id) => id === ID, cells, codes });
    expect(found.map((m) => m.id)).toEqual([ID]);
  });

  it("gives nothing for a marker not wanted, another marker's wanted code, or a candidate without a marker", () => {
    const rough = jitter(drawn.corners, 1);
    expect(secondLook(drawn.image, { candidates: [rough], wanted: () => false, cells, codes })).toEqual([]);
    expect(secondLook(drawn.image, { candidates: [rough], wanted: (id) => id === ID + 1, cells, codes })).toEqual([]);
    const empty = [
      { x: 5, y: 5 },
      { x: 40, y: 6 },
      { x: 41, y: 40 },
      { x: 4, y: 39 },
    ];
    expect(secondLook(drawn.image, { candidates: [empty, scaled(drawn.corners, 0.5)], wanted: () => true, cells, codes })).toEqual([]);
  });

  describe("a marker of 19 px, cells of 2.4 px, blurred by σ 1.4 px (1080p seed 49's)", () => {
    const TINY = 21;
    let tiny: { image: GreyImage; corners: Point[] };
    beforeAll(() => {
      tiny = drawMarker(cells, TINY, 19, 23, 1.4);
    });

    it("is misread by a threshold at its cells' centres, even from its true corners, and read by its cells' levels", () => {
      const corners = tiny.corners as unknown as [Point, Point, Point, Point];
      const threshold = readCode(tiny.image, corners);
      expect(threshold && codes.distance(threshold.bits, TINY)).toBeGreaterThan(4);
      const soft = readFitted(tiny.image, corners, 1.4);
      expect(soft && codes.nearest(soft.bits)).toMatchObject({ id: TINY, turn: 0, distance: 0 });
    });

    it("is found from OpenCV's outline a pixel inside its border, its corners fitted within 0.3 px; nothing when another is wanted", () => {
      const inside = scaled(tiny.corners, 0.92);
      const found = secondLook(tiny.image, { candidates: [inside], wanted: (id) => id === TINY, cells, codes });
      expect(found.map((m) => m.id)).toEqual([TINY]);
      found[0]?.corners.forEach((c, i) => {
        expect(Math.hypot(c.x - (tiny.corners[i] as Point).x, c.y - (tiny.corners[i] as Point).y)).toBeLessThan(0.3);
      });
      expect(secondLook(tiny.image, { candidates: [inside], wanted: (id) => id !== TINY, cells, codes })).toEqual([]);
    });

    it("under a hand over a corner: refused, or found as itself in place — never read as another marker", () => {
      for (const id of [13, 21]) {
        for (const reach of [6, 13]) {
          const drawn = drawMarker(cells, id, 19, 23, 1.4);
          const corner = drawn.corners[0] as Point;
          const grey = drawn.image.data;
          for (let y = 0; y < SIZE; y++)
            for (let x = 0; x < SIZE; x++) if (Math.hypot(x - corner.x, y - corner.y) < reach) grey[y * SIZE + x] = 150;
          const found = secondLook(drawn.image, { candidates: [scaled(drawn.corners, 0.92)], wanted: () => true, cells, codes });
          expect(found.every((m) => m.id === id)).toBe(true);
          found[0]?.corners.forEach((c, i) => {
            expect(Math.hypot(c.x - (drawn.corners[i] as Point).x, c.y - (drawn.corners[i] as Point).y)).toBeLessThan(0.5);
          });
        }
      }
    });
  });
});
