/**
 * The markers' upright is the official AprilTag images' (docs/reference/camera.md; test/fixtures/apriltag-official): OpenCV's
 * dictionary is that image turned 180°, so its cells are turned back (`tagCells`) and its corners too
 * (`opencv-detector.ts`). A marker drawn from the official image, at any of four turns, is read with its official
 * top-left first; the cells the sheet prints and the renderer draws are the official image's. AprilTag's own codes
 * (`officialCells`, which the camera's worker and `camera measure` use without OpenCV) give the same cells for every id.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { detectPhoto } from "../../../devices/camera/detect-photo.ts";
import type { MarkerDetector } from "../../../devices/camera/detector.ts";
import { MARKER_CELLS, MAX_MARKER_ID, type MarkerCells, officialCells, tagCells } from "../../../devices/camera/marker-cells.ts";
import { openCvDetector } from "../../../devices/camera/opencv-detector.ts";
import { loadOpenCv } from "../../../devices/camera/opencv-node.ts";
import { drawnOfficial, official, officialCorners } from "./official-tags.ts";

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

  it("AprilTag's own codes give OpenCV's cells turned back, for all 587 ids", () => {
    const fromCodes = officialCells();
    for (let id = 0; id <= MAX_MARKER_ID; id++) expect(fromCodes(id), `marker ${id}`).toEqual(cells(id));
    expect(() => fromCodes(MAX_MARKER_ID + 1)).toThrow(/no AprilTag 36h11 marker/);
  });

  it("reads a marker drawn from the official image, in each of four turns, its official top-left first", { timeout: 60_000 }, async () => {
    for (const id of [0, 1]) {
      for (let turns = 0; turns < 4; turns++) {
        const seen = await detectPhoto(detector, drawnOfficial(id, turns));
        expect(seen.map((m) => m.id)).toEqual([id]);
        const want = officialCorners(turns);
        seen[0]?.corners.forEach((c, k) => {
          const [x, y] = want[k] as [number, number];
          expect(Math.hypot(c.x - x, c.y - y)).toBeLessThan(0.5);
        });
        expect(seen[0]?.fit).toBe("kept");
      }
    }
  });
});
