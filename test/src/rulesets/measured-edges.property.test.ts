/**
 * Issue 37, per rule set: with exact positions (uncertainty 0), a target 1 mm inside and 1 mm outside every band, arc
 * and reach edge of the text gets the text's answer, wherever the firer stands and however she heads; and a base twice
 * the default changes every base-to-base measure by exactly the bases' extra half widths (Quickfire measures funnel
 * to funnel, so its ranges do not change; WS&IM's hexes follow the base's halves). The texts' sentences:
 * - Sole Bay: "Ranges are measured from base of firer to base of target" (4″ 4+, 8″ 5+, 12″ 6+); "The firing line is
 *   measured at 90° to port or starboard. If the line crosses an enemy ship model's base, then firing may take place."
 * - Quickfire: "measure from the forward funnel … to the forward funnel of the target vessel" (small scale: point blank
 *   100 mm, short 600, long 1200); "a 120° arc centered on each broadside … the remaining 60° arcs to the front and rear".
 * - 1666 Appendix 3: "Ranges would be 2” close, 4” medium and 8” long, with a 60° fire arc".
 * - WS&IM: range in hexes from a ship's two hexes; X.2 "aiming at the Hull when firing from 5 hexes or less".
 * - Age of Sail: "0- 4cm", "4- 8cm", "8-12cm"; "Each gun deck has an arc of fire of 90 degrees".
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRequest } from "../../../src/game/engine.ts";
import { measureAction } from "../../../src/game/measure.ts";
import { parseTable } from "../../../src/game/table-positions.ts";
import type { Action, RuleSet, TableState } from "../../../src/game/types.ts";
import { ageOfSail } from "../../../src/rulesets/age-of-sail/index.ts";
import { angloDutch1666 } from "../../../src/rulesets/anglo-dutch-1666/index.ts";
import { quickfire } from "../../../src/rulesets/quickfire/index.ts";
import { rangeBand } from "../../../src/rulesets/quickfire/scales.ts";
import type { QuickfireSettings } from "../../../src/rulesets/quickfire/ship.ts";
import { soleBay1672 } from "../../../src/rulesets/sole-bay-1672/index.ts";
import { wsimBattleV3 } from "../../../src/rulesets/wsim-battle-v3/index.ts";
import { sampleShip } from "./ship-samples.ts";

const EXACT = { mm: 0, degrees: 0 };
const IN = 25.4;
const RUNS = { numRuns: 40 };
type Pose = { x: number; y: number; heading: number };
type Rs = RuleSet<TableState>;

const rad = (d: number) => (d * Math.PI) / 180;
/** A point `along` mm ahead and `across` mm to starboard of a pose. */
const at = (p: Pose, along: number, across: number): Pose => ({
  x: p.x + along * Math.sin(rad(p.heading)) + across * Math.cos(rad(p.heading)),
  y: p.y + along * Math.cos(rad(p.heading)) - across * Math.sin(rad(p.heading)),
  heading: p.heading,
});
/** A point `mm` from a pose's centre, bearing `deg` off her bow, shifted `aside` mm clockwise across that bearing. */
const bearing = (p: Pose, deg: number, mm: number, aside = 0): Pose => {
  const b = rad(p.heading + deg);
  const c = rad(p.heading + deg + 90);
  return { x: p.x + mm * Math.sin(b) + aside * Math.sin(c), y: p.y + mm * Math.cos(b) + aside * Math.cos(c), heading: p.heading };
};

const firerPose = fc.record({
  x: fc.double({ min: 800, max: 1200, noNaN: true }),
  y: fc.double({ min: 800, max: 1200, noNaN: true }),
  heading: fc.double({ min: 0, max: 359.9, noNaN: true }),
});
const side = fc.constantFrom(1, -1);
const inOut = fc.constantFrom(-1, 1);

function request(rs: Rs, action: Record<string, unknown>, a: Pose, b: Pose, opts: { base?: object; extra?: object } = {}) {
  const base = opts.base ? { base: opts.base } : {};
  return parseRequest(rs, {
    ships: [sampleShip(rs, "a", false, base), sampleShip(rs, "b", true, base)],
    action: { firer: "a", target: "b", ...action },
    table: { ships: { a, b }, uncertainty: EXACT, ...opts.extra },
  });
}
/** The first roll's purpose ("… 4+ …"), or the refusal's code. */
function purpose(rs: Rs, r: ReturnType<typeof parseRequest>): string {
  if (!r.ok) return r.error.code;
  const plan = rs.plan(r.value.state, r.value.action);
  return plan.ok ? (plan.value[0]?.purpose ?? "") : plan.error.code;
}
const double = (rs: Rs) => ({ width: 2 * (rs.defaultBase?.width ?? 0), length: 2 * (rs.defaultBase?.length ?? 0) });

describe("sole-bay-1672 at every edge", () => {
  const rs = soleBay1672 as Rs;
  const w = rs.defaultBase?.width ?? 0;
  const l = rs.defaultBase?.length ?? 0;
  const broadside = { type: "broadside" };
  it("1 mm either side of 4″, 8″ and 12″ base to base: 4+, 5+, 6+, then out of range", () => {
    fc.assert(
      fc.property(
        firerPose,
        side,
        fc.constantFrom(4, 8, 12),
        inOut,
        fc.double({ min: -0.4, max: 0.4, noNaN: true }),
        (a, s, edge, io, u) => {
          const b = at(a, u * l, s * (w + edge * IN + io));
          const got = purpose(rs, request(rs, broadside, a, b));
          const band = io < 0 ? edge : edge + 4;
          expect(got).toMatch(band > 12 ? /^rules\.out-of-range$/ : new RegExp(`${band / 4 + 3}\\+`));
        },
      ),
      RUNS,
    );
  });
  it("the firing line 1 mm inside the target's bow or stern corner fires; 1 mm outside is refused", () => {
    fc.assert(
      fc.property(firerPose, side, inOut, fc.constantFrom(1, -1), (a, s, io, end) => {
        const b = at(a, end * (l / 2 + io), s * (w + 6 * IN));
        const r = request(rs, broadside, a, b);
        if (io < 0) expect(r.ok && r.value.action.broadside).toBe(s > 0 ? "starboard" : "port");
        else expect(!r.ok && r.error.code).toBe("rules.illegal");
      }),
      RUNS,
    );
  });
  it("bases twice the default: the range shorter by the extra half widths", () => {
    fc.assert(
      fc.property(firerPose, side, fc.double({ min: 1, max: 10, noNaN: true }), (a, s, gap) => {
        const b = at(a, 0, s * (2 * w + gap * IN));
        const one = request(rs, broadside, a, b);
        const two = request(rs, broadside, a, b, { base: double(rs) });
        expect(one.ok && two.ok).toBe(true);
        if (one.ok && two.ok) expect(Number(one.value.action.rangeInches) - Number(two.value.action.rangeInches)).toBeCloseTo(w / IN, 5);
      }),
      RUNS,
    );
  });
});

describe("quickfire at every edge (small scale, mm, funnel to funnel)", () => {
  const rs = quickfire as Rs;
  const gunnery = { type: "gunnery", battery: "heavy" };
  it("1 mm either side of 100, 600 and 1200 mm: point-blank, short, long, then out of range", () => {
    const bands = ["point-blank", "short", "long", "rules.out-of-range"];
    fc.assert(
      fc.property(firerPose, fc.double({ min: 40, max: 140, noNaN: true }), side, fc.constantFrom(0, 1, 2), inOut, (a, deg, s, i, io) => {
        const edge = [100, 600, 1200][i] as number;
        const r = request(rs, gunnery, a, bearing(a, s * deg, edge + io));
        // the band the rules play, read from the measured distance
        const band = r.ok ? rangeBand(r.value.state.settings as QuickfireSettings, Number(r.value.action.distance), "") : null;
        const got = r.ok ? (band?.ok ? band.value : band?.error.code) : r.error.code;
        expect(got).toBe(bands[i + (io < 0 ? 0 : 1)]);
      }),
      RUNS,
    );
  });
  it("1 mm either side of the arcs' edges (30° and 150° off the bow, either side): broadside inside, fore-aft outside", () => {
    fc.assert(
      fc.property(
        firerPose,
        fc.constantFrom(30, 150),
        side,
        inOut,
        fc.double({ min: 150, max: 500, noNaN: true }),
        (a, edge, s, io, mm) => {
          // shifted 1 mm across the edge's bearing: into the broadside arc (towards the beam) or out of it
          const towardsBeam = (edge === 30 ? 1 : -1) * s;
          const r = request(rs, gunnery, a, bearing(a, s * edge, mm, -io * towardsBeam));
          expect(r.ok && r.value.action.arc).toBe(io < 0 ? "broadside" : "fore-aft");
        },
      ),
      RUNS,
    );
  });
  it("bases twice the default change no range: the text measures funnel to funnel", () => {
    fc.assert(
      fc.property(firerPose, fc.double({ min: 50, max: 1100, noNaN: true }), (a, mm) => {
        const b = bearing(a, 90, mm);
        const one = request(rs, gunnery, a, b);
        const two = request(rs, gunnery, a, b, { base: double(rs) });
        expect(one.ok && two.ok && one.value.action.distance === two.value.action.distance).toBe(true);
      }),
      RUNS,
    );
  });
});

describe("anglo-dutch-1666 at every edge, without a hex cloth (Appendix 3)", () => {
  const rs = angloDutch1666 as Rs;
  const w = rs.defaultBase?.width ?? 0;
  const fire = { type: "fire", smallTarget: false, strongWinds: false, shooterOnFire: false };
  it("1 mm either side of 2″, 4″ and 8″ base to base: short, medium, long, then out of range", () => {
    const bands = ["short", "medium", "long", "rules.out-of-range"];
    fc.assert(
      fc.property(firerPose, side, fc.constantFrom(0, 1, 2), inOut, (a, s, i, io) => {
        const edge = [2, 4, 8][i] as number;
        const r = request(rs, fire, a, at(a, 0, s * (w + edge * IN + io)));
        expect(r.ok ? r.value.action.range : r.error.code).toBe(bands[i + (io < 0 ? 0 : 1)]);
      }),
      RUNS,
    );
  });
  it("1 mm either side of the 60° fire arc's edges (60° and 120° off the bow, either side): fires inside, refused outside", () => {
    fc.assert(
      fc.property(firerPose, fc.constantFrom(60, 120), side, inOut, fc.double({ min: 60, max: 150, noNaN: true }), (a, edge, s, io, mm) => {
        const towardsBeam = (edge === 60 ? 1 : -1) * s;
        const r = request(rs, fire, a, { ...bearing(a, s * edge, mm, -io * towardsBeam), heading: a.heading + 90 });
        if (io < 0) expect(r.ok).toBe(true);
        else expect(!r.ok && r.error.code).toBe("rules.illegal");
      }),
      RUNS,
    );
  });
  it("bases twice the default: the gap base to base shorter by the extra half widths", () => {
    fc.assert(
      fc.property(firerPose, side, fc.double({ min: 0.5, max: 7, noNaN: true }), (a, s, gap) => {
        const b = at(a, 0, s * (2 * w + gap * IN));
        const inches = (r: ReturnType<typeof parseRequest>) =>
          Number(/^([\d.]+)″/.exec(r.ok ? (r.value.measurement?.figures?.range ?? "") : "")?.[1]);
        const one = inches(request(rs, fire, a, b));
        const two = inches(request(rs, fire, a, b, { base: double(rs) }));
        expect(Math.abs(one - two - w / IN)).toBeLessThanOrEqual(0.011);
      }),
      RUNS,
    );
  });
});

describe("wsim-battle-v3 at every hex edge (flat 1″ hexes)", () => {
  const rs = wsimBattleV3 as Rs;
  const s = 25.4;
  const grid = { hexGrid: { size: s, origin: { x: 0, y: 0 }, orientation: "flat" } };
  const fire = { type: "fire", aim: "hull" };
  /** Column q's hex centres are s apart north–south; a ship heading north, her halves' points ±length/4 from her centre. */
  const ahead = (q: number, firerY: number, n: number, io: number, quarter: number): { a: Pose; b: Pose } => {
    const x = 1.5 * (s / Math.sqrt(3)) * q;
    const y0 = (s * q) / 2;
    return { a: { x, y: y0 + firerY, heading: 0 }, b: { x, y: y0 + (n + 0.5) * s + io + quarter, heading: 0 } };
  };
  it("the target's stern half 1 mm either side of a hex edge: one hex nearer or farther; beyond 5 hexes the hull cannot be aimed at", () => {
    const q4 = (rs.defaultBase?.length ?? 0) / 4;
    fc.assert(
      fc.property(fc.integer({ min: -6, max: 6 }), fc.integer({ min: 2, max: 9 }), inOut, (q, n, io) => {
        // the firer's bow half in hex 1 of her column, the target's stern half just short of or past the edge n | n+1
        const { a, b } = ahead(q, s / 2, n, io, q4);
        const r = request(rs, fire, a, b, { extra: grid });
        const range = n + (io < 0 ? 0 : 1) - 1;
        if (range <= 5) expect(r.ok ? r.value.action.rangeHexes : r.error.message).toBe(range);
        else expect(!r.ok && r.error.message).toMatch(/^Rule X\.2: above 5 hexes/);
      }),
      RUNS,
    );
  });
  it("bases twice the default: her hexes are those of her longer halves", () => {
    const q4 = (2 * (rs.defaultBase?.length ?? 0)) / 4;
    fc.assert(
      fc.property(fc.integer({ min: -6, max: 6 }), fc.integer({ min: 3, max: 9 }), inOut, (q, n, io) => {
        const { a, b } = ahead(q, s / 2 + s / 2, n, io, q4);
        const r = request(rs, fire, a, b, { extra: grid, base: double(rs) });
        // the doubled firer's bow half reaches hex 2 of her column
        const range = n + (io < 0 ? 0 : 1) - 2;
        if (range <= 5) expect(r.ok ? r.value.action.rangeHexes : r.error.message).toBe(range);
        else expect(!r.ok && r.error.message).toMatch(/^Rule X\.2: above 5 hexes/);
      }),
      RUNS,
    );
  });
});

describe("age-of-sail at every edge", () => {
  const rs = ageOfSail as Rs;
  const w = rs.defaultBase?.width ?? 0;
  const fire = { type: "fire", aim: "hull" };
  it("1 mm either side of 4, 8 and 12 cm base to base: 3+, 4+, 5+ hits on the hull, then out of range", () => {
    fc.assert(
      fc.property(firerPose, side, fc.constantFrom(4, 8, 12), inOut, (a, s, edge, io) => {
        const got = purpose(rs, request(rs, fire, a, at(a, 0, s * (w + edge * 10 + io))));
        const band = io < 0 ? edge : edge + 4;
        expect(got).toMatch(band > 12 ? /^rules\.out-of-range$/ : new RegExp(`${band / 4 + 2}\\+ hits`));
      }),
      RUNS,
    );
  });
  it("1 mm either side of the gun decks' 90° arcs (45° and 135° off the bow, either side): fires inside, refused outside", () => {
    fc.assert(
      fc.property(firerPose, fc.constantFrom(45, 135), side, inOut, fc.double({ min: 60, max: 110, noNaN: true }), (a, edge, s, io, mm) => {
        const towardsBeam = (edge === 45 ? 1 : -1) * s;
        const r = request(rs, fire, a, { ...bearing(a, s * edge, mm, -io * towardsBeam), heading: a.heading + 90 });
        if (io < 0) expect(r.ok && r.value.action.battery).toBe(s > 0 ? "starboard" : "port");
        else expect(!r.ok && r.error.code).toBe("rules.illegal");
      }),
      RUNS,
    );
  });
  it("bases twice the default: the range shorter by the extra half widths", () => {
    fc.assert(
      fc.property(firerPose, side, fc.double({ min: 0.5, max: 9, noNaN: true }), (a, s, gap) => {
        const b = at(a, 0, s * (2 * w + gap * 10));
        const one = request(rs, fire, a, b);
        const two = request(rs, fire, a, b, { base: double(rs) });
        expect(one.ok && two.ok).toBe(true);
        if (one.ok && two.ok) expect(Number(one.value.action.rangeCm) - Number(two.value.action.rangeCm)).toBeCloseTo(w / 10, 5);
      }),
      RUNS,
    );
  });
});

describe("every base-to-base measure follows the bases: 1 mm beyond its edge on the default base, within it on bases twice as wide", () => {
  /** Measures `action` with `b` abeam of `a` to starboard, `gap` mm base to base on the default base. */
  function measured(rs: Rs, action: Record<string, unknown>, a: Pose, gapMm: number, twice: boolean, sameSide = false) {
    const w = rs.defaultBase?.width ?? 0;
    const base = twice ? { base: double(rs) } : {};
    const state = rs.parseState({ ships: [sampleShip(rs, "a", false, base), sampleShip(rs, "b", !sameSide, base)] });
    if (!state.ok) throw new Error(state.error.message);
    const table = parseTable({ ships: { a, b: at(a, 0, w + gapMm) }, uncertainty: EXACT });
    if (!table.ok) throw new Error(table.error.message);
    return measureAction(rs, state.value, { type: "x", ...action } as Action, table.value);
  }
  const sole = soleBay1672 as Rs;
  const aos = ageOfSail as Rs;
  it('sole-bay-1672 "within gunnery range (12")" of an enemy, for a move', () => {
    fc.assert(
      fc.property(firerPose, fc.boolean(), (a, twice) => {
        const m = measured(sole, { type: "movement", ship: "a" }, a, 12 * IN + 1, twice);
        expect(m.action.enemyWithin12).toBe(twice);
      }),
      RUNS,
    );
  });
  it('sole-bay-1672 "All ships within 1D6 inches take 1D6 hits"', () => {
    fc.assert(
      fc.property(firerPose, fc.integer({ min: 1, max: 6 }), fc.boolean(), (a, radius, twice) => {
        const m = measured(sole, { type: "explosion-hits", ship: "a", radius }, a, radius * IN + 1, twice);
        expect(m.action.ships).toEqual(twice ? ["b"] : []);
      }),
      RUNS,
    );
  });
  it('sole-bay-1672 boarding "within half an inch of the side edge", and the flag officer\'s "within 6""', () => {
    fc.assert(
      fc.property(firerPose, fc.boolean(), (a, twice) => {
        const grapple = measured(sole, { type: "grapple", attacker: "a", defender: "b" }, a, 0.5 * IN + 1, twice);
        expect(grapple.refusal === undefined).toBe(twice);
        const retire = measured(sole, { type: "flag-officer-retire", ship: "a", to: "b" }, a, 6 * IN + 1, twice, true);
        expect(retire.refusal === undefined).toBe(twice);
      }),
      RUNS,
    );
  });
  it('age-of-sail "All ships within 12cm of this explosion", boarding on contact, and a fire caught by range', () => {
    fc.assert(
      fc.property(firerPose, fc.boolean(), (a, twice) => {
        const near = measured(aos, { type: "explosion-fire", from: "a" }, a, 121, twice);
        expect((near.action.ships as unknown[]).length).toBe(twice ? 1 : 0);
        const board = measured(aos, { type: "board", attacker: "a", defender: "b" }, a, 1, twice);
        expect(board.refusal === undefined).toBe(twice);
        const fire = measured(aos, { type: "catch-fire", ship: "b", from: "a" }, a, 50, twice);
        expect(fire.action.rangeCm).toBeCloseTo(twice ? 5 - (aos.defaultBase?.width ?? 0) / 10 : 5, 5);
      }),
      RUNS,
    );
  });
});
