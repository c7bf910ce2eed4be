/**
 * Quickfire measured from positions, from the text's own sentences: "always measure from the forward funnel on the
 * spotting vessel to the forward funnel of the target vessel" (the funnel taken at the base's centre); the Game
 * Scales (small, metric: point blank 0–100, short 100–600, long 600–1200 mm); "a 120° arc centered on each
 * broadside … the remaining 60° arcs to the front and rear"; "line-of-sight is blocked in any way by other vessels".
 */
import { describe, expect, it } from "vitest";
import { parseRequest } from "../../../../src/game/engine.ts";
import { quickfire } from "../../../../src/rulesets/quickfire/index.ts";
import { borodino, mikasa } from "./helpers.ts";

const EXACT = { mm: 0, degrees: 0 };
type Pose = { x: number; y: number; heading: number };
const rad = (d: number) => (d * Math.PI) / 180;
/** Borodino `mm` from Mikasa (at 1000, 1000 heading north) bearing `bearing` off her bow. */
const at = (mm: number, bearing: number): Pose => ({
  x: 1000 + mm * Math.sin(rad(bearing)),
  y: 1000 + mm * Math.cos(rad(bearing)),
  heading: 0,
});

function gunnery(target: Pose, extra: Record<string, Pose> = {}, uncertainty: object = EXACT) {
  return parseRequest(quickfire, {
    ships: [mikasa(), borodino(), ...Object.keys(extra).map((id) => borodino({ id, name: id }))],
    action: { type: "gunnery", firer: "mikasa", target: "borodino", battery: "heavy" },
    table: { ships: { mikasa: { x: 1000, y: 1000, heading: 0 }, borodino: target, ...extra }, uncertainty },
  });
}

describe("quickfire distance funnel to funnel at every band edge", () => {
  for (const edge of [100, 600, 1200]) {
    for (const mm of [edge - 1, edge, edge + 1]) {
      it(`${mm} mm`, () => {
        const r = gunnery(at(mm, 90));
        if (mm > 1200) {
          // beyond long range: refused while measuring, with the measured figure, before anything is asked
          expect(!r.ok && r.error.message).toBe("Borodino is 1201 mm from Mikasa, funnel to funnel; long range ends at 1200 mm.");
          return;
        }
        expect(r.ok && r.value.action.distance).toBe(mm);
      });
    }
  }
  it("a distance within the uncertainty of 600 mm is borderline", () => {
    const r = gunnery(at(602, 90), {}, { mm: 2, degrees: 1 });
    expect(r.ok && r.value.measurement?.borderline[0]).toMatchObject({ field: "distance", readings: [602, 600] });
  });
});

describe("quickfire: a band a person gives", () => {
  it("stands, and no distance is measured beside it", () => {
    const r = parseRequest(quickfire, {
      ships: [mikasa(), borodino()],
      action: { type: "gunnery", firer: "mikasa", target: "borodino", battery: "heavy", range: "long" },
      table: { ships: { mikasa: { x: 1000, y: 1000, heading: 0 }, borodino: at(300, 90) }, uncertainty: EXACT },
    });
    expect(r.ok && [r.value.action.range, r.value.action.distance, r.value.action.arc]).toEqual(["long", undefined, "broadside"]);
    if (r.ok) expect(quickfire.plan(r.value.state, r.value.action).ok).toBe(true);
  });
});

describe("quickfire arcs", () => {
  it("31° off the bow is in the broadside arc, 29° fore-aft; 149° broadside, 151° fore-aft; to port as to starboard", () => {
    const arc = (b: number) => {
      const r = gunnery(at(400, b));
      return r.ok ? r.value.action.arc : r.error.message;
    };
    expect([arc(31), arc(29), arc(149), arc(151), arc(-31), arc(-29), arc(180), arc(0)]).toEqual([
      "broadside",
      "fore-aft",
      "broadside",
      "fore-aft",
      "broadside",
      "fore-aft",
      "fore-aft",
      "fore-aft",
    ]);
  });
});

describe("quickfire line of sight", () => {
  it("another ship on the line between the funnels blocks the shot", () => {
    const r = gunnery(at(400, 90), { retvizan: at(200, 90) });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain("blocks the line of sight");
  });
  it("a ship beside the line does not", () => {
    expect(gunnery(at(400, 90), { retvizan: { x: 1200, y: 1100, heading: 90 } }).ok).toBe(true);
  });
});
