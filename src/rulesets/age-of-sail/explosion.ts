/**
 * Age of Sail explosions: "All ships within 12cm of this explosion risk catching fire themselves. Use the range
 * table above for damaging hulls to determine if any other ships catch on fire." One question for the whole table
 * (which ships are within reach, and in which band of the range table), then one roll with a die for each of them.
 */
import { Type } from "@sinclair/typebox";
import { entry } from "../../dice/plan.ts";
import { oddsOfEntries } from "../../game/action-handler.ts";
import { chance, mean, nameOf, resolution, setting } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { findShip } from "../../game/engine.ts";
import { fact, outcomeOf as schemaOf } from "../../game/outcome.ts";
import type { FollowUp } from "../../game/types.ts";
import { Dist } from "../../odds/distribution.ts";
import { jointOutcomes } from "../../odds/product.ts";
import { fail, ok, type Result } from "../../result.ts";
import { type AosEvent, liveShip, shipEvent } from "./events.ts";
import { aosAction } from "./kit.ts";
import { EXPLOSION_FIRE_MEASURES } from "./measures.ts";
import { CM } from "./outcome-facts.ts";
import type { AosState, Ship } from "./state.ts";
import { MAX_RANGE_CM, RANGE_TABLE, rangeBand } from "./tables.ts";

/** A ship's distance from the blast as answered: the middle of a band, so a band's edge setting never matters. */
export interface Exposure {
  readonly ship: string;
  readonly rangeCm: number;
}

/** The bands of the question: the range table's, cut at the radius, and beyond 12 cm (a larger radius) the last need. */
function bands(radius: number): { from: number; to: number }[] {
  const out = RANGE_TABLE.map((b, i) => ({ from: i === 0 ? 0 : (RANGE_TABLE[i - 1]?.upToCm ?? 0), to: b.upToCm }))
    .filter((b) => b.from < radius)
    .map((b) => ({ from: b.from, to: Math.min(b.to, radius) }));
  if (radius > MAX_RANGE_CM) out.push({ from: MAX_RANGE_CM, to: radius });
  return out;
}

/** The one question after an explosion: which ships afloat are within reach, each with its band. */
export function explosionQuestion(state: AosState, exploded: Ship): FollowUp[] {
  const radius = setting<number>(state.settings, "explosionRadiusCm");
  const near = state.ships.filter((s) => !s.sunk && s.id !== exploded.id);
  if (near.length === 0) return [];
  const options = near.flatMap((s) =>
    bands(radius).map((b) => ({ value: { ship: s.id, rangeCm: (b.from + b.to) / 2 }, label: `${s.name}: ${b.from}–${b.to} cm` })),
  );
  return [
    {
      kind: "choose",
      purpose: `${exploded.name} blew up: which ships are within ${radius} cm, and how far? Each risks catching fire.`,
      action: { type: "explosion-fire", from: exploded.id, ships: [] },
      choice: { field: "ships", options, min: 0, max: near.length },
    },
  ];
}

/** What one ship needs on its die: the hull column of its band ("Use the range table above for damaging hulls"). */
const needAt = (state: AosState, rangeCm: number): number => rangeBand(rangeCm, setting(state.settings, "rangeEdge"))?.hull ?? 5;

interface Exposed {
  readonly ship: Ship;
  readonly rangeCm: number;
  readonly need: number;
}

function exposed(
  state: AosState,
  a: { readonly from: string; readonly ships: readonly Exposure[] },
): Result<{ from: Ship; within: Exposed[] }> {
  const from = findShip(state.ships, a.from, "action.from");
  if (!from.ok) return from;
  const radius = setting<number>(state.settings, "explosionRadiusCm");
  const within: Exposed[] = [];
  for (const [i, e] of a.ships.entries()) {
    const s = liveShip(state, e.ship, `ships[${i}].ship`);
    if (!s.ok) return s;
    if (s.value.id === from.value.id) return fail("input.invalid", `${s.value.name} is the ship that blew up.`, `action.ships[${i}]`);
    if (within.some((w) => w.ship.id === e.ship)) return fail("input.invalid", `${s.value.name} is listed twice.`, `action.ships[${i}]`);
    if (e.rangeCm > radius) continue; // beyond the radius: no risk, no die
    within.push({ ship: s.value, rangeCm: e.rangeCm, need: needAt(state, e.rangeCm) });
  }
  return ok({ from: from.value, within });
}

/** One ship's result from its die; a ship already burning does not catch fire again. */
const result = (e: Exposed, die: number) => ({
  ship: e.ship.id,
  rangeCm: e.rangeCm,
  need: e.need,
  caught: die >= e.need && e.ship.fire === 0,
});
const outcomeOf = (results: ReturnType<typeof result>[]) => ({ results, caught: results.filter((r) => r.caught).length });

export const explosionFire = aosAction({
  type: "explosion-fire",
  describe: ({ state, action }, o) => {
    const results = o.results;
    const caught = results.filter((r) => r.caught).map((r) => nameOf(state, r.ship));
    if (results.length === 0) return `No ship is near enough to ${nameOf(state, action.from)}'s explosion to catch fire.`;
    return caught.length > 0
      ? `${caught.join(" and ")} catch${caught.length === 1 ? "es" : ""} fire from the explosion.`
      : "No ship catches fire from the explosion.";
  },
  outcomeSchema: schemaOf({
    results: fact.rows(
      "Ships near",
      {
        ship: fact.hidden(Type.String()),
        rangeCm: fact.number("At", CM),
        need: fact.target("Catches fire on"),
        caught: fact.flag("Catches fire", { no: "Does not catch fire" }),
      },
      "ship",
    ),
    caught: fact.count("Ships catching fire"),
  }),
  measure: EXPLOSION_FIRE_MEASURES,
  title: "Ships near explosion",
  description:
    "Ships near an explosion (the answer to the question after one; `ships`: [{ship, rangeCm}]): one die each, catching fire on the hull column of the range table for its distance. For one ship by hand: catch-fire.",
  schema: actionSchema("explosion-fire", {
    from: shipField("Exploded ship"),
    ships: Type.Array(Type.Object({ ship: Type.String(), rangeCm: Type.Number({ minimum: 0 }) }, { additionalProperties: false }), {
      default: [],
      maxItems: 200,
      // filled by the explosion's question, not a form
      hidden: true,
    }),
  }),
  prepare({ state, action: a }) {
    const e = exposed(state, a);
    return e.ok ? ok(a) : e;
  },
  plan({ state, action: a }) {
    const e = exposed(state, a);
    if (!e.ok) return e;
    return ok(e.value.within.map((w) => entry("catch-fire", "d6", 1, `${w.ship.name} catches fire on ${w.need}+`)));
  },
  resolve({ state, action: a }, dice) {
    const e = exposed(state, a);
    if (!e.ok) return e;
    const results = e.value.within.map((w, i) => result(w, dice[i]?.[0] ?? 0));
    const events: AosEvent[] = results
      .filter((r) => r.caught)
      .flatMap((r) => {
        const s = state.ships.find((x) => x.id === r.ship);
        return s ? [shipEvent("caught-fire", s, { fire: 1, fireSetBy: e.value.from.fireSetBy, fireRound: state.game.round })] : [];
      });
    return resolution(outcomeOf(results), events);
  },
  odds({ state, action: a }) {
    const e = exposed(state, a);
    if (!e.ok) return e;
    // Each ship's die is independent: one factor per ship (caught or not), the joint outcomes listed best-first,
    // the summary a product over the factors, so any number of ships has exact odds.
    const perShip = e.value.within.map((w) => Dist.die("d6").map((d) => result(w, d)).entries);
    const caught = perShip.map((f) => f.filter((x) => x.value.caught).reduce((p, x) => p + x.p, 0));
    const joint = jointOutcomes(perShip, (results) => outcomeOf([...results]));
    return ok(
      oddsOfEntries(
        joint.entries,
        {
          pAnyCaught: chance("A ship within catches fire", 1 - caught.reduce((q, p) => q * (1 - p), 1)),
          expectedCaught: mean(
            "Ships catching fire, to expect",
            caught.reduce((sum, p) => sum + p, 0),
            "ships",
          ),
        },
        joint.truncated,
      ),
    );
  },
});
