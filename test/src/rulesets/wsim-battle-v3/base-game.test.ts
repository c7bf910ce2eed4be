/**
 * The WS&IM base game as a club's data (`hitTables`, `melee`, critical plus the Hit Table number), with invented
 * numbers (fixtures.ts BASE_DATA_RAW): the Hit Table number from guns and range, its modifiers by gun band, H/G/C/R
 * hits marked on the target's log, criticals, exact odds.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseWsimData } from "../../../../src/rulesets/wsim-battle-v3/data.ts";
import { wsimBattleV3 } from "../../../../src/rulesets/wsim-battle-v3/index.ts";
import { checkProperties, errorOf, mustResolve, oddsFor, resolveWith } from "../request-helpers.ts";
import { BASE_DATA_RAW, baseData, bucentaure, hermione, hullCell, victory } from "./fixtures.ts";

const target = (extra: Record<string, unknown> = {}) =>
  bucentaure({
    hull: { boxes: 20 },
    gunsRight: { boxes: 1 },
    crewSections: [{ boxes: 3 }, { boxes: 3 }, { boxes: 3 }],
    rigging: [{ boxes: 2 }, { boxes: 2 }, { boxes: 2 }],
    ...extra,
  });
type ShipRaw = Record<string, unknown> & { id: string };
const fire = (extra: Record<string, unknown> = {}, firer: ShipRaw = victory()) => ({
  type: "fire",
  firer: firer.id,
  target: "bucentaure",
  rangeHexes: 3,
  ...extra,
});
const shoot = (action: Record<string, unknown>, dice: number[], firer: ShipRaw = victory(), tgt: ShipRaw = target(), settings?: unknown) =>
  mustResolve(wsimBattleV3, { ships: [firer, tgt], settings, action, dice }, baseData());

describe("Hit Table number: gun band × range, then modifiers by gun band", () => {
  it("12 guns (band 9–99) at 3 hexes read 2; crack +1 and the initial broadside +2 make 5", () => {
    const t = shoot(fire(), [3, 3]);
    expect(t.outcome).toMatchObject({ band: 2, hitTableBase: 2, modifiers: { crew: 1, initialBroadside: 2 }, hitTable: 5 });
    expect(t.state.ships[0]?.broadsidesFired).toEqual(["left"]);
    // the second broadside from that side is no longer the initial one
    const again = shoot(fire(), [6, 1], t.state.ships[0] as never);
    expect(again.outcome).toMatchObject({ hitTable: 3, modifiers: { crew: 1 } });
    expect(shoot(fire({ initialBroadside: false }), [1, 2]).outcome.hitTable).toBe(3);
  });
  it("a rake reads the rake table; a stern rake adds its modifier; above the table reads the last row", () => {
    expect(shoot(fire({ rake: "bow" }), [1, 2]).outcome).toMatchObject({ hitTableBase: 3, hitTable: 6 });
    const stern = shoot(fire({ rake: "stern" }), [2, 1]).outcome;
    expect(stern).toMatchObject({ hitTableBase: 3, hitTable: 7, modifiers: { sternRake: 1 } });
    const [h, g, c, r] = hullCell(5, 2);
    expect(stern.damage).toEqual({ hull: h, guns: g, crew: c, rigging: r });
  });
  it("lost crew sections count against a ship not captured; a captured ship has its own modifier", () => {
    const torn = victory({ crewSections: [{ boxes: 3, marked: 3 }, { boxes: 3, marked: 3 }, { boxes: 3 }] });
    expect(shoot(fire(), [1, 2], torn).outcome.modifiers).toMatchObject({ lostCrewSections: -4 });
    const prize = { ...torn, captured: true };
    const o = shoot(fire(), [1, 2], prize).outcome;
    expect(o.modifiers).toMatchObject({ captured: -2 });
    expect(o.modifiers).not.toHaveProperty("lostCrewSections");
  });
  it("carronades add to the guns within the carronade range", () => {
    const small = hermione({ gunsLeft: { boxes: 3 }, crew: "average", side: "GB" });
    expect(shoot(fire({ rangeHexes: 2, carronades: 2 }, small), [1, 2], small).outcome).toMatchObject({ guns: 5, band: 1 });
    expect(shoot(fire({ rangeHexes: 3, carronades: 2 }, small), [1, 2], small).outcome).toMatchObject({ guns: 3, band: 0 });
  });
  it("below 0 is no effect — and doubles are still a critical (X.1 'Critical Hits do occur when the normal die records a no result')", () => {
    const weak = bucentaure({ id: "weak", name: "Weak", side: "GB", gunsLeft: { boxes: 2 } });
    const t = shoot(fire({ rangeHexes: 4, initialBroadside: false }, weak), [5, 5], weak);
    expect(t.outcome).toMatchObject({ hitTable: -1, hits: 0, damage: { hull: 0, guns: 0, crew: 0, rigging: 0 }, critical: true });
    expect(t.followUps[0]).toMatchObject({ kind: "roll", action: { type: "critical", hitTable: 0 } });
  });
  it("a range beyond the table, or beyond the shot's reach, cannot be fired", () => {
    const far = errorOf(wsimBattleV3, { ships: [victory(), target()], action: fire({ rangeHexes: 5, aim: "rigging" }) }, baseData());
    expect(far).toMatchObject({ code: "rules.illegal", path: "action.rangeHexes" });
    const dbl = errorOf(wsimBattleV3, { ships: [victory(), target()], action: fire({ rangeHexes: 2, ammunition: "double" }) }, baseData());
    expect(dbl.message).toMatch(/double shot reaches 1/);
  });
  it("chain shot counts only crew and rigging hits; grape makes the Hit Table number crew hits", () => {
    const chain = shoot(fire({ ammunition: "chain" }), [5, 1]).outcome;
    expect(chain.damage).toMatchObject({ hull: 0, guns: 0 });
    const grape = shoot(fire({ rangeHexes: 1, ammunition: "grape" }), [2, 1]).outcome;
    // band 2 at 1 hex: 4, crack +1, initial +2, grape +1 = 8 crew hits
    expect(grape).toMatchObject({ hitTable: 8, damage: { hull: 0, guns: 0, crew: 8, rigging: 0 } });
  });
});

describe("II.1 seasoned crews on the base game's tables", () => {
  const se = hermione({ side: "GB" });
  it('"A +1 die roll modifier when firing with … 7 guns or more in the Advanced Game" moves the Hit Table number', () => {
    // Hermione: 8 guns, band 5–8, 2 hexes: 2, seasoned +1, initial +1
    expect(shoot(fire({ rangeHexes: 2 }, se), [1, 2], se).outcome).toMatchObject({ hitTable: 4, modifiers: { seasoned: 1 } });
    const six = shoot(fire({ rangeHexes: 2, gunsFiring: 6 }, se), [1, 2], se).outcome;
    expect(six.modifiers).not.toHaveProperty("seasoned");
    // "4 guns or more in the Basic Game"
    const basic = shoot(fire({ rangeHexes: 2, gunsFiring: 6 }, se), [1, 2], se, target(), { gameLevel: "basic" }).outcome;
    expect(basic.modifiers).toMatchObject({ seasoned: 1 });
  });
});

describe("the hits marked on the target's log", () => {
  it("hull, guns (on the side hit), crew sections in turn, rigging sections in turn", () => {
    // Hit Table 5, die 3: hull 5, guns 1
    const t = shoot(fire({ targetBroadside: "right" }), [3, 4]);
    expect(t.outcome.damage).toEqual({ hull: 5, guns: 1, crew: 0, rigging: 0 });
    expect(t.state.ships[1]).toMatchObject({ hull: { boxes: 20, marked: 5 }, gunsRight: { boxes: 1, marked: 1 } });
    expect(wsimBattleV3.describe(t.state, fire({ targetBroadside: "right" }) as never, t.outcome)).toMatch(
      /Hit Table 5, die 3 — 5 hull, 1 guns, 0 crew, 0 rigging/,
    );
    // the right broadside is gone: its gun hit falls on the hull
    const again = shoot(fire({ targetBroadside: "right", initialBroadside: true }), [3, 4], victory(), t.state.ships[1] as never);
    expect(again.state.ships[1]).toMatchObject({ hull: { marked: 11 }, gunsRight: { marked: 1 } });
    // crew: die 4 on row 5 is 1 crew hit, on section 1
    const crew = shoot(fire(), [4, 1]);
    expect(crew.state.ships[1]?.crewSections?.map((c) => c.marked)).toEqual([1, 0, 0]);
    // rigging: aim at the rigging, row 5 die 5 → 6 rigging hits over sections of 2
    const rig = shoot(fire({ aim: "rigging" }), [5, 1]);
    expect(rig.state.ships[1]?.rigging?.map((r) => r.marked)).toEqual([2, 2, 2]);
  });
});

describe("criticals: one die plus the Hit Table number", () => {
  it("doubles ask for the critical roll with the Hit Table number; the entry is the die plus it", () => {
    const t = shoot(fire(), [3, 3]);
    expect(t.followUps[0]).toMatchObject({
      kind: "roll",
      action: { type: "critical", ship: "bucentaure", aim: "hull", rangeHexes: 3, hitTable: 5 },
    });
    const c = mustResolve(wsimBattleV3, { ships: t.state.ships, action: t.followUps[0]?.action as never, dice: [4] }, baseData());
    expect(c.plan[0]).toMatchObject({ die: "d6", count: 1 });
    expect(c.outcome).toMatchObject({ entry: 9, code: "9H", text: "Rudder hit", leaderRisk: true });
    const missing = { type: "critical", ship: "bucentaure", aim: "hull", rangeHexes: 3 };
    expect(errorOf(wsimBattleV3, { ships: t.state.ships, action: missing, dice: [4] }, baseData()).path).toBe("action.hitTable");
    const odds = oddsFor(wsimBattleV3, { ships: t.state.ships, action: t.followUps[0]?.action as never }, baseData());
    expect(odds.summary.code).toEqual({ "6H": 1 / 6, "7H": 1 / 6, "8H": 1 / 6, "9H": 1 / 6, "10H": 1 / 6, "11H": 1 / 6 });
  });
});

describe("odds are exact", () => {
  it("Hit Table 5 on the hull: hull 5 (die 1–4) or 6 (die 5–6), guns 1 on a 3, crew 1 on 4–6; critical 1/6", () => {
    const o = oddsFor(wsimBattleV3, { ships: [victory(), target()], action: fire() }, baseData());
    const damage = o.summary.damage as Record<string, Record<string, number>>;
    expect(damage.hull?.["5"]).toBeCloseTo(4 / 6, 12);
    expect(damage.hull?.["6"]).toBeCloseTo(2 / 6, 12);
    expect(damage.guns?.["1"]).toBeCloseTo(1 / 6, 12);
    expect(damage.crew?.["1"]).toBeCloseTo(3 / 6, 12);
    expect(o.summary.pCritical).toBeCloseTo(1 / 6, 12);
    expect(o.outcomes.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 12);
  });
  it("properties hold on the base tables", () =>
    checkProperties(wsimBattleV3, { ships: [victory(), target()], action: fire(), dice: [2, 2] }, baseData()));
});

describe("the melee result table", () => {
  it("each side's strength row and modified roll give the crew points the other loses", () => {
    const att = hermione({
      grappledWith: ["bucentaure"],
      crewSections: [
        { boxes: 4, party: "OBP", formedTurn: 1 },
        { boxes: 4, party: "OBP", formedTurn: 1 },
      ],
    });
    const def = bucentaure({ grappledWith: ["hermione"], crewSections: [{ boxes: 4 }, { boxes: 4 }] });
    const t = mustResolve(
      wsimBattleV3,
      { ships: [att, def], action: { type: "melee", ship: "hermione", enemy: "bucentaure" }, dice: [4, 2] },
      baseData(),
    );
    const { strengths, rolls, losses } = t.outcome as { strengths: number[]; rolls: number[]; losses: number[] };
    const row = (s: number) => BASE_DATA_RAW.melee.losses[Math.min(2, Math.floor(s / 10))] as number[];
    expect(losses).toEqual([row(strengths[1] ?? 0)[(rolls[1] ?? 1) - 1], row(strengths[0] ?? 0)[(rolls[0] ?? 1) - 1]]);
    expect(t.followUps[0]).toMatchObject({ kind: "roll", action: { type: "melee-losses", lossesShip: losses[0], lossesEnemy: losses[1] } });
  });
});

describe("the data file", () => {
  it("needs one value per gun band, and either hitTables or fire", () => {
    const short = structuredClone(BASE_DATA_RAW);
    short.hitTables.modifiers.initialBroadside = [1, 1];
    expect(parseWsimData(short)).toMatchObject({ ok: false, error: { path: "hitTables.modifiers.initialBroadside" } });
    const both = { ...BASE_DATA_RAW, fire: { columns: [{ guns: [1, 2], range: [1, 2], hits: [1] }] } };
    expect(parseWsimData(both)).toMatchObject({ ok: false, error: { path: "fire" } });
  });
});

describe("properties of a base-game broadside", () => {
  const track = fc.record({ boxes: fc.nat(12), marked: fc.nat(12) }).map((t) => ({ ...t, marked: Math.min(t.marked, t.boxes) }));
  const inBounds = (t: { boxes: number; marked: number }) => t.marked >= 0 && t.marked <= t.boxes;
  const total = (s: Record<string, unknown>) =>
    [s.hull, s.gunsLeft, s.gunsRight, ...((s.crewSections as unknown[]) ?? []), ...((s.rigging as unknown[]) ?? [])]
      .filter(Boolean)
      .reduce((n: number, t) => n + (t as { marked: number }).marked, 0);
  it("marks stay within every track and never exceed the hits read; the Hit Table number is base plus modifiers", () => {
    fc.assert(
      fc.property(
        fc.record({
          hull: track,
          gunsLeft: track,
          gunsRight: track,
          crewSections: fc.array(track, { minLength: 1, maxLength: 3 }),
          rigging: fc.array(track, { minLength: 1, maxLength: 4 }),
        }),
        fc.record({
          gunsFiring: fc.integer({ min: 0, max: 30 }),
          rangeHexes: fc.integer({ min: 1, max: 4 }),
          rake: fc.constantFrom("none", "bow", "stern"),
          ammunition: fc.constantFrom("round", "double", "chain", "grape"),
          targetBroadside: fc.constantFrom("left", "right"),
          aim: fc.constantFrom("hull", "rigging"),
          modifier: fc.integer({ min: -3, max: 3 }),
        }),
        fc.constantFrom("elite", "crack", "seasoned", "average", "green", "poor"),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        (tracks, extra, crew, n, r) => {
          const tgt = bucentaure(tracks);
          const req = { ships: [victory({ crew }), tgt], action: fire(extra), dice: [n, r] };
          const res = resolveWith(wsimBattleV3, req, baseData());
          if (!res.ok) {
            expect(["rules.illegal", "input.invalid"]).toContain(res.error.code);
            return;
          }
          const after = res.value.state.ships[1] as unknown as Record<string, unknown>;
          for (const t of [after.hull, after.gunsLeft, after.gunsRight, ...(after.crewSections as []), ...(after.rigging as [])]) {
            expect(inBounds(t as { boxes: number; marked: number })).toBe(true);
          }
          const o = res.value.outcome as { hits: number; hitTable: number | null; hitTableBase: number; modifiers: Record<string, number> };
          expect(total(after) - total(tgt)).toBeLessThanOrEqual(o.hits);
          if (o.hitTable !== null) expect(o.hitTable).toBe(o.hitTableBase + Object.values(o.modifiers).reduce((a, b) => a + b, 0));
          expect(res.value.outcome.critical).toBe(n === r);
        },
      ),
      { numRuns: 200 },
    );
  });
});
