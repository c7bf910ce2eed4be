/**
 * The `gunnery` and `quickfire-attack` actions (text 3.0–3.1) on top of gunnery.ts.
 */
import { Type } from "@sinclair/typebox";
import { nameOf, type Outcome } from "../../game/action-kit.ts";
import type { DamageCode } from "./chart.ts";
import { applyCodes } from "./damage.ts";
import { GUNNERY_PLAN, type GunneryContext, gunneryContext, gunneryMarks, gunneryOutcome, shotEvents } from "./gunnery.ts";
import { chartNote, defineAction, type QfAction } from "./kit.ts";

const RangeField = Type.Union([Type.Literal("point-blank"), Type.Literal("short"), Type.Literal("long")]);
const ArcField = Type.Union([Type.Literal("broadside"), Type.Literal("fore-aft")], { default: "broadside" });
/** Schema of {@link rangeFields}: a band or a measured distance, and the arc. */
const rangeSchema = { range: Type.Optional(RangeField), distance: Type.Optional(Type.Number({ minimum: 0 })), arc: ArcField };
const rangeFields = [
  { name: "range", label: "Range band", type: "enum", values: ["point-blank", "short", "long"], optional: true },
  { name: "distance", label: "Measured distance (mm or inches, by the scale setting)", type: "number", min: 0, optional: true },
  { name: "arc", label: "Arc of the target", type: "enum", values: ["broadside", "fore-aft"], default: "broadside" },
] as const;

const codesOf = (o: Outcome): DamageCode[] => [...((o.hit ? [o.hit] : []) as DamageCode[]), ...((o.blast as DamageCode[]) ?? [])];

const shared = {
  plan: () => GUNNERY_PLAN,
  outcome: (state: Parameters<typeof gunneryOutcome>[0], ctx: GunneryContext, groups: readonly (readonly number[])[]) =>
    gunneryOutcome(state, ctx, groups[0]?.[0] ?? 6, groups[1] ?? []),
  marks: (_state: unknown, ctx: GunneryContext, groups: readonly (readonly number[])[]) =>
    gunneryMarks(ctx, groups[0]?.[0] ?? 6, groups[1] ?? []),
  effects: (state: Parameters<typeof gunneryOutcome>[0], ctx: GunneryContext, outcome: Outcome) => {
    const who = ctx.firers.map((f) => f.name).join(" + ");
    const applied = applyCodes(state, ctx.target.id, codesOf(outcome), ctx.battery, `${ctx.battery} fire from ${who}`);
    return { events: [...shotEvents(state, ctx), ...applied.events], followUps: applied.followUps };
  },
  summary: (dist: Parameters<QfAction<GunneryContext>["summary"]>[0]) => {
    const codes = ["B", "D", "E", "F", "G", "R", "S", "T"];
    const blast: Record<string, number> = {};
    for (const c of codes) {
      const p = dist.probability((o) => (o.blast as string[]).includes(c));
      if (p > 0) blast[c] = p;
    }
    return {
      noFire: dist.probability((o) => o.fired === false),
      miss: dist.probability((o) => o.fired === true && o.hit === null),
      G: dist.probability((o) => o.hit === "G"),
      S: dist.probability((o) => o.hit === "S"),
      anyBlast: dist.probability((o) => (o.blast as string[]).length > 0),
      blast,
    };
  },
};

function sentence(firer: string, target: string, battery: string, o: Outcome, note: string): string {
  if (!o.fired) return `${firer} did not fire ${battery} guns at ${target} (ROF die above ${o.rof})${note}.`;
  if (!o.hit) return `${firer}'s ${battery} fire missed ${target}${note}.`;
  const blast = (o.blast as string[]).length ? ` with blast damage ${(o.blast as string[]).join(", ")}` : "";
  return `${firer}'s ${battery} fire scored ${o.hit === "S" ? "an" : "a"} ${o.hit} hit on ${target}${blast}${note}.`;
}

export const gunneryAction = defineAction<GunneryContext>({
  def: {
    type: "gunnery",
    description: "Gun fire: one black ROF die and two white gunnery dice (3.0)",
    fields: [
      { name: "firer", label: "Firing ship", type: "ship" },
      { name: "target", label: "Target", type: "ship" },
      { name: "battery", label: "Gunnery rating", type: "enum", values: ["heavy", "light"] },
      ...rangeFields,
    ],
  },
  schema: Type.Object(
    {
      type: Type.Literal("gunnery"),
      firer: Type.String(),
      target: Type.String(),
      battery: Type.Union([Type.Literal("heavy"), Type.Literal("light")]),
      ...rangeSchema,
    },
    { additionalProperties: false },
  ),
  context: gunneryContext,
  ...shared,
  describe: (state, action, o) =>
    sentence(nameOf(state, action.firer), nameOf(state, action.target), String(action.battery), o, chartNote(state)),
});

export const quickfireAttackAction = defineAction<GunneryContext>({
  def: {
    type: "quickfire-attack",
    description: "Combined light fire of ships with light ROF 6 at short or point-blank range (3.0 Quickfire Effect)",
    fields: [
      { name: "firers", label: "Firing ships (light ROF 6)", type: "ships" },
      { name: "target", label: "Target", type: "ship" },
      ...rangeFields,
    ],
  },
  schema: Type.Object(
    {
      type: Type.Literal("quickfire-attack"),
      firers: Type.Array(Type.String(), { minItems: 2 }),
      target: Type.String(),
      ...rangeSchema,
    },
    { additionalProperties: false },
  ),
  context: gunneryContext,
  ...shared,
  describe: (state, action, o) =>
    sentence(
      ((action.firers as string[]) ?? []).map((id) => nameOf(state, id)).join(" + "),
      nameOf(state, action.target),
      "combined light",
      o,
      chartNote(state),
    ),
});
