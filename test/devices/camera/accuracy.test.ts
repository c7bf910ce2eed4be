/**
 * The camera end to end on a few rendered layouts (the bench runs 200: docs/performance.md): the AprilTag library
 * (its threshold following the frame's noise) finds the markers, each marker's pattern is fitted to the pixels
 * (devices/camera/refine.ts), the plane fit places
 * the ships. Guarded here, quickly: at 3840×2160 with the 40 mm ship markers `quarterdeck markers` prints, every
 * fully visible marker is found within ±2 mm and ±1°, and at 1920×1080 with 50 mm markers (the first and further
 * looks: devices/camera/find-markers.ts). No marker, covered or not, is ever misplaced.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trial } from "../../../bench/camera-trial.ts";
import { aprilTagDetector } from "../../../devices/camera/apriltag-detector.ts";
import { loadAprilTag } from "../../../devices/camera/apriltag-node.ts";
import type { MarkerDetector } from "../../../devices/camera/detector.ts";
import { officialCells } from "../../../devices/camera/marker-cells.ts";
import { CameraPipeline } from "../../../devices/camera/pipeline.ts";
import { type MarkerCells, renderScene } from "../../../devices/testing/camera/render.ts";
import { randomScene } from "../../../devices/testing/camera/scene.ts";
import { DEFAULT_SHIP_MM } from "../../../host/cli/commands/markers.ts";

describe("camera accuracy on rendered frames", () => {
  let detector: MarkerDetector;
  let cells: MarkerCells;
  beforeAll(async () => {
    detector = aprilTagDetector(await loadAprilTag());
    cells = officialCells();
  });
  afterAll(() => detector?.close());

  it("at 3840×2160 with the printed 40 mm markers: every fully visible ship within ±2 mm and ±1°, none misplaced (1 layout)", {
    timeout: 240_000,
  }, async () => {
    expect(DEFAULT_SHIP_MM).toBe(40);
    for (const seed of [201]) {
      const t = await trial(randomScene(seed, { width: 3840, height: 2160, shipSize: DEFAULT_SHIP_MM }), detector, cells);
      expect(t.ok).toBe(true);
      for (const m of t.markers) {
        expect(m.result, `seed ${seed} ship ${m.id} (${m.visibility})`).not.toBe("misplaced");
        if (m.visibility === "visible") expect(m.result, `seed ${seed} ship ${m.id}`).toBe("found");
      }
    }
  });

  it("at 1920×1080 with 50 mm markers: every fully visible ship within ±2 mm and ±1°, none misplaced (3 layouts)", {
    timeout: 180_000,
  }, async () => {
    for (const seed of [101, 102, 103]) {
      const t = await trial(randomScene(seed, { width: 1920, height: 1080, shipSize: 50 }), detector, cells);
      expect(t.ok).toBe(true);
      for (const m of t.markers) {
        expect(m.result, `seed ${seed} ship ${m.id} (${m.visibility})`).not.toBe("misplaced");
        if (m.visibility === "visible") expect(m.result, `seed ${seed} ship ${m.id}`).toBe("found");
      }
    }
  });

  it("a still table is fitted once: the next frame keeps every ship's corner fit and places her the same", {
    timeout: 120_000,
  }, async () => {
    const scene = randomScene(104, { width: 1920, height: 1080, shipSize: 50 });
    const { image } = renderScene(scene, cells);
    const pipeline = new CameraPipeline(detector, { area: scene.area });
    const first = await pipeline.frame(image, 0);
    const second = await pipeline.frame(image, 100);
    if (!first.measurement.ok || !second.measurement.ok) throw new Error("the layout was not measured");
    expect(first.measurement.refinedShips.length).toBeGreaterThan(10);
    for (const [i, r] of second.measurement.refinedShips.entries()) expect(r).toBe(first.measurement.refinedShips[i]);
    expect(second.measurement.markers).toEqual(first.measurement.markers);
  });
});
