/**
 * Issue 37 item 1, one base everywhere: a ship's `base` is kept by every rule set's parsing and is the one its
 * measures use; Sole Bay's ranges and firing line from a ship's own base ("Ranges are measured from base of firer to
 * base of target"; "If the line crosses an enemy ship model's base, then firing may take place").
 */
import { describe, expect, it } from "vitest";
import { parseRequest } from "../../../src/game/engine.ts";
import { soleBay1672 } from "../../../src/rulesets/sole-bay-1672/index.ts";
import { RULE_SETS, sampleShip } from "./ship-samples.ts";
import { ship } from "./sole-bay-1672/fixtures.ts";

const EXACT = { mm: 0, degrees: 0 };

describe("every rule set keeps a ship's base", () => {
  for (const rs of RULE_SETS) {
    it(`${rs.id}: the base given stays with the ship; without one, none is invented`, () => {
      const parsed = rs.parseState({ ships: [sampleShip(rs, "a", false, { base: { width: 31, length: 97 } }), sampleShip(rs, "b", true)] });
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(parsed.value.ships.find((s) => s.id === "a")?.base).toEqual({ width: 31, length: 97 });
      expect(parsed.value.ships.find((s) => s.id === "b")?.base).toBeUndefined();
    });
  }
});

describe("sole-bay-1672 measures each ship's own base", () => {
  const broadside = (target: { x: number; y: number; heading: number }, base?: object) =>
    parseRequest(soleBay1672, {
      ships: [ship("royal-james", "english", base ? { base } : {}), ship("groot-hollandia", "dutch", base ? { base } : {})],
      action: { type: "broadside", firer: "royal-james", target: "groot-hollandia" },
      table: { ships: { "royal-james": { x: 500, y: 500, heading: 0 }, "groot-hollandia": target }, uncertainty: EXACT },
    });
  const rangeOf = (r: ReturnType<typeof broadside>) =>
    r.ok ? Math.round(Number(r.value.action.rangeInches) * 100) / 100 : r.error.message;

  it("30 mm-wide bases 200 mm apart centre to centre: 6.69″, not the default's 6.89″", () => {
    expect(rangeOf(broadside({ x: 700, y: 500, heading: 0 }))).toBe(6.89);
    expect(rangeOf(broadside({ x: 700, y: 500, heading: 0 }, { width: 30, length: 60 }))).toBe(6.69);
  });
  it("50 mm-wide bases 150 mm apart: 3.94″, close range, not 4.92″", () => {
    const r = broadside({ x: 650, y: 500, heading: 0 }, { width: 50, length: 60 });
    expect(rangeOf(r)).toBe(3.94);
  });
  it("a 120 mm-long target the firing line crosses 50 mm from her centre is fired at, not missed by 0.79″", () => {
    expect(rangeOf(broadside({ x: 700, y: 550, heading: 0 }))).toContain("miss Groot Hollandia's base by 0.79″");
    const r = broadside({ x: 700, y: 550, heading: 0 }, { width: 25, length: 120 });
    expect(r.ok && r.value.action.broadside).toBe("starboard");
  });
});

describe("a bad base is refused naming the ship, and nothing is kept", () => {
  const bad: Array<[string, unknown]> = [
    ["0", { width: 0, length: 60 }],
    ["negative", { width: 25, length: -60 }],
    ["NaN", { width: Number.NaN, length: 60 }],
    ["10 m", { width: 25, length: 10_000 }],
    ["without its length", { width: 25 }],
    ["a number", 25],
  ];
  for (const rs of RULE_SETS)
    for (const [what, base] of bad)
      it(`${rs.id}: a base ${what}`, () => {
        const r = rs.parseState({
          ships: [sampleShip(rs, "a", false), sampleShip(rs, "bucentaure-2", true, { name: "Bucentaure", base })],
        });
        expect(r.ok).toBe(false);
        if (r.ok) return;
        expect(r.error.code).toBe("input.invalid");
        expect(r.error.message).toMatch(/^Bucentaure's base/);
        expect(r.error.path).toMatch(/^ships\[1\]\.base/);
      });
});

describe("positions off the table are refused naming the ship, and nothing is measured", () => {
  it("a request whose table has a size: a ship off it is input.invalid at table.ships.<id>", () => {
    const r = parseRequest(soleBay1672, {
      ships: [ship("royal-james", "english"), ship("groot-hollandia", "dutch")],
      action: { type: "broadside", firer: "royal-james", target: "groot-hollandia" },
      table: {
        ships: { "royal-james": { x: 500, y: 500, heading: 0 }, "groot-hollandia": { x: 2500, y: 500, heading: 0 } },
        size: { width: 1830, length: 1220 },
      },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ code: "input.invalid", path: "table.ships.groot-hollandia" });
    expect(r.error.message).toBe("Groot Hollandia stands at (2500, 500) mm, off the 1830 × 1220 mm table.");
  });
});
