/**
 * "Broadsides": dice from the combat table by rating × condition plus modifiers, a hit on the range band's
 * score (a 6 always hits), one box per hit on the target.
 */

import { Type } from "@sinclair/typebox";
import { entry } from "../../../dice/plan.ts";
import { anyChance, chance, count, detail, expectedOf, nameOf } from "../../../game/action-kit.ts";
import { actionSchema, shipField } from "../../../game/action-schema.ts";
import { fact, outcomeOf } from "../../../game/outcome.ts";
import { literals } from "../../../game/schema.ts";
import { Dist } from "../../../odds/distribution.ts";
import { fail, ok } from "../../../result.ts";
import { afterWords, damaged, damageReport, markEvents } from "../damage.ts";
import type { SoleBayEvent } from "../events.ts";
import { broadsideHeadline } from "../headline.ts";
import { flag, illegal, isFired, shipAt, soleBayAction } from "../lookup.ts";
import { BROADSIDE_MEASURES } from "../measures.ts";
import { conditionChange, damageFields } from "../outcome-facts.ts";
import { crewModifier, type SoleBayShip } from "../ship.ts";
import type { SoleBayState } from "../state.ts";
import { BROADSIDE_DICE, BROADSIDE_MODIFIERS, CONDITION_LABELS, GUNNERY_RANGE_INCHES, RANGE_BANDS } from "../tables.ts";

const BROADSIDE_SIDES = ["port", "starboard"] as const;
type BroadsideSide = (typeof BROADSIDE_SIDES)[number];

const schema = actionSchema("broadside", {
  firer: shipField("Firing ship"),
  target: shipField("Target"),
  rangeInches: Type.Number({ minimum: 0, label: "Range (inches, base to base)" }),
  rake: flag("Raking bow or stern"),
  /** Which broadside fires; default: one not yet fired this turn (port first). */
  broadside: Type.Optional(literals(BROADSIDE_SIDES, { label: "Broadside" })),
});

interface Ctx {
  readonly firer: SoleBayShip;
  readonly target: SoleBayShip;
  readonly dice: number;
  readonly needed: number;
  readonly band: string;
  readonly firstBroadside: boolean;
  readonly side: BroadsideSide;
  readonly breakdown: ReadonlyArray<{ readonly reason: string; readonly dice: number }>;
}

const ORDINAL = ["", "1st", "2nd", "3rd", "4th"];

/** The dice of a broadside with each reason; a fired fireship has "the crew removed" and works no guns. */
export function broadsideDice(state: SoleBayState, firer: SoleBayShip, target: SoleBayShip, rake: boolean) {
  if (isFired(state, firer)) return { dice: 0, firstBroadside: false, breakdown: [{ reason: "fired fireship: crew removed", dice: 0 }] };
  const first = !firer.firstBroadsideUsed;
  const breakdown = [
    { reason: `${ORDINAL[firer.rating]} rate, ${CONDITION_LABELS[firer.condition]}`, dice: BROADSIDE_DICE[firer.rating][firer.condition] },
    ...(rake ? [{ reason: "raking bow/stern", dice: BROADSIDE_MODIFIERS.rake }] : []),
    ...(first ? [{ reason: "first broadside", dice: BROADSIDE_MODIFIERS.firstBroadside }] : []),
    ...(target.fullSail ? [{ reason: "target at full sail", dice: BROADSIDE_MODIFIERS.targetAtFullSail }] : []),
    ...(firer.crew !== "regular" ? [{ reason: `${firer.crew} crew`, dice: crewModifier(firer, state.game.fired) }] : []),
  ];
  // Never fewer than no dice: zero dice is a legal, empty roll.
  return {
    dice: Math.max(
      0,
      breakdown.reduce((n, b) => n + b.dice, 0),
    ),
    firstBroadside: first,
    breakdown,
  };
}

/** "9 (1st rate, Fresh) + 3 (raking bow/stern) − 1 (poor crew) = 11 dice, hits on 5+ (a 6 always hits)" */
function breakdownText(ctx: Ctx): string {
  const parts = ctx.breakdown.map((b, i) =>
    i === 0 ? `${b.dice} (${b.reason})` : `${b.dice < 0 ? "−" : "+"} ${Math.abs(b.dice)} (${b.reason})`,
  );
  return `${parts.join(" ")} = ${ctx.dice} dice, hits on ${ctx.needed}+ (a 6 always hits)`;
}

const isHit = (needed: number) => (v: number) => v === 6 || v >= needed; // "A '6' is always a hit."

function outcomeFor(ctx: Ctx, hits: number) {
  const r = damageReport(ctx.target, hits);
  return {
    firer: ctx.firer.id,
    target: ctx.target.id,
    dice: ctx.dice,
    needed: ctx.needed,
    band: ctx.band,
    firstBroadside: ctx.firstBroadside,
    hits,
    marked: r.marked,
    wasted: r.wasted,
    conditionBefore: r.conditionBefore,
    conditionAfter: r.conditionAfter,
    levelsLost: r.levelsLost,
    destroyed: r.destroyed,
  };
}

export const broadside = soleBayAction({
  type: "broadside",
  outcomeSchema: outcomeOf({
    firer: fact.hidden(Type.String()),
    target: fact.hidden(Type.String()),
    dice: fact.count("Dice rolled"),
    needed: fact.target("Hits on"),
    band: fact.word("Range", { close: "close", medium: "medium", long: "long" }),
    firstBroadside: fact.flag("First broadside (+1 die)"),
    hits: fact.count("Hits"),
    marked: damageFields.marked,
    wasted: damageFields.wasted,
    ...conditionChange,
    levelsLost: damageFields.levelsLost,
    destroyed: damageFields.destroyed,
  }),
  measure: BROADSIDE_MEASURES,
  title: "Broadside",
  description: "Fire a broadside: dice by rating and condition plus modifiers; hits by range; one box per hit.",
  schema,
  prepare({ state, action: a }) {
    const firer = shipAt(state, a.firer, "action.firer");
    if (!firer.ok) return firer;
    const target = shipAt(state, a.target, "action.target");
    if (!target.ok) return target;
    if (firer.value.id === target.value.id) return illegal("A ship cannot fire on itself.", "action.target");
    if (firer.value.side === target.value.side)
      return illegal(`${target.value.name} is not an enemy of ${firer.value.name}.`, "action.target");
    // "A ship may use both broadsides in same turn": each once — a third broadside, or the same one twice, is refused.
    const used = state.game.broadsides[firer.value.id] ?? [];
    const side = a.broadside ?? BROADSIDE_SIDES.find((b) => !used.includes(b));
    if (side === undefined || used.includes(side)) {
      return illegal(
        side === undefined
          ? `${firer.value.name} has fired both broadsides this turn.`
          : `${firer.value.name} has fired her ${side} broadside this turn (each broadside once a turn).`,
        a.broadside === undefined ? "action.firer" : "action.broadside",
      );
    }
    const band = RANGE_BANDS.find((b) => a.rangeInches <= b.maxInches);
    if (!band) {
      return fail(
        "rules.out-of-range",
        `${target.value.name} is ${a.rangeInches}" away; broadsides reach ${GUNNERY_RANGE_INCHES}" at most.`,
        "action.rangeInches",
      );
    }
    const d = broadsideDice(state, firer.value, target.value, a.rake);
    return ok({ firer: firer.value, target: target.value, needed: band.needed, band: band.band, side, ...d });
  },
  plan: ({ prepared: ctx }) => [
    entry("attack", "d6", ctx.dice, `Broadside of ${ctx.firer.name} at ${ctx.target.name}: ${breakdownText(ctx)}`),
  ],
  outcome: ({ prepared: ctx }, dice) => outcomeFor(ctx, (dice[0] ?? []).filter(isHit(ctx.needed)).length),
  dist: ({ prepared: ctx }) => Dist.successes("d6", ctx.dice, isHit(ctx.needed)).map((h) => outcomeFor(ctx, h)),
  marks: ({ prepared: ctx }, dice) => [(dice[0] ?? []).map((v) => (isHit(ctx.needed)(v) ? "hit" : "miss"))],
  effects({ prepared: ctx, state }, o) {
    const events: SoleBayEvent[] = [
      { type: "broadside-fired", ship: ctx.firer.id, broadside: ctx.side },
      ...(ctx.firstBroadside ? [{ type: "first-broadside-used" as const, ship: ctx.firer.id }] : []),
    ];
    return damaged(state, { events: [...events, ...markEvents(damageReport(ctx.target, o.hits), "broadside")], cause: "broadside" });
  },
  summary(dist, { prepared: ctx }) {
    return {
      dice: count("Dice rolled", ctx.dice, "dice"),
      needed: count("Each die hits on", ctx.needed),
      band: detail(ctx.band),
      breakdown: detail(ctx.breakdown),
      hits: detail(dist.map((o) => o.hits).entries.map((e) => ({ hits: e.value, p: e.p }))),
      expectedHits: expectedOf("Hits to expect", dist, "hits", "hits"),
      pConditionDrops: anyChance(`${ctx.target.name} loses a condition`, dist, "levelsLost"),
      pDestroyed: chance(
        `${ctx.target.name} is destroyed`,
        dist.probability((o) => o.destroyed && !ctx.target.destroyed),
      ),
    };
  },
  describe({ state }, o) {
    const hits = `${o.hits} hit${o.hits === 1 ? "" : "s"}`;
    return `${hits} on ${nameOf(state, o.target)} (${o.dice} dice at ${o.needed}+) — ${afterWords(o)}`;
  },
  headline: ({ state, action }, odds) => broadsideHeadline(state, action, odds),
});
