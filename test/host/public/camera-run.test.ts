/**
 * The /camera page's pure parts: how many workers it runs, how it takes the camera's frames, whether it keeps up (in
 * words), what the looks beyond OpenCV's took, and which ship markers came into view (set-up by showing a ship's marker to the camera: docs/camera.md).
 */
import { describe, expect, it } from "vitest";
import { ARRIVAL_GAP_MS, arrivals, expectedMarkers, HELD_GAP_MS } from "../../../host/public/camera-arrivals.js";
import { grabMethod } from "../../../host/public/camera-frames.js";
import { lookShares, pace, workerCount } from "../../../host/public/camera-pace.js";

const seen = (...ids: number[]) => ids.map((id) => ({ id }));

describe("ship markers coming into view", () => {
  it("counts a marker never seen, or unseen for a second or more, and never a reference marker", () => {
    const last = new Map<number, number>();
    expect(arrivals(last, seen(0, 1, 12, 13), 0)).toEqual([12, 13]);
    expect(arrivals(last, seen(0, 12, 13), 200)).toEqual([]); // still in view
    expect(arrivals(last, seen(12), 400)).toEqual([]); // 13 covered from here
    expect(arrivals(last, seen(12, 13), 200 + ARRIVAL_GAP_MS - 1)).toEqual([]); // back too soon: a flicker
    expect(arrivals(last, seen(12), 1800)).toEqual([]);
    expect(arrivals(last, seen(12), 2600)).toEqual([]);
    expect(arrivals(last, seen(12, 13), 2000 + ARRIVAL_GAP_MS)).toEqual([13]); // lifted for a second, shown again
    expect(arrivals(last, seen(40), 5000)).toEqual([40]);
  });

  it("counts another ship's marker only when it was out of view long enough to be lifted and shown, not a hand passing", () => {
    const last = new Map<number, number>();
    const held = new Set([15]);
    expect(arrivals(last, seen(15, 40), 0, held)).toEqual([15, 40]); // never seen before
    expect(arrivals(last, seen(15), 2000 + ARRIVAL_GAP_MS, held)).toEqual([]); // under a hand for 3 s
    expect(arrivals(last, seen(15), 3000 + HELD_GAP_MS, held)).toEqual([15]); // lifted off her base and shown
  });

  it("takes a frame answered late (two workers) without counting its markers again", () => {
    const last = new Map<number, number>();
    arrivals(last, seen(20), 1000);
    expect(arrivals(last, seen(20), 900)).toEqual([]);
    expect(last.get(20)).toBe(1000);
  });
});

describe("the page's workers", () => {
  it("runs two workers on four cores or more, one below, or the number asked (1–4)", () => {
    expect(workerCount("", 2)).toBe(1);
    expect(workerCount("", 4)).toBe(2);
    expect(workerCount("?workers=2", 2)).toBe(2);
    expect(workerCount("?workers=9", 8)).toBe(2);
    expect(workerCount("?workers=x", 1)).toBe(1);
  });

  it("takes the camera's own frames where the browser has a track processor, else bitmaps of the video", () => {
    const chromium = { MediaStreamTrackProcessor: class {}, VideoFrame: class {} };
    expect(grabMethod("", chromium)).toBe("track");
    expect(grabMethod("?grab=bitmap", chromium)).toBe("bitmap");
    expect(grabMethod("", { VideoFrame: class {} })).toBe("bitmap");
    expect(grabMethod("", {})).toBe("bitmap");
  });
});

describe("whether the page keeps up, in words", () => {
  it("keeps up at five frames a second or more, and says how soon a ship is sent", () => {
    expect(pace(7.2, 30, "1920x1080")).toEqual({
      keepsUp: true,
      words: "Keeping up: 7.2 frames a second; a ship is sent about 0.9 s after she stops.",
    });
  });

  it("keeps up with a camera slower than that when it measures every frame", () => {
    expect(pace(1.9, 2, "1920x1080").keepsUp).toBe(true);
    expect(pace(1.2, 2, "1920x1080").keepsUp).toBe(false);
    expect(pace(1.2, null, "1920x1080").keepsUp).toBe(false);
  });

  it("says when it falls behind, and what would help at each resolution", () => {
    const slow = pace(1, 30, "3840x2160");
    expect(slow.keepsUp).toBe(false);
    expect(slow.words).toBe(
      "Falling behind: 1.0 frames a second (the aim is 5); a ship is sent about 2.6 s after she stops. 1920 × 1080 measures about four times faster.",
    );
    expect(pace(2.5, 30, "1920x1080").words).toMatch(/^Falling behind: 2\.5 frames a second .* Close other programs/);
  });
});

describe("the markers the workers expect", () => {
  const setup = {
    ships: [
      { marker: 12, ship: "b", name: "B" },
      { marker: 10, ship: "a", name: "A" },
      { marker: 40, ship: "c", name: "C" },
    ],
  };

  it("are the game's ships' markers, given at the table or by roster order", () => {
    expect(expectedMarkers(setup)).toEqual([10, 12, 40]);
    expect(expectedMarkers(setup, { kind: "tag", ship: "a" })).toEqual([10, 12, 40]);
    expect(expectedMarkers({ ships: [] })).toEqual([]);
  });

  it("are any marker while the table waits for a ship's marker to be shown", () => {
    expect(expectedMarkers(setup, { kind: "marker", ship: "a" })).toBeNull();
  });
});

describe("the looks' share of a frame, in the panel's words", () => {
  it("names the second and the further look when each took a millisecond or more, and neither otherwise", () => {
    expect(lookShares({ secondMs: 0.4, furtherMs: 0 })).toBe("");
    expect(lookShares({ secondMs: 12.4, furtherMs: 0.2 })).toBe(", of which a second look 12");
    expect(lookShares({ secondMs: 0, furtherMs: 61.6 })).toBe(", of which a further look 62");
    expect(lookShares({ secondMs: 3, furtherMs: 40 })).toBe(", of which a second look 3 and a further look 40");
  });
});
