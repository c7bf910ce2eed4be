/**
 * Issue 37 item 5, the texts' remaining geometry, each from its sentence: Quickfire 3.1 Friendly Fire; 1666 Appendix
 * 3's fire arc on a table without a hex cloth.
 */
import { describe, expect, it } from "vitest";
import { parseRequest } from "../../../src/game/engine.ts";
import { angloDutch1666 } from "../../../src/rulesets/anglo-dutch-1666/index.ts";
import { quickfire } from "../../../src/rulesets/quickfire/index.ts";
import { antelope, pelican } from "./anglo-dutch-1666/helpers.ts";
import { borodino, mikasa } from "./quickfire/helpers.ts";

const EXACT = { mm: 0, degrees: 0 };
type Pose = { x: number; y: number; heading: number };

describe('quickfire 3.1 Friendly Fire: "A ship may not fire on an enemy vessel if any part of a friendly vessel is both on the other side of the prospective target and in the line of fire"', () => {
  // Mikasa at (1000, 1000) heading north fires east at Borodino 400 mm away; Fuji is Mikasa's consort.
  const gunnery = (fuji: Pose) =>
    parseRequest(quickfire, {
      ships: [mikasa(), borodino(), mikasa({ id: "fuji", name: "Fuji" })],
      action: { type: "gunnery", firer: "mikasa", target: "borodino", battery: "heavy" },
      table: {
        ships: { mikasa: { x: 1000, y: 1000, heading: 0 }, borodino: { x: 1400, y: 1000, heading: 0 }, fuji: fuji },
        uncertainty: EXACT,
      },
    });
  it("a friendly ship on the line of fire beyond the target: the shot is refused, naming her", () => {
    const r = gunnery({ x: 1700, y: 1000, heading: 0 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/^Fuji is in the line of fire beyond Borodino \(3\.1 Friendly Fire/);
  });
  it("any part of her: her bow corner 1 mm over the line refuses, 1 mm clear of it fires", () => {
    // Fuji heading north, 50 mm long: her stern edge at y − 25
    expect(gunnery({ x: 1700, y: 1000 + 24, heading: 0 }).ok).toBe(false);
    expect(gunnery({ x: 1700, y: 1000 + 26, heading: 0 }).ok).toBe(true);
  });
  it("a friendly ship beside the target, off the line, or on the near side of the firer, does not stop the shot", () => {
    expect(gunnery({ x: 1700, y: 1200, heading: 0 }).ok).toBe(true);
    expect(gunnery({ x: 700, y: 1000, heading: 0 }).ok).toBe(true);
  });
  it("an enemy beyond the target is no friend: the shot stands", () => {
    const r = parseRequest(quickfire, {
      ships: [mikasa(), borodino(), borodino({ id: "oslyabya", name: "Oslyabya" })],
      action: { type: "gunnery", firer: "mikasa", target: "borodino", battery: "heavy" },
      table: {
        ships: {
          mikasa: { x: 1000, y: 1000, heading: 0 },
          borodino: { x: 1400, y: 1000, heading: 0 },
          oslyabya: { x: 1700, y: 1000, heading: 0 },
        },
        uncertainty: EXACT,
      },
    });
    expect(r.ok).toBe(true);
  });
});

describe('anglo-dutch-1666 Appendix 3 without a hex cloth: "Ranges would be 2” close, 4” medium and 8” long, with a 60° fire arc"', () => {
  const rad = (d: number) => (d * Math.PI) / 180;
  /** The target's centre 100 mm from Antelope's (at 500, 500 heading north), bearing `deg` off her bow. */
  const fire = (deg: number, extra: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) =>
    parseRequest(angloDutch1666, {
      ships: [antelope(), pelican({ id: "dutch", name: "Dutchman", side: "dutch", nation: "dutch" })],
      settings,
      action: { type: "fire", firer: "antelope", target: "dutch", smallTarget: false, strongWinds: false, shooterOnFire: false },
      table: {
        ships: {
          antelope: { x: 500, y: 500, heading: 0 },
          dutch: { x: 500 + 100 * Math.sin(rad(deg)), y: 500 + 100 * Math.cos(rad(deg)), heading: deg },
        },
        uncertainty: EXACT,
        ...extra,
      },
    });
  it("the arc applies without being asked: 60°–120° off the bow on either beam fires, outside it is refused with the bearing", () => {
    for (const deg of [61, 90, 119, -61, -119]) expect(fire(deg).ok, `${deg}°`).toBe(true);
    const ahead = fire(45);
    expect(!ahead.ok && ahead.error.message).toBe(
      "Dutchman bears 45° off Antelope's bow, outside both broadsides' 60° fire arcs (60°–120° off the bow; Appendix 3).",
    );
    expect(fire(-150).ok).toBe(false);
  });
  it("on a hex cloth the indicated hexes' diagram is missing: the arc is the setting fireArcs' (off unless set)", () => {
    const grid = { hexGrid: { size: 50.8, origin: { x: 0, y: 0 }, orientation: "flat" } };
    expect(fire(30, grid).ok).toBe(true);
    expect(fire(30, grid, { fireArcs: true }).ok).toBe(false);
  });
});

describe('quickfire 3.2 Torpedoes: "torpedoes have a minimum range within which they may not be used" (small scale: 25 to 100 mm, funnel to funnel)', () => {
  const torpedo = (mm: number) =>
    parseRequest(quickfire, {
      ships: [mikasa({ torpedo: 2 }), borodino()],
      action: { type: "torpedo", firer: "mikasa", targets: ["borodino"] },
      table: { ships: { mikasa: { x: 1000, y: 1000, heading: 0 }, borodino: { x: 1000 + mm, y: 1000, heading: 0 } }, uncertainty: EXACT },
    });
  it("1 mm inside the minimum or beyond the maximum is refused with the figure, before anything is asked", () => {
    expect(!torpedo(24).ok && (torpedo(24) as { error: { message: string } }).error.message).toBe(
      "Borodino is 24 mm away, inside the torpedo minimum range of 25 mm (3.2).",
    );
    const far = torpedo(100.004);
    expect(!far.ok && far.error.message).toBe("Borodino is 100.004 mm away, beyond torpedo range (100 mm).");
  });
  it("at 25 and 100 mm the torpedoes may be checked", () => {
    expect(torpedo(25).ok).toBe(true);
    expect(torpedo(100).ok).toBe(true);
  });
});
