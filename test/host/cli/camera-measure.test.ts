/**
 * `quarterdeck camera measure` (docs/reference/camera.md) on a rendered frame written as a PNG: the ships where the renderer put
 * them; a markerless image and a file that is no image say what they found and exit 2.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import type { GreyImage } from "../../../devices/camera/detector.ts";
import { loadOpenCv } from "../../../devices/camera/opencv-node.ts";
import { tagCells } from "../../../devices/testing/camera/cells.ts";
import { renderScene } from "../../../devices/testing/camera/render.ts";
import { randomScene } from "../../../devices/testing/camera/scene.ts";
import { runCameraMeasure } from "../../../host/cli/commands/camera-measure.ts";

const dir = mkdtempSync(join(tmpdir(), "qd-camera-"));

function writePng(name: string, img: GreyImage): string {
  const png = new PNG({ width: img.width, height: img.height });
  img.data.forEach((v, i) => {
    png.data.set([v, v, v, 255], i * 4);
  });
  const file = join(dir, name);
  writeFileSync(file, PNG.sync.write(png));
  return file;
}

describe("quarterdeck camera measure", () => {
  it("gives each ship's position and heading from a rendered frame", { timeout: 120_000 }, async () => {
    const { cv } = await loadOpenCv();
    const scene = randomScene(5, { width: 1920, height: 1080, occlusion: false });
    const file = writePng("frame.png", renderScene(scene, tagCells(cv)).image);
    const r = await runCameraMeasure(file, "1800x1200", undefined, true);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      ok: boolean;
      markers: { id: number; x: number; y: number; heading: number }[];
      missing: number[];
    };
    expect(out.ok).toBe(true);
    expect(out.missing).toEqual([]);
    expect(out.markers.length).toBeGreaterThanOrEqual(22);
    for (const m of out.markers) {
      const t = scene.markers.find((k) => k.id === m.id);
      expect(t, `marker ${m.id}`).toBeDefined();
      if (!t) continue;
      expect(Math.hypot(m.x - t.x, m.y - t.y), `marker ${m.id}`).toBeLessThan(2);
      expect(Math.abs(((m.heading - t.heading + 540) % 360) - 180), `marker ${m.id}`).toBeLessThan(1);
    }
  });

  it("says what it found on a markerless image and exits 2", async () => {
    const file = writePng("blank.png", { width: 320, height: 240, data: new Uint8Array(320 * 240).fill(128) });
    const r = await runCameraMeasure(file, "1800x1200", undefined, true);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, error: { code: "camera.corners" }, found: [], missing: [0, 1, 2, 3] });
    expect(r.stdout).toMatch(/no markers/);
  });

  it("refuses a file that is no image, and a bad area", async () => {
    const file = join(dir, "notes.txt");
    writeFileSync(file, "not an image");
    const r = await runCameraMeasure(file, "1800x1200", undefined, true);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/neither a PNG nor a JPEG/);
    expect((await runCameraMeasure(file, "big", undefined, true)).code).toBe(2);
  });
});
