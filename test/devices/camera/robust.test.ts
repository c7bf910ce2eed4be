/**
 * The camera off the happy path (issue 40): rendered tables with a webcam's noise (σ 16 grey levels, where the fixed
 * fit gate placed no ship at all) seen through a lens whose centre is 3 % off the image's, at 1920×1080 and
 * 3840×2160 with 40 and 50 mm markers — on seeds 401–404, none of which anything was tuned on (the gate and the lens
 * search were tried on seeds 1–3; the bench's held-out run is seeds 301–305, docs/performance.md). At least 98 % of
 * the fully visible ships within 2 mm and 2°, none placed out of it, covered or not. And a frame missing a corner
 * reference, through the camera's pipeline, still places the ships.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headingDifference } from "../../../bench/camera-trial.ts";
import { aprilTagDetector } from "../../../devices/camera/apriltag-detector.ts";
import { loadAprilTag } from "../../../devices/camera/apriltag-node.ts";
import type { MarkerDetector } from "../../../devices/camera/detector.ts";
import { MarkerFinder } from "../../../devices/camera/find-markers.ts";
import { type MarkerCells, officialCells } from "../../../devices/camera/marker-cells.ts";
import { FIRST_SHIP_ID } from "../../../devices/camera/markers.ts";
import { measureMarkers } from "../../../devices/camera/measure.ts";
import { CameraPipeline } from "../../../devices/camera/pipeline.ts";
import { renderScene } from "../../../devices/testing/camera/render.ts";
import { randomScene, type Scene } from "../../../devices/testing/camera/scene.ts";

const WEBCAM_NOISE = 16;

/** Each ship of `scene` placed in `poses`: within 2 mm and 2°, out of it, or not placed. */
function score(scene: Scene, poses: readonly { id: number; x: number; y: number; heading: number }[]) {
  return scene.markers
    .filter((m) => m.id >= FIRST_SHIP_ID)
    .map((truth) => {
      const p = poses.find((q) => q.id === truth.id);
      if (!p) return { id: truth.id, result: "missing" as const };
      const within = Math.hypot(p.x - truth.x, p.y - truth.y) <= 2 && headingDifference(p.heading, truth.heading) <= 2;
      return { id: truth.id, result: within ? ("placed" as const) : ("misplaced" as const) };
    });
}

describe("the camera on noisy frames through an off-centre lens", () => {
  let detector: MarkerDetector;
  let cells: MarkerCells;
  beforeAll(async () => {
    detector = aprilTagDetector(await loadAprilTag());
    cells = officialCells();
  });
  afterAll(() => detector?.close());

  it("noise σ 16, the lens's centre 3 % off: ≥ 98 % of visible ships within 2 mm and 2°, none misplaced (4 layouts, held out)", {
    timeout: 600_000,
  }, async () => {
    const layouts = [
      { seed: 401, width: 1920, height: 1080, shipSize: 50, lensCentre: { x: 0.03, y: 0.02 } },
      { seed: 402, width: 1920, height: 1080, shipSize: 40, lensCentre: { x: -0.03, y: 0.02 } },
      { seed: 403, width: 3840, height: 2160, shipSize: 40, lensCentre: { x: 0.03, y: -0.03 } },
      { seed: 404, width: 3840, height: 2160, shipSize: 50, lensCentre: { x: -0.02, y: -0.03 } },
    ];
    let visible = 0;
    let placed = 0;
    for (const { seed, ...o } of layouts) {
      const scene = randomScene(seed, { ...o, noise: WEBCAM_NOISE });
      const { image, visibility } = renderScene(scene, cells);
      const ships = scene.markers.filter((m) => m.id >= FIRST_SHIP_ID).map((m) => m.id);
      const { markers } = await new MarkerFinder(detector, { expected: ships }).find(image);
      const m = measureMarkers(markers, { area: scene.area, width: o.width, height: o.height, refine: { image, cells } });
      if (!m.ok) throw new Error(`seed ${seed}: ${m.message}`);
      for (const s of score(scene, m.markers)) {
        expect(s.result, `seed ${seed} ship ${s.id} (${visibility.get(s.id)})`).not.toBe("misplaced");
        if (visibility.get(s.id) !== "visible") continue;
        visible++;
        if (s.result === "placed") placed++;
      }
    }
    expect(visible).toBeGreaterThan(80);
    expect(placed / visible).toBeGreaterThanOrEqual(0.98);
  });

  it("a frame missing a corner reference — and one missing three references — still places the ships", { timeout: 300_000 }, async () => {
    const scene = randomScene(405, {
      width: 1920,
      height: 1080,
      shipSize: 50,
      noise: WEBCAM_NOISE,
      occlusion: false,
      lensCentre: { x: 0.02, y: 0.02 },
    });
    // a model's hull over each (the camera and its view unchanged: the references still set the renderer's focal length)
    const hidden = (ids: number[]): Scene => ({ ...scene, covers: ids.map((id) => ({ id, corner: 0, depth: 0.9 })) });
    const pipeline = new CameraPipeline(detector, { area: scene.area });
    const placedIn = async (s: Scene, at: number) => {
      const { image, visibility } = renderScene(s, cells);
      const r = await pipeline.frame(image, at);
      if (!r.measurement.ok) throw new Error(r.measurement.message);
      const scored = score(scene, r.measurement.markers);
      expect(scored.filter((x) => x.result === "misplaced")).toEqual([]);
      const visible = scored.filter((x) => visibility.get(x.id) === "visible");
      return { m: r.measurement, visible: visible.length, placed: visible.filter((x) => x.result === "placed").length };
    };
    const full = await placedIn(scene, 0);
    expect(full.visible).toBeGreaterThanOrEqual(23);
    expect(full.placed).toBe(full.visible);
    // corner 0 hidden: seven references still fit the plane, the lens and its centre
    const seven = await placedIn(hidden([0]), 100);
    expect(seven.m.missing).toEqual([0]);
    expect(seven.placed).toBe(seven.visible);
    // corner 0 and two edge markers hidden: too few for a plane of their own, the last good frame's serves, and says so
    const five = await placedIn(hidden([0, 4, 7]), 200);
    expect(five.m.note).toBe("reference markers 0, 4, 7 not seen: the plane of the last good frame is used");
    expect(five.placed).toBe(five.visible);
    expect(five.visible).toBeGreaterThanOrEqual(20);
  });
});
