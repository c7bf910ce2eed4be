/**
 * Where a camera's first look runs (`first-plan.ts`): the whole frame first and at most once a second, else regions
 * about the markers the last frame found; and the AprilTag detector over those regions (`scanRegions`) finds each
 * marker once, as over the whole frame, on a noisy rendered table (σ 16).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { aprilTagDetector } from "../../../devices/camera/apriltag-detector.ts";
import { loadAprilTag } from "../../../devices/camera/apriltag-node.ts";
import type { GreyImage, MarkerDetector } from "../../../devices/camera/detector.ts";
import { aroundMarker, FirstPlan } from "../../../devices/camera/first-plan.ts";
import { officialCells } from "../../../devices/camera/marker-cells.ts";
import type { DetectedMarker } from "../../../devices/camera/markers.ts";
import { renderScene } from "../../../devices/testing/camera/render.ts";
import { randomScene } from "../../../devices/testing/camera/scene.ts";

const square = (id: number, x: number, y: number, side: number): DetectedMarker => ({
  id,
  corners: [
    { x, y },
    { x: x + side, y },
    { x: x + side, y: y + side },
    { x, y: y + side },
  ],
});

describe("the first look's plan", () => {
  it("looks at the whole frame first, then about the markers last found, and at the whole frame again after a second", () => {
    const plan = new FirstPlan(1000);
    expect(plan.where(0)).toBe("frame");
    plan.saw([square(10, 100, 100, 20), square(11, 400, 300, 30)]);
    expect(plan.where(100)).toEqual([
      { x: 80, y: 80, width: 60, height: 60 },
      { x: 370, y: 270, width: 90, height: 90 },
    ]);
    expect(plan.where(999)).not.toBe("frame");
    expect(plan.where(1000)).toBe("frame");
    plan.saw([]);
    expect(plan.where(1100)).toBe("frame"); // nothing found last: nowhere to look but everywhere
    plan.saw([square(10, 100, 100, 20)]);
    plan.reset();
    expect(plan.where(1200)).toBe("frame");
  });

  it("a marker moved by less than its side stays inside the region about where it was", () => {
    const r = aroundMarker(square(10, 100, 100, 20));
    const moved = square(10, 119, 81, 20);
    for (const c of moved.corners) {
      expect(c.x).toBeGreaterThanOrEqual(r.x);
      expect(c.x).toBeLessThanOrEqual(r.x + r.width);
      expect(c.y).toBeGreaterThanOrEqual(r.y);
      expect(c.y).toBeLessThanOrEqual(r.y + r.height);
    }
  });
});

describe("the AprilTag detector over regions", () => {
  let detector: MarkerDetector;
  let image: GreyImage;
  beforeAll(async () => {
    detector = aprilTagDetector(await loadAprilTag());
    image = renderScene(randomScene(406, { width: 1920, height: 1080, noise: 16, occlusion: false }), officialCells()).image;
  }, 120_000);

  it("finds in the regions about each marker the markers the whole frame gives, each once, at the same corners", {
    timeout: 120_000,
  }, async () => {
    const whole = (await detector.scan(image)).markers;
    expect(whole.length).toBeGreaterThan(25);
    const scanRegions = detector.scanRegions?.bind(detector);
    if (!scanRegions) throw new Error("the AprilTag detector looks over regions");
    // regions overlap (neighbouring markers', here also the left half of the frame): a marker in two is still one
    const half = { x: 0, y: 0, width: image.width / 2, height: image.height };
    const inRegions = (await scanRegions(image, [...whole.map(aroundMarker), half])).markers;
    expect(inRegions.map((m) => m.id).sort((a, b) => a - b)).toEqual(whole.map((m) => m.id).sort((a, b) => a - b));
    for (const m of inRegions) {
      const w = whole.find((o) => o.id === m.id) as DetectedMarker;
      m.corners.forEach((c, k) => {
        const o = w.corners[k] as { x: number; y: number };
        expect(Math.hypot(c.x - o.x, c.y - o.y)).toBeLessThan(0.5);
      });
    }
    // a region off the frame, or too small to hold a marker, is passed over
    expect((await scanRegions(image, [{ x: -500, y: -500, width: 100, height: 100 }])).markers).toEqual([]);
  });
});
