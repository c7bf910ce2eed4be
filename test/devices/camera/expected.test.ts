/**
 * The roster's markers told to the pipeline (the /camera page sends them to its worker: `expected`): the second look
 * runs only when one of them (or a reference marker) is missing, and reads only those. A rendered still table whose
 * detector "misses" ship 12 (read by OpenCV, then handed back as a candidate it could not read, as OpenCV does with a
 * blurred marker): with 12 on the roster the second look finds her; with 12 on no ship's base it does not run at all.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Detection, GreyImage, MarkerDetector } from "../../../devices/camera/detector.ts";
import { openCvDetector } from "../../../devices/camera/opencv-detector.ts";
import { loadOpenCv } from "../../../devices/camera/opencv-node.ts";
import { CameraPipeline, expectedIds } from "../../../devices/camera/pipeline.ts";
import { tagCells } from "../../../devices/testing/camera/cells.ts";
import { renderScene } from "../../../devices/testing/camera/render.ts";
import { randomScene } from "../../../devices/testing/camera/scene.ts";

const MISSED = 12;

/** OpenCV, except that marker MISSED goes to the candidates it could not read. */
function missing(real: MarkerDetector): MarkerDetector {
  const scan = async (image: GreyImage): Promise<Detection> => {
    const d = await real.scan(image);
    const m = d.markers.find((x) => x.id === MISSED);
    return { markers: d.markers.filter((x) => x.id !== MISSED), candidates: [...(m ? [m.corners] : []), ...d.candidates] };
  };
  return {
    scan,
    detect: async (image) => (await scan(image)).markers,
    ...(real.cells ? { cells: real.cells } : {}),
    close: () => {},
  };
}

describe("the ship markers expected", () => {
  let real: MarkerDetector;
  let image: GreyImage;
  let area: { width: number; height: number };
  beforeAll(async () => {
    const { cv } = await loadOpenCv();
    real = await openCvDetector(cv);
    const scene = randomScene(104, { width: 1920, height: 1080, shipSize: 50, ships: 6, occlusion: false });
    area = scene.area;
    image = renderScene(scene, tagCells(cv)).image;
    expect((await real.scan(image)).markers.map((m) => m.id)).toContain(MISSED);
  }, 120_000);
  afterAll(() => real?.close());

  it("looks again for a roster's ship the detector missed, and not at all when every ship of the roster was found", {
    timeout: 120_000,
  }, async () => {
    const pipeline = new CameraPipeline(missing(real), { area, expected: [10, 11, 13, 14, 15] });
    const a = await pipeline.frame(image, 0);
    expect(a.second).toEqual([]);
    expect(a.secondMs).toBe(0);
    expect(a.detected.map((m) => m.id)).not.toContain(MISSED);

    pipeline.expect([10, 11, 12, 13, 14, 15]); // the roster changed: 12 is a ship's now
    const b = await pipeline.frame(image, 100);
    expect(b.second).toEqual([MISSED]);
    expect(b.measurement.ok && b.measurement.markers.map((m) => m.id)).toContain(MISSED);

    pipeline.expect(null); // waiting for a marker to be shown: any
    expect((await pipeline.frame(image, 200)).second).toEqual([MISSED]);
  });

  it("takes only marker ids from a message", () => {
    expect(expectedIds([12, 10, 10, "11", 3.5, -1, 587, 586])).toEqual([12, 10, 586]);
    expect(expectedIds(null)).toBeNull();
    expect(expectedIds("10")).toBeNull();
    expect(expectedIds(Array.from({ length: 2000 }, (_, i) => i))).toHaveLength(587);
  });
});
