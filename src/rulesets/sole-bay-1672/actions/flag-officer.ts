/**
 * "Flagships" and "Risk to Flag Officer": the 2d6 risk roll (killed on a 2, or a double skull with Death Dice),
 * retiring to another ship of the division, and capture when the flagship is destroyed by boarding.
 */

import { Type } from "@sinclair/typebox";
import { entry } from "../../../dice/plan.ts";
import { flagChance, nameOf } from "../../../game/action-kit.ts";
import { actionSchema, shipField } from "../../../game/action-schema.ts";
import { fact, outcomeOf } from "../../../game/outcome.ts";
import { literals } from "../../../game/schema.ts";
import type { FollowUp } from "../../../game/types.ts";
import { ok } from "../../../result.ts";
import { flagRiskFollowUp } from "../damage.ts";
import type { DamageCause, SoleBayEvent } from "../events.ts";
import { flagOfficerRiskHeadline } from "../headline.ts";
import { illegal, shipAt, shipWhere, soleBayAction } from "../lookup.ts";
import { RETIRE_MEASURES } from "../measures.ts";
import type { SoleBayShip } from "../ship.ts";
import { retireCandidates } from "../squadron.ts";
import type { SoleBayState } from "../state.ts";
import { FLAG_OFFICER_KILLED_ON, RETIRE_WITHIN_INCHES } from "../tables.ts";

const CAUSES = ["broadside", "fire", "explosion", "collision", "boarding"] as const satisfies readonly DamageCause[];

/** The flagship `action.ship` names (destroyed or not), with her flag officer aboard. */
const flagship = (state: SoleBayState, id: string) =>
  shipWhere(state, id, "action.ship", (s) => (s.flagOfficer === "present" ? null : `${s.name} carries no flag officer.`), "any");

/** The choice of a ship to shift the flag to; `voluntary` (before a boarding) allows staying aboard. */
export function retireChoice(state: SoleBayState, ship: SoleBayShip, voluntary: boolean): FollowUp | null {
  const candidates = retireCandidates(state, ship);
  if (candidates.length === 0) return null;
  return {
    kind: "choose",
    purpose: voluntary
      ? `${ship.name} is boarded: the Flag Officer may retire to another ship of his division within ${RETIRE_WITHIN_INCHES}" before the action is fought`
      : `${ship.name} is destroyed and the Flag Officer survived: he retires to another ship of his division`,
    action: { type: "flag-officer-retire", ship: ship.id, to: null },
    choice: { field: "to", options: candidates.map((c) => ({ value: c.id, label: c.name })), min: voluntary ? 0 : 1, max: 1 },
  };
}

/** Killed on a total of 2, or with Death Dice on a double skull (both dice showing the skull face). */
export function officerKilled(state: SoleBayState, pair: readonly number[]): boolean {
  const [a = 0, b = 0] = pair;
  if (state.settings.deathDice) return a === state.settings.deathDiceSkullFace && b === state.settings.deathDiceSkullFace;
  return a + b === FLAG_OFFICER_KILLED_ON;
}

export const flagOfficerRisk = soleBayAction({
  type: "flag-officer-risk",
  outcomeSchema: outcomeOf({
    ship: fact.hidden(Type.String()),
    killed: fact.hidden(Type.Boolean()),
    rollsLeft: fact.count("Rolls still to make", undefined, { omitZero: true }),
    fate: fact.word<string>("Flag Officer", {
      killed: "killed or mortally wounded",
      survives: "survives",
      captured: "survives, captured with his flagship",
      retires: "survives and must retire to another ship",
      "stays-with-prize": "survives with no ship of his division to retire to",
    }),
  }),
  title: "Risk to Flag Officer",
  description: "Risk to Flag Officer: 2d6, killed or mortally wounded on a 2 (double skull with Death Dice).",
  schema: actionSchema("flag-officer-risk", {
    ship: shipField("Flagship"),
    rolls: Type.Integer({ minimum: 1, default: 1, label: "Risk rolls still to make" }),
    cause: literals(CAUSES, { default: "broadside", label: "What damaged the flagship" }),
  }),
  prepare({ state, action: a }) {
    const ship = flagship(state, a.ship);
    return ship.ok ? ok({ ship: ship.value, rolls: a.rolls, cause: a.cause }) : ship;
  },
  plan: ({ prepared: ctx, state }) => [
    entry(
      "risk",
      "d6",
      2,
      `Risk to Flag Officer aboard ${ctx.ship.name}: killed on ${state.settings.deathDice ? "a double skull" : "a 2"}`,
    ),
  ],
  outcome({ prepared: ctx, state }, dice) {
    const killed = officerKilled(state, dice[0] ?? []);
    const rollsLeft = killed ? 0 : ctx.rolls - 1;
    const fate = killed
      ? "killed"
      : rollsLeft > 0 || !ctx.ship.destroyed
        ? "survives"
        : ctx.cause === "boarding"
          ? "captured"
          : retireCandidates(state, ctx.ship).length > 0
            ? "retires"
            : "stays-with-prize";
    return { ship: ctx.ship.id, killed, rollsLeft, fate };
  },
  effects({ prepared: ctx, state }, o) {
    const events: SoleBayEvent[] =
      o.fate === "killed"
        ? [{ type: "flag-officer-killed", ship: ctx.ship.id }]
        : o.fate === "captured"
          ? [{ type: "flag-officer-captured", ship: ctx.ship.id }]
          : [];
    const followUps: FollowUp[] = [];
    if (o.rollsLeft > 0) followUps.push(flagRiskFollowUp(state, ctx.ship.id, o.rollsLeft, ctx.cause));
    const choice = o.fate === "retires" ? retireChoice(state, ctx.ship, false) : null;
    if (choice) followUps.push(choice);
    return { events, followUps };
  },
  summary: (d) => ({ pKilled: flagChance("The Flag Officer is killed", d, "killed") }),
  describe({ state }, o) {
    const n = nameOf(state, o.ship);
    const words: Record<string, string> = {
      killed: `The Flag Officer aboard ${n} is killed or mortally wounded`,
      survives: `The Flag Officer aboard ${n} survives`,
      captured: `The Flag Officer of ${n} survives but is captured with his flagship`,
      retires: `The Flag Officer of ${n} survives and must retire to another ship`,
      "stays-with-prize": `The Flag Officer of ${n} survives with no ship of his division to retire to`,
    };
    return words[o.fate] ?? n;
  },
  headline: ({ state, action }, odds) => flagOfficerRiskHeadline(state, action, odds),
});

export const flagOfficerRetire = soleBayAction({
  type: "flag-officer-retire",
  outcomeSchema: outcomeOf({
    ship: fact.hidden(Type.String()),
    to: fact.shipOrNull("Flag shifted to", { none: "The Flag Officer stays aboard" }),
    retired: fact.hidden(Type.Boolean()),
  }),
  measure: RETIRE_MEASURES,
  title: "Flag Officer retires",
  description: `The Flag Officer retires to another ship of his division (within ${RETIRE_WITHIN_INCHES}" when boarded).`,
  schema: actionSchema("flag-officer-retire", {
    ship: shipField("Flagship"),
    // A choice answered with no option or one option in a list is accepted as well as a single id.
    to: Type.Union([Type.String(), Type.Null(), Type.Array(Type.String(), { maxItems: 1 })], {
      default: null,
      label: "Ship to shift the flag to (empty: stay)",
      input: "ship",
    }),
  }),
  prepare({ state, action: a }) {
    const ship = flagship(state, a.ship);
    if (!ship.ok) return ship;
    const candidates = retireCandidates(state, ship.value);
    const toId = Array.isArray(a.to) ? (a.to[0] ?? null) : a.to;
    if (toId === null) {
      if (ship.value.destroyed && candidates.length > 0) {
        return illegal(`He "will automatically retire if he survives his flagship being destroyed": choose a ship.`, "action.to");
      }
      return ok({ ship: ship.value, to: null as SoleBayShip | null });
    }
    const to = shipAt(state, toId, "action.to");
    if (!to.ok) return to;
    if (!candidates.some((c) => c.id === to.value.id)) {
      return illegal(`${to.value.name} is not another ship of ${ship.value.name}'s division that can take the flag.`, "action.to");
    }
    return ok({ ship: ship.value, to: to.value });
  },
  plan: () => [],
  outcome: ({ prepared: ctx }) => ({ ship: ctx.ship.id, to: ctx.to?.id ?? null, retired: ctx.to !== null }),
  effects: ({ prepared: ctx }) => ({ events: ctx.to ? [{ type: "flag-officer-retired", from: ctx.ship.id, to: ctx.to.id }] : [] }),
  describe: ({ state }, o) =>
    o.to
      ? `The Flag Officer shifts his flag from ${nameOf(state, o.ship)} to ${nameOf(state, o.to)}`
      : `The Flag Officer stays aboard ${nameOf(state, o.ship)}`,
});
