import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wsimBattleV3 } from "../../../../src/rulesets/wsim-battle-v3/index.ts";
import type { WsimState } from "../../../../src/rulesets/wsim-battle-v3/state.ts";
import { resolveWith } from "../request-helpers.ts";
import { checkRuleSetProperties } from "../rule-set-properties.ts";
import { baseData, CLUB_DATA_RAW, clubData } from "./fixtures.ts";

const crewArb = fc.constantFrom("elite", "crack", "seasoned", "average", "green", "poor");
const partyArb = fc.constantFrom("none", "DBP", "OBP", "TBP");
const shipArb = (id: string, side: string, other: string) =>
  fc
    .record({
      id: fc.constant(id),
      name: fc.constant(id),
      side: fc.constant(side),
      class: fc.integer({ min: 1, max: 7 }),
      kind: fc.constantFrom("sol", "frigate", "smaller"),
      guns: fc.integer({ min: 4, max: 120 }),
      crew: crewArb,
      gunsLeft: fc.record({ boxes: fc.integer({ min: 1, max: 20 }) }),
      lastEngagedSol: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }),
      grappledWith: fc.constant([other]),
      crewSections: fc.array(fc.record({ boxes: fc.integer({ min: 0, max: 8 }), party: partyArb, formedTurn: fc.constant(1) }), {
        minLength: 1,
        maxLength: 3,
      }),
    })
    // SOLs are class 1–2, frigates and smaller class 3 and up (checked by parseWsimState)
    .map((s) => ({ ...s, kind: s.class <= 2 ? "sol" : s.kind === "sol" ? "frigate" : s.kind }));

const actionArb = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant("fire"),
      firer: fc.constant("x"),
      target: fc.constant("y"),
      rangeHexes: fc.integer({ min: 1, max: 14 }),
      aim: fc.constantFrom("hull", "rigging", undefined),
      modifier: fc.integer({ min: -2, max: 2 }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ type: "wind" }) },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant("leader-casualty"), leader: fc.constant("l1"), rangeHexes: fc.integer({ min: 1, max: 8 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ type: "broadside-loss", ship: "y" }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant("critical"),
      ship: fc.constant("y"),
      aim: fc.constantFrom("hull", "rigging"),
      rangeHexes: fc.integer({ min: 1, max: 8 }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ type: "melee", ship: "x", enemy: "y" }) },
);

describe("wsim-battle-v3 rule-set properties", () => {
  for (const [label, data] of [
    ["with a club data file", clubData()],
    ["with the base game's tables", baseData()],
    ["without one (the person reads the tables)", undefined],
  ] as const) {
    it(`odds sum to 1 and resolved outcomes have p > 0 — ${label}`, () => {
      const stats = checkRuleSetProperties<WsimState>(wsimBattleV3, {
        requests: fc.record({
          ships: fc.tuple(shipArb("x", "GB", "y"), shipArb("y", "FR", "x")),
          wind: fc.record({ direction: fc.integer({ min: 0, max: 5 }), changeNumber: fc.integer({ min: 4, max: 6 }) }),
          game: fc.record({
            turn: fc.integer({ min: 1, max: 12 }),
            leaders: fc.constant([{ id: "l1", name: "Hardy", side: "FR", ship: "y", rank: "captain", seniority: 2 }]),
          }),
          action: actionArb,
        }),
        data,
        numRuns: 120,
        minAcceptedShare: 0.3,
        refusals: ["rules.illegal", "rules.out-of-range", "input.invalid"],
        invariants: ({ action, transition }) => {
          if (action.type === "fire") {
            const o = transition.outcome as { normal: number; red: number; critical: boolean };
            expect(o.critical).toBe(o.normal === o.red);
          }
        },
      });
      expect(stats.outcomesChecked).toBeGreaterThan(20);
    });
  }
});

describe("wsim-battle-v3 damage is bounded", () => {
  const sectionArb = fc.record({ boxes: fc.integer({ min: 0, max: 8 }), marked: fc.nat(8), party: partyArb, formedTurn: fc.constant(1) });
  const inBounds = (t: { boxes: number; marked: number }) => t.marked >= 0 && t.marked <= t.boxes;
  it("melee losses and marks never take a section below 0 or above its boxes; fire hits come from the club's table", () => {
    const tableMax = Math.max(...CLUB_DATA_RAW.fire.columns.flatMap((c) => c.hits));
    fc.assert(
      fc.property(
        fc.array(sectionArb, { minLength: 1, maxLength: 3 }),
        fc.array(sectionArb, { minLength: 1, maxLength: 3 }),
        fc.nat(30),
        fc.nat(30),
        fc.integer({ min: -30, max: 30 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        (xs, ys, lx, ly, boxes, n, r) => {
          const fix = (secs: typeof xs) => secs.map((c) => ({ ...c, marked: Math.min(c.marked, c.boxes) }));
          const ships = [
            {
              id: "x",
              name: "X",
              side: "GB",
              class: 5,
              kind: "frigate",
              guns: 32,
              crew: "seasoned",
              grappledWith: ["y"],
              crewSections: fix(xs),
              hull: { boxes: 10 },
            },
            {
              id: "y",
              name: "Y",
              side: "FR",
              class: 2,
              kind: "sol",
              guns: 80,
              crew: "average",
              grappledWith: ["x"],
              crewSections: fix(ys),
              gunsLeft: { boxes: 12 },
            },
          ];
          const losses = resolveWith(
            wsimBattleV3,
            { ships, action: { type: "melee-losses", ship: "x", enemy: "y", round: 1, lossesShip: lx, lossesEnemy: ly } },
            clubData(),
          );
          if (losses.ok) for (const s of losses.value.state.ships) expect((s.crewSections ?? []).every(inBounds)).toBe(true);
          const marked = resolveWith(wsimBattleV3, { ships, action: { type: "mark", ship: "x", section: "hull", boxes } });
          if (!marked.ok) throw new Error(marked.error.message);
          const hull = marked.value.state.ships[0]?.hull;
          expect(hull && inBounds(hull)).toBe(true);
          const fired = resolveWith(
            wsimBattleV3,
            { ships, action: { type: "fire", firer: "y", target: "x", rangeHexes: 2 }, dice: [n, r] },
            clubData(),
          );
          if (!fired.ok) throw new Error(fired.error.message);
          const hits = fired.value.outcome.hits as number;
          expect(hits >= 0 && hits <= tableMax).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
