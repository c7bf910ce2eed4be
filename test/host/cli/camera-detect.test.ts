/**
 * `quarterdeck camera detect IMAGE --json` (docs/reference/camera.md): a real photograph's markers (the AprilTag library's own
 * test photo, test/fixtures/camera-real), each id with its four corners and its fit's verdict; a file that is no image,
 * one that is missing and an oversized one exit 2 with the error JSON.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { runCameraDetect } from "../../../host/cli/commands/camera-detect.ts";

const dir = mkdtempSync(join(tmpdir(), "qd-detect-"));
const PHOTO = join(import.meta.dirname, "../../fixtures/camera-real/apriltag-nasa/34139872896_defdb2f8d9_c.jpg");

describe("quarterdeck camera detect", () => {
  it("gives each marker of a real photo: its id, four corners and its fit", { timeout: 120_000 }, async () => {
    const r = await runCameraDetect(PHOTO, true);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      ok: boolean;
      width: number;
      height: number;
      markers: { id: number; corners: [number, number][]; fit: string }[];
    };
    expect(out).toMatchObject({ ok: true, width: 799, height: 533 });
    expect(out.markers.length).toBeGreaterThan(3);
    for (const m of out.markers) {
      expect(m.id).toBe(0); // every tag of the NASA Swarmathon photos is id 0
      expect(m.corners).toHaveLength(4);
      for (const [x, y] of m.corners) expect(x >= -1 && x <= 800 && y >= -1 && y <= 534).toBe(true);
      expect(m.fit).toMatch(/^(kept|refused: .+)$/);
    }
    const text = await runCameraDetect(PHOTO, false);
    expect(text.stdout).toMatch(/799×533, \d+ markers seen\nmarker 0 at \(/);
  });

  it("exits 2 on a file that is not an image, a missing file and an oversized image", async () => {
    const notImage = join(dir, "notes.png");
    writeFileSync(notImage, "not a picture");
    const wide = join(dir, "wide.png");
    writeFileSync(wide, PNG.sync.write(new PNG({ width: 8200, height: 2 })));
    for (const file of [notImage, join(dir, "absent.jpg"), wide]) {
      const r = await runCameraDetect(file, true);
      expect(r.code).toBe(2);
      expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, error: { code: "input.invalid", path: file } });
    }
    expect((await runCameraDetect(undefined, true)).code).toBe(2);
  });
});
