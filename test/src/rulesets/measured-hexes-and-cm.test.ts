/**
 * Measured from positions in 1666, WS&IM and Age of Sail, from the texts' sentences: 1666's ranges in hexes and
 * (Appendix 3) "2” close, 4” medium and 8” long", its "Stern rake"; WS&IM's range in hexes, broadsides and "Special
 * Rake Rule" on flat and pointy grids, and a signal's "clear line of sight from the stern hex"; Age of Sail's
 * "0- 4cm / 4- 8cm / 8-12cm", its 90° gun-deck arcs, "Firing directly from the stern", "All ships within 12cm of
 * this explosion", and the 16-point heading that sets the point of sail.
 */
import { describe, expect, it } from "vitest";
import { parseRequest } from "../../../src/game/engine.ts";
import { ageOfSail } from "../../../src/rulesets/age-of-sail/index.ts";
import { angloDutch1666 } from "../../../src/rulesets/anglo-dutch-1666/index.ts";
import { wsimBattleV3 } from "../../../src/rulesets/wsim-battle-v3/index.ts";
import { antelope, pelican } from "./anglo-dutch-1666/helpers.ts";
import { bucentaure, victory } from "./wsim-battle-v3/fixtures.ts";

const EXACT = { mm: 0, degrees: 0 };
const IN = 25.4;
type Pose = { x: number; y: number; heading: number };

describe("anglo-dutch-1666 measured", () => {
  const fire = (target: Pose, extra: Record<string, unknown> = {}) =>
    parseRequest(angloDutch1666, {
      ships: [antelope(), pelican({ id: "dutch", name: "Dutchman", side: "dutch", nation: "dutch" })],
      action: { type: "fire", firer: "antelope", target: "dutch", smallTarget: false, strongWinds: false, shooterOnFire: false },
      table: { ships: { antelope: { x: 500, y: 500, heading: 0 }, dutch: target }, uncertainty: EXACT, ...extra },
    });
  // Antelope heading north, the target to starboard, parallel: half widths 7.5 mm each.
  const abeam = (gapIn: number, heading = 0): Pose => ({ x: 515 + gapIn * IN, y: 500, heading });
  it("without hexes: 2″ close, 4″ medium and 8″ long, base to base, at and either side of each edge", () => {
    const band = (g: number) => {
      const r = fire(abeam(g));
      return r.ok ? r.value.action.range : r.error.code;
    };
    expect([1.9, 2, 2.1, 3.9, 4, 4.1, 7.9, 8, 8.1].map(band)).toEqual([
      "short",
      "short",
      "medium",
      "medium",
      "medium",
      "long",
      "long",
      "long",
      "rules.out-of-range",
    ]);
  });
  it("on a hex cloth: range in hexes (2″ flat hexes)", () => {
    const grid = { hexGrid: { size: 2 * IN, origin: { x: 500, y: 500 }, orientation: "flat" } };
    const r = fire({ x: 500 + 1.5 * ((2 * IN) / Math.sqrt(3)) * 2, y: 500 + 2 * IN, heading: 0 }, grid);
    expect(r.ok && r.value.action.range).toBe("medium");
  });
  it("a stern rake: short range, the firer within 30° of dead astern of the target", () => {
    // the target heads east, away from Antelope to her west: Antelope is dead astern of it
    const r = fire(abeam(1, 90));
    expect(r.ok && r.value.action.sternRake).toBe(true);
    const bow = fire(abeam(1, 270));
    expect(bow.ok && bow.value.action.sternRake).toBe(false);
  });
});

describe("anglo-dutch-1666 out of command", () => {
  // "within 4 hexes of the flagship … unless they can trace a line of command via ships in adjacent hexes"
  const initiative = (hexes: Record<string, number>, grid: boolean) =>
    parseRequest(angloDutch1666, {
      ships: Object.keys(hexes).map((id) => antelope({ id, name: id, squadron: "red", flagship: id === "flag" })),
      action: { type: "initiative", flagshipUnseen: [] },
      table: {
        ships: Object.fromEntries(Object.entries(hexes).map(([id, k]) => [id, { x: 500, y: 500 + k * 2 * IN, heading: 90 }])),
        uncertainty: EXACT,
        ...(grid ? { hexGrid: { size: 2 * IN, origin: { x: 500, y: 500 }, orientation: "flat" } } : {}),
      },
    });
  for (const grid of [true, false]) {
    it(`${grid ? "on hexes" : "2″ a hex"}: 4 hexes away is in command, 7 is not, unless a chain of adjacent ships reaches it`, () => {
      const alone = initiative({ flag: 0, a: 4, b: 7 }, grid);
      expect(alone.ok && alone.value.action.outOfCommand).toEqual(["b"]);
      const chained = initiative({ flag: 0, a: 4, c: 5, d: 6, b: 7 }, grid);
      expect(chained.ok && chained.value.action.outOfCommand).toEqual([]);
    });
  }
});

describe("wsim-battle-v3 measured on hexes, flat and pointy", () => {
  for (const orientation of ["flat", "pointy"] as const) {
    const grid = { size: 25.4, origin: { x: 0, y: 0 }, orientation };
    const fire = (firer: Pose, target: Pose) =>
      parseRequest(wsimBattleV3, {
        ships: [victory(), bucentaure()],
        action: { type: "fire", firer: "victory", target: "bucentaure", modifier: 0, ammunition: "round", carronades: 0 },
        table: { ships: { victory: firer, bucentaure: target }, hexGrid: grid, uncertainty: EXACT },
      });
    it(`${orientation}: range from the nearest hex, the broadside and the target's side`, () => {
      // a flat grid's columns run north–south, a pointy grid's rows east–west: put the ships along them
      const along = orientation === "flat" ? { x: 0, y: 25.4 } : { x: 25.4, y: 0 };
      const heading = orientation === "flat" ? 0 : 90;
      const r = fire({ x: 0, y: 0, heading: heading + 90 }, { x: along.x * 5, y: along.y * 5, heading: heading + 90 });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      // the 50 mm bases span two hexes across the line: five hexes centre to centre
      expect(r.value.action.rangeHexes).toBe(5);
      expect(r.value.action.broadside).toBe("left");
      expect(r.value.action.targetBroadside).toBe("right");
    });
    it(`${orientation}: a firer dead astern of the target, well inside its stern rake zone, rakes from the stern`, () => {
      const heading = orientation === "flat" ? 0 : 30;
      const rad = (heading * Math.PI) / 180;
      const back = (k: number) => ({ x: -Math.sin(rad) * 25.4 * k, y: -Math.cos(rad) * 25.4 * k });
      const r = fire({ ...back(6), heading: heading + 90 }, { x: 0, y: 0, heading });
      expect(r.ok && r.value.action.rake).toBe("stern");
      const bow = fire({ x: Math.sin(rad) * 25.4 * 6, y: Math.cos(rad) * 25.4 * 6, heading: heading + 90 }, { x: 0, y: 0, heading });
      expect(bow.ok && bow.value.action.rake).toBe("bow");
      const beam = fire({ x: Math.cos(rad) * 25.4 * 4, y: -Math.sin(rad) * 25.4 * 4, heading }, { x: 0, y: 0, heading });
      expect(beam.ok && beam.value.action.rake).toBe("none");
    });
  }
  describe('VII.2, optional with repeaters: "A signal arrives if there is a clear line of sight from the stern hex of the signalling ship to either hex of the ship to receive the signal, no longer than 15 hexes in length"', () => {
    const grid = { size: 25.4, origin: { x: 0, y: 0 }, orientation: "flat" };
    /** Temeraire `hexes` north of Victory; Bucentaure where asked (else well off the line). */
    const signal = (hexes: number, blocker: Pose, repeaters: boolean) =>
      parseRequest(wsimBattleV3, {
        ships: [victory(), victory({ id: "temeraire", name: "Temeraire" }), bucentaure()],
        settings: { repeaters },
        action: {
          type: "signal",
          player: "nelson",
          from: "victory",
          to: "temeraire",
          rank: "admiral",
          size: 1,
          leaderLoss: false,
          britishAfter1803: false,
        },
        table: {
          // each 50 mm base centred on a hexside: its stern half in one hex, its bow half in the next
          ships: { victory: { x: 0, y: 12.7, heading: 0 }, temeraire: { x: 0, y: 12.7 + 25.4 * hexes, heading: 0 }, bucentaure: blocker },
          hexGrid: grid,
          uncertainty: EXACT,
        },
      });
    const aside = { x: 25.4 * 6, y: 100, heading: 0 };
    const onTheLine = { x: 0, y: 12.7 + 25.4 * 3, heading: 0 };
    it("with repeaters: a clear 8-hex path is measured and accepted", () => {
      const clear = signal(8, aside, true);
      expect(clear.ok && clear.value.action.pathHexes).toBe(8);
    });
    it("with repeaters: a blocked 6-hex signal and a clear 16-hex one are refused alike, each with its figure", () => {
      const blocked = signal(6, onTheLine, true);
      expect(!blocked.ok && blocked.error.message).toBe(
        "VII.2: no clear line of sight from Victory's stern hex to Temeraire (6 hexes; Bucentaure blocks it).",
      );
      const long = signal(16, aside, true);
      expect(!long.ok && long.error.message).toBe(
        "VII.2: the line of sight from Victory's stern hex to Temeraire is 16 hexes, longer than 15; send it through repeaters.",
      );
    });
    it("without repeaters VII.2 is not in play: both are accepted alike, the path measured for VII.3", () => {
      const blocked = signal(6, onTheLine, false);
      expect(blocked.ok && blocked.value.action.pathHexes).toBe(6);
      const long = signal(16, aside, false);
      expect(long.ok && long.value.action.pathHexes).toBe(16);
    });
  });
});

describe("age-of-sail measured in cm", () => {
  const ships = [
    { id: "a", name: "Victory", side: "GB", class: "ship-of-the-line" },
    { id: "b", name: "Redoutable", side: "FR", class: "ship-of-the-line" },
    { id: "c", name: "Neptune", side: "FR", class: "frigate" },
  ];
  const fire = (target: Pose) =>
    parseRequest(ageOfSail, {
      ships,
      action: { type: "fire", firer: "a", target: "b", aim: "hull" },
      table: { ships: { a: { x: 500, y: 500, heading: 0 }, b: target }, uncertainty: EXACT },
    });
  it("range base to base at and either side of 4, 8 and 12 cm", () => {
    const cm = (g: number) => {
      const r = fire({ x: 525 + g * 10, y: 500, heading: 0 });
      return r.ok ? r.value.action.rangeCm : r.error.code;
    };
    expect([3.9, 4, 4.1, 7.9, 8, 8.1, 11.9, 12, 12.1].map(cm)).toEqual([3.9, 4, 4.1, 7.9, 8, 8.1, 11.9, 12, "rules.out-of-range"]);
  });
  it("the battery on the beam the target is on; the target's side that faces the firer; from the stern", () => {
    const r = fire({ x: 560, y: 500, heading: 90 });
    expect(r.ok && [r.value.action.battery, r.value.action.side]).toEqual(["starboard", "stern"]);
    const p = fire({ x: 440, y: 500, heading: 0 });
    expect(p.ok && [p.value.action.battery, p.value.action.side]).toEqual(["port", "starboard"]);
  });
  it("a target dead ahead is outside both gun decks' arcs", () => {
    const r = fire({ x: 500, y: 600, heading: 0 });
    expect(!r.ok && r.error.message).toContain("outside both gun decks' arcs");
  });
  it("ships within 12 cm of an explosion, not one just beyond", () => {
    const r = parseRequest(ageOfSail, {
      ships,
      action: { type: "explosion-fire", from: "a" },
      table: {
        ships: { a: { x: 500, y: 500, heading: 0 }, b: { x: 525 + 119, y: 500, heading: 0 }, c: { x: 475 - 121, y: 500, heading: 0 } },
        uncertainty: EXACT,
      },
    });
    expect(r.ok && r.value.action.ships).toEqual([{ ship: "b", rangeCm: 11.9 }]);
  });
  it("the heading on the 16-point circle sets the point of sail, for every heading band", () => {
    // wind blowing to the S (from the N): close-hauled at ±45°, reaching 45°–135°, running beyond; "a ship may not
    // sail a due north direction" into this wind: refused
    const speed = (heading: number) => {
      const r = parseRequest(ageOfSail, {
        ships,
        wind: { direction: "S", speed: 4 },
        action: { type: "speed", ship: "a" },
        table: { ships: { a: { x: 500, y: 500, heading } }, uncertainty: EXACT },
      });
      if (!r.ok) return r.error.code;
      const t = ageOfSail.resolve(r.value.state, r.value.action, []);
      return t.ok ? `${String(r.value.action.heading)} ${String(t.value.outcome.pointOfSail)}` : t.error.code;
    };
    expect([0, 20, 45, 90, 135, 170, 180, 200, 250, 315].map(speed)).toEqual([
      "rules.illegal",
      "NNE close-hauled",
      "NE close-hauled",
      "E reaching",
      "SE reaching",
      "S running",
      "S running",
      "SSW running",
      "WSW reaching",
      "NW close-hauled",
    ]);
  });
});
