/**
 * The camera end to end on a few rendered layouts (the bench runs 200: docs/performance.md): OpenCV over WebAssembly
 * finds the markers, the fit places the ships: every ship placed is within ±2 mm and ±1° (none misplaced, covered or
 * not), and nearly every fully visible one is found (a blurred one may be missed: the bench counts them).
 */
import { describe, expect, it } from "vitest";
import { trial } from "../../../bench/camera-trial.ts";
import { openCvDetector } from "../../../devices/camera/opencv-detector.ts";
import { loadOpenCv } from "../../../devices/camera/opencv-node.ts";
import { openCvCells } from "../../../devices/testing/camera/cells.ts";
import { randomScene } from "../../../devices/testing/camera/scene.ts";

describe("camera accuracy on rendered frames", () => {
  it("places ships within tolerance, never misplaces one, finds ≥ 90 % of the visible ones (3 layouts, 1920×1080)", {
    timeout: 180_000,
  }, async () => {
    const { cv } = await loadOpenCv();
    const detector = await openCvDetector(cv);
    const cells = openCvCells(cv);
    try {
      let visible = 0;
      let found = 0;
      for (const seed of [101, 102, 103]) {
        const t = await trial(randomScene(seed, { width: 1920, height: 1080 }), detector, cells);
        expect(t.ok).toBe(true);
        for (const m of t.markers) {
          expect(m.result, `seed ${seed} ship ${m.id} (${m.visibility})`).not.toBe("misplaced");
          if (m.visibility === "visible") {
            visible++;
            if (m.result === "found") found++;
          }
        }
      }
      expect(found / visible).toBeGreaterThanOrEqual(0.9);
    } finally {
      detector.close();
    }
  });
});
