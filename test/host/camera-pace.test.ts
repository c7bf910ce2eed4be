/**
 * Issue 39 item 4: the camera's sightings reach the table at a fixed rate, each ship at her latest. The first report
 * after a quiet spell goes at once; a ship seen again within the interval goes once, at her latest, with the next
 * batch; nothing waits after the table closes.
 */
import { describe, expect, it } from "vitest";
import type { SeenShip } from "../../devices/positions/feed.ts";
import { CAMERA_REPORT_MS, SightingPacer } from "../../host/camera-pace.ts";
import { ManualClock } from "../support/manual-clock.ts";

const at = (ship: string, x: number): SeenShip => ({ ship, x, y: 100, heading: 0, uncertainty: 0 });

describe("the camera's pacer", () => {
  it("sends the first report at once, then each ship's latest at most once an interval", async () => {
    const clock = new ManualClock();
    const sent: (readonly SeenShip[])[] = [];
    const pacer = new SightingPacer((s) => sent.push(s), clock);
    pacer.offer([at("a", 1)]);
    expect(sent).toEqual([[at("a", 1)]]);
    for (let x = 2; x <= 500; x++) pacer.offer([at("a", x), at("b", x)]); // a sender as fast as the socket goes
    expect(sent).toHaveLength(1);
    expect(pacer.waiting).toBe(2);
    await clock.advance(CAMERA_REPORT_MS);
    expect(sent).toEqual([[at("a", 1)], [at("a", 500), at("b", 500)]]);
    // 30 s of a ship reported every millisecond: one batch an interval, never more
    for (let t = 0; t < 30_000; t++) {
      pacer.offer([at("a", t % 1000)]);
      await clock.advance(1);
    }
    expect(sent.length).toBeLessThanOrEqual(2 + 30_000 / CAMERA_REPORT_MS);
    expect(sent.length).toBeGreaterThanOrEqual(30_000 / CAMERA_REPORT_MS - 1);
  });

  it("after a quiet spell sends at once again; close drops what waits", async () => {
    const clock = new ManualClock();
    const sent: (readonly SeenShip[])[] = [];
    const pacer = new SightingPacer((s) => sent.push(s), clock);
    pacer.offer([at("a", 1)]);
    await clock.advance(5 * CAMERA_REPORT_MS);
    pacer.offer([at("a", 2)]);
    expect(sent).toHaveLength(2);
    pacer.offer([at("a", 3)]);
    pacer.close();
    await clock.advance(5 * CAMERA_REPORT_MS);
    expect(sent).toHaveLength(2);
  });
});
