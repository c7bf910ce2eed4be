/**
 * An action's outcome has its schema's type (src/game/define-action.ts): `resolve`/`outcome`, `effects`, `summary`,
 * `headline` and `describe` are typed by `Static` of its `outcomeSchema`. The `@ts-expect-error` lines are the test:
 * `npm run check` (tsc) fails if an outcome field the schema does not have can be read, if a field's type is lost, or
 * if a resolution can give an outcome its schema does not declare. The runtime half checks the same action works.
 */
import { Type } from "@sinclair/typebox";
import { describe, expect, expectTypeOf, it } from "vitest";
import { entry } from "../../../src/dice/plan.ts";
import { chance } from "../../../src/game/action-kit.ts";
import { defineAction, type OutcomeOf } from "../../../src/game/define-action.ts";
import { fact, outcomeOf } from "../../../src/game/outcome.ts";
import type { TableState } from "../../../src/game/types.ts";
import { ok } from "../../../src/result.ts";

type State = TableState;
const toyAction = defineAction<State>();

const OUTCOME = outcomeOf({
  hits: fact.count("Hits"),
  side: fact.word<"port" | "starboard">("Broadside", { port: "port", starboard: "starboard" }),
  rolls: fact.dice("Rolled"),
  target: fact.shipOrNull("Target"),
});
type Fired = OutcomeOf<typeof OUTCOME>;

const fire = toyAction({
  type: "fire",
  title: "Broadside",
  description: "One d6 per gun; 5+ hits.",
  schema: Type.Object({ type: Type.Literal("fire"), guns: Type.Integer({ label: "Guns" }) }, { additionalProperties: false }),
  outcomeSchema: OUTCOME,
  plan: ({ action }) => [entry("fire", "d6", action.guns, "guns")],
  outcome: (_ctx, dice) => {
    const rolls = dice[0] ?? [];
    const side: Fired["side"] = "port";
    return { hits: rolls.filter((d) => d >= 5).length, side, rolls, target: null };
  },
  effects: (_ctx, o) => {
    expectTypeOf(o.hits).toEqualTypeOf<number>();
    expectTypeOf(o.side).toEqualTypeOf<"port" | "starboard">();
    return { events: [] };
  },
  summary: (dist) => {
    // @ts-expect-error: `misses` is not a field of the outcome schema
    dist.probability((o) => o.misses > 0);
    return {
      anyHit: chance(
        "A hit",
        dist.probability((o) => o.hits > 0),
      ),
    };
  },
  headline: (_ctx, odds) => {
    expectTypeOf(odds.outcomes[0]?.outcome).toEqualTypeOf<Fired | undefined>();
    return null;
  },
  describe: (_ctx, o) => {
    expectTypeOf(o.rolls).toEqualTypeOf<readonly number[]>();
    expectTypeOf(o.target).toEqualTypeOf<string | null>();
    // @ts-expect-error: a number field is not a string
    const side: string = o.hits;
    return `${o.hits} hits from the ${o.side} broadside${side ? "" : ""}`;
  },
});

toyAction({
  type: "wrong",
  title: "Wrong",
  description: "Gives an outcome its schema does not declare.",
  schema: Type.Object({ type: Type.Literal("wrong") }),
  outcomeSchema: outcomeOf({ hits: fact.count("Hits") }),
  plan: () => [],
  // @ts-expect-error: `hits` must be a number, and `misses` is not declared
  resolve: () => ok({ outcome: { hits: "three", misses: 1 }, events: [], followUps: [] }),
  describe: (_ctx, o) => `${o.hits}`,
});

describe("an action's outcome is its schema's type", () => {
  it("resolves, describes and lists its odds through the typed functions", () => {
    const state: State = { ships: [], wind: null, game: {}, settings: {}, data: null };
    const action = { type: "fire", guns: 2 };
    const r = fire.resolve(state, action, [[6, 2]]);
    expect(r.ok && r.value.outcome).toEqual({ hits: 1, side: "port", rolls: [6, 2], target: null });
    expect(r.ok && fire.describe?.(state, action, r.value.outcome)).toBe("1 hits from the port broadside");
    const odds = fire.odds(state, action);
    expect(odds.ok && odds.value.summary.anyHit).toBeCloseTo(1 - (4 / 6) ** 2, 12);
  });
});
