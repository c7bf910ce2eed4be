/**
 * The `gunnery` and `quickfire-attack` actions (text 3.0–3.1) on top of gunnery.ts.
 */

import { Type } from "@sinclair/typebox";
import { type ActionContext, chance, chances, type DiceGroups, nameOf } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import type { OutcomeOf } from "../../game/define-action.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { literals } from "../../game/schema.ts";
import type { Dist } from "../../odds/distribution.ts";
import type { DamageCode } from "./chart.ts";
import { applyCodes } from "./damage.ts";
import { GUNNERY_PLAN, type GunneryContext, gunneryContext, gunneryOutcome, type ShotAction, shotEvents } from "./gunnery.ts";
import { gunneryHeadline, quickfireAttackHeadline } from "./headline.ts";
import { chartNote, quickfireAction, withChart } from "./kit.ts";
import { GUNNERY_MEASURES, QUICKFIRE_ATTACK_MEASURES } from "./measures.ts";
import { chartField, codeMeaning } from "./outcome-facts.ts";
import type { QuickfireState } from "./ship.ts";

/** The range fields of a shot: a band or a measured distance, and the arc. */
const rangeSchema = {
  range: Type.Optional(
    literals(["point-blank", "short", "long"], {
      label: "Range band",
      valueLabels: { "point-blank": "point blank", short: "short", long: "long" },
    }),
  ),
  distance: Type.Optional(Type.Number({ minimum: 0, label: "Measured distance (mm or inches, by the scale setting)" })),
  arc: literals(["broadside", "fore-aft"], {
    default: "broadside",
    label: "Arc of the target",
    valueLabels: { broadside: "broadside", "fore-aft": "fore and aft" },
  }),
};

/** A shot's outcome, the same for one ship's gunfire and a quickfire attack. */
const SHOT_OUTCOME = outcomeOf({
  fired: fact.flag("Guns fired (ROF die)", { no: "The ROF die stopped the fire" }),
  hit: fact.entryOrNull<"G" | "S">("Hit", codeMeaning, { none: "No hit" }),
  blast: fact.entries<DamageCode>("Blast damage", codeMeaning),
  rof: fact.target("ROF die fires on", { below: true }),
  column: fact.numberOrNull("Gun/Armor column", ["%", "%"]),
  hitNumber: fact.target("Gunnery dice hit on", { below: true }),
  chart: chartField,
});
type ShotOutcome = OutcomeOf<typeof SHOT_OUTCOME>;

const codesOf = (o: ShotOutcome): DamageCode[] => [...(o.hit ? [o.hit] : []), ...o.blast];

type Ctx = ActionContext<QuickfireState, ShotAction, GunneryContext>;

const shared = {
  prepare: ({ state, action }: { state: QuickfireState; action: ShotAction }) => gunneryContext(state, action),
  plan: () => GUNNERY_PLAN,
  outcome: ({ state, prepared: ctx }: Ctx, groups: DiceGroups): ShotOutcome =>
    gunneryOutcome(state, ctx, groups[0]?.[0] ?? 6, groups[1] ?? []),
  effects: ({ state, prepared: ctx }: Ctx, outcome: ShotOutcome) => {
    const who = ctx.firers.map((f) => f.name).join(" + ");
    const applied = applyCodes(state, ctx.target.id, codesOf(outcome), ctx.battery, `${ctx.battery} fire from ${who}`);
    return { events: [...shotEvents(state, ctx), ...applied.events], followUps: applied.followUps };
  },
  summary: (dist: Dist<ShotOutcome>, { state }: Ctx) => {
    const codes = ["B", "D", "E", "F", "G", "R", "S", "T"] as const;
    const blast: Record<string, number> = {};
    for (const c of codes) {
      const p = dist.probability((o) => o.blast.includes(c));
      if (p > 0) blast[c] = p;
    }
    return withChart(state, {
      noFire: chance(
        "Does not fire",
        dist.probability((o) => o.fired === false),
      ),
      miss: chance(
        "Miss",
        dist.probability((o) => o.fired === true && o.hit === null),
      ),
      G: chance(
        "Gun hit (G)",
        dist.probability((o) => o.hit === "G"),
      ),
      S: chance(
        "Speed hit (S)",
        dist.probability((o) => o.hit === "S"),
      ),
      anyBlast: chance(
        "Blast damage",
        dist.probability((o) => o.blast.length > 0),
      ),
      blast: chances(blast, (code) => `Blast damage ${code}`),
    });
  },
};

function sentence(firer: string, target: string, battery: string, o: ShotOutcome, note: string): string {
  if (!o.fired) return `${firer} did not fire ${battery} guns at ${target} (ROF die above ${o.rof})${note}.`;
  if (!o.hit) return `${firer}'s ${battery} fire missed ${target}${note}.`;
  const blast = o.blast.length ? ` with blast damage ${o.blast.join(", ")}` : "";
  return `${firer}'s ${battery} fire scored ${o.hit === "S" ? "an" : "a"} ${o.hit} hit on ${target}${blast}${note}.`;
}

export const gunneryAction = quickfireAction({
  prepareOnParse: false,
  type: "gunnery",
  outcomeSchema: SHOT_OUTCOME,
  measure: GUNNERY_MEASURES,
  title: "Gunfire",
  description: "Gun fire: one black ROF die and two white gunnery dice (3.0)",
  schema: actionSchema("gunnery", {
    firer: shipField("Firing ship"),
    target: shipField("Target"),
    battery: literals(["heavy", "light"], { label: "Gunnery rating" }),
    ...rangeSchema,
  }),
  ...shared,
  describe: ({ state, action }, o) =>
    sentence(nameOf(state, action.firer), nameOf(state, action.target), action.battery, o, chartNote(state)),
  headline: ({ state, action }, odds) => gunneryHeadline(state, action, odds),
});

export const quickfireAttackAction = quickfireAction({
  prepareOnParse: false,
  type: "quickfire-attack",
  outcomeSchema: SHOT_OUTCOME,
  measure: QUICKFIRE_ATTACK_MEASURES,
  title: "Quickfire attack",
  description: "Combined light fire of ships with light ROF 6 at short or point-blank range (3.0 Quickfire Effect)",
  schema: actionSchema("quickfire-attack", {
    firers: Type.Array(Type.String(), { minItems: 2, label: "Firing ships (light ROF 6)", input: "ships" }),
    target: shipField("Target"),
    ...rangeSchema,
  }),
  ...shared,
  describe: ({ state, action }, o) =>
    sentence(action.firers.map((id) => nameOf(state, id)).join(" + "), nameOf(state, action.target), "combined light", o, chartNote(state)),
  headline: ({ state, action }, odds) => quickfireAttackHeadline(state, action, odds),
});
