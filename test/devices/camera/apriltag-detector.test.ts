/**
 * The AprilTag 3 C library as WebAssembly (`apriltag-detector.ts`): its corners in the official order at integer
 * pixel centres (the official image drawn at four turns), and on the library's own real test photos
 * (test/fixtures/camera-real/apriltag-nasa) `detectPhoto` with it finds the tags OpenCV's quad stage alone misses —
 * 46 of the 47 listed at the last measure, where OpenCV's looks found 28 (docs/camera.md, "Real photographs").
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { AprilTag } from "../../../devices/camera/apriltag-detector.ts";
import { loadAprilTag } from "../../../devices/camera/apriltag-node.ts";
import { detectPhoto } from "../../../devices/camera/detect-photo.ts";
import type { MarkerDetector } from "../../../devices/camera/detector.ts";
import { readGreyImage } from "../../../devices/camera/image-file.ts";
import { openCvDetector } from "../../../devices/camera/opencv-detector.ts";
import { loadOpenCv } from "../../../devices/camera/opencv-node.ts";
import { drawnOfficial, officialCorners } from "./official-tags.ts";

const NASA = join(import.meta.dirname, "../../fixtures/camera-real/apriltag-nasa");

/** The photo's listed tags' centres (the library's test data: its corners at half-integer pixel centres). */
function listed(txt: string): { x: number; y: number }[] {
  return txt
    .trim()
    .split("\n")
    .map((line) => {
      const n = line.match(/-?\d+(?:\.\d+)?/g)?.map(Number) ?? [];
      const at = (k: number) => n[k] ?? Number.NaN;
      return { x: (at(1) + at(3) + at(5) + at(7)) / 4 - 0.5, y: (at(2) + at(4) + at(6) + at(8)) / 4 - 0.5 };
    });
}

describe("the AprilTag library as WebAssembly", () => {
  let april: AprilTag;
  let detector: MarkerDetector;
  beforeAll(async () => {
    april = await loadAprilTag();
    detector = await openCvDetector((await loadOpenCv()).cv);
    return () => detector.close();
  });

  it("gives the official image's corners, its top-left first, at integer pixel centres, at every turn", () => {
    for (let turns = 0; turns < 4; turns++) {
      for (const decimate of [1, 2]) {
        const found = april.detect(drawnOfficial(0, turns), { decimate });
        expect(found.map((m) => m.id)).toEqual([0]);
        officialCorners(turns).forEach(([x, y], k) => {
          const c = found[0]?.corners[k];
          expect(Math.hypot((c?.x ?? 0) - x, (c?.y ?? 0) - y)).toBeLessThan(0.5);
        });
      }
    }
  });

  it("finds on real photos what OpenCV's quad stage misses: at least 45 of the 47 tags listed, no other id", {
    timeout: 120_000,
  }, async () => {
    let found = 0;
    let total = 0;
    for (const f of readdirSync(NASA).filter((n) => n.endsWith(".jpg"))) {
      const read = await readGreyImage(join(NASA, f));
      if (!read.ok) throw new Error(read.reason);
      const image = read.image;
      const tags = listed(readFileSync(join(NASA, f.replace(/\.jpg$/, ".txt")), "utf8"));
      const seen = await detectPhoto(detector, image, april);
      expect(seen.every((m) => m.id === 0)).toBe(true);
      const centres = seen.map((m) => ({ x: m.corners.reduce((s, p) => s + p.x / 4, 0), y: m.corners.reduce((s, p) => s + p.y / 4, 0) }));
      total += tags.length;
      found += tags.filter((t) => centres.some((c) => Math.hypot(c.x - t.x, c.y - t.y) < 5)).length;
    }
    expect(total).toBe(47);
    expect(found).toBeGreaterThanOrEqual(45);
  });
});
