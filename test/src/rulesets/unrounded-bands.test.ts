/**
 * Issue 37 item 5: a band is decided from the unrounded measurement; rounding is for the display only. Sole Bay:
 * "Ranges are measured from base of firer to base of target" with 4″ close (4+), 8″ medium (5+), 12″ long (6+); 1666
 * Appendix 3: "Ranges would be 2” close, 4” medium and 8” long"; Age of Sail's range table "0- 4cm", "4- 8cm",
 * "8-12cm". A gap 0.004 of the unit beyond an edge shows as beyond it and plays the farther band.
 */
import { describe, expect, it } from "vitest";
import { parseRequest } from "../../../src/game/engine.ts";
import type { RuleSet, TableState } from "../../../src/game/types.ts";
import { ageOfSail } from "../../../src/rulesets/age-of-sail/index.ts";
import { angloDutch1666 } from "../../../src/rulesets/anglo-dutch-1666/index.ts";
import { soleBay1672 } from "../../../src/rulesets/sole-bay-1672/index.ts";
import { sampleShip } from "./ship-samples.ts";

const EXACT = { mm: 0, degrees: 0 };
const IN = 25.4;

/** The purpose of the request's first roll, as the plan says it ("… 4+ …"). */
function purpose(rs: RuleSet<TableState>, r: ReturnType<typeof parseRequest>): string {
  if (!r.ok) return r.error.message;
  const plan = rs.plan(r.value.state, r.value.action);
  return plan.ok ? (plan.value[0]?.purpose ?? "") : plan.error.message;
}

/** Two ships abeam and parallel, `gapMm` base to base, measured exactly. */
function abeam(rs: RuleSet<TableState>, action: Record<string, unknown>, gapMm: number) {
  const w = rs.defaultBase?.width ?? 0;
  return parseRequest(rs, {
    ships: [sampleShip(rs, "a", false), sampleShip(rs, "b", true)],
    action: { firer: "a", target: "b", ...action },
    table: { ships: { a: { x: 500, y: 500, heading: 0 }, b: { x: 500 + w + gapMm, y: 500, heading: 0 } }, uncertainty: EXACT },
  });
}

describe("a band from the unrounded reading", () => {
  it("sole-bay-1672: 4.004″ plays medium range (5+), shown as 4.004″; 4″ plays close (4+)", () => {
    const beyond = abeam(soleBay1672 as RuleSet<TableState>, { type: "broadside" }, 4.004 * IN);
    expect(beyond.ok && beyond.value.action.rangeInches).toBeGreaterThan(4);
    expect(purpose(soleBay1672 as RuleSet<TableState>, beyond)).toMatch(/5\+/);
    expect(beyond.ok && beyond.value.measurement?.figures?.rangeInches).toBe("4.004″ base to base");
    const on = abeam(soleBay1672 as RuleSet<TableState>, { type: "broadside" }, 4 * IN);
    expect(purpose(soleBay1672 as RuleSet<TableState>, on)).toMatch(/4\+/);
  });
  it("sole-bay-1672: 12.004″ is beyond gunnery range, and the refusal says 12.004″", () => {
    const r = abeam(soleBay1672 as RuleSet<TableState>, { type: "broadside" }, 12.004 * IN);
    expect(!r.ok && r.error.message).toMatch(/is 12\.004″ from/);
  });
  it("anglo-dutch-1666: 4.004″ is long range, not medium; 8.004″ beyond long range", () => {
    const fire = { type: "fire", smallTarget: false, strongWinds: false, shooterOnFire: false };
    const r = abeam(angloDutch1666 as RuleSet<TableState>, fire, 4.004 * IN);
    expect(r.ok && r.value.action.range).toBe("long");
    const on = abeam(angloDutch1666 as RuleSet<TableState>, fire, 4 * IN);
    expect(on.ok && on.value.action.range).toBe("medium");
    const out = abeam(angloDutch1666 as RuleSet<TableState>, fire, 8.004 * IN);
    expect(!out.ok && out.error.code).toBe("rules.out-of-range");
  });
  it("age-of-sail: 4.004 cm plays the 4- 8cm band; 12.004 cm is beyond the table", () => {
    const fire = { type: "fire", aim: "hull" };
    const r = abeam(ageOfSail as RuleSet<TableState>, fire, 40.04);
    expect(r.ok && r.value.action.rangeCm).toBeGreaterThan(4);
    expect(purpose(ageOfSail as RuleSet<TableState>, r)).toMatch(/4\+ hits/);
    const on = abeam(ageOfSail as RuleSet<TableState>, fire, 40);
    expect(purpose(ageOfSail as RuleSet<TableState>, on)).toMatch(/3\+ hits/);
    const out = abeam(ageOfSail as RuleSet<TableState>, fire, 120.04);
    expect(!out.ok && out.error.message).toMatch(/12\.004 cm away/);
  });
});
