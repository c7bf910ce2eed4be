/**
 * "Fighting the Boarding Action" (both ships inflict damage with Stout 2D6 / Average and Fireships 1D6 / Weak by
 * setting, plus crew, relative damage and flagship modifiers), and breaking off by the crew that caused most damage.
 * The grapple roll is `grapple.ts`.
 */

import { Type } from "@sinclair/typebox";
import type { DieKind } from "../../../dice/kinds.ts";
import type { DicePlan } from "../../../dice/plan.ts";
import { bySide, entry } from "../../../dice/plan.ts";
import { chance, type DiceGroups, nameOf } from "../../../game/action-kit.ts";
import { actionSchema, shipField } from "../../../game/action-schema.ts";
import { fact, outcomeOf } from "../../../game/outcome.ts";
import { oddsOverDistinctTotals } from "../../../odds/plan-odds.ts";
import { ok } from "../../../result.ts";
import { afterWords, type DamageReport, damaged, damageReport, markEvents } from "../damage.ts";
import type { SoleBayEvent } from "../events.ts";
import { boardingRoundHeadline } from "../headline.ts";
import { illegal, isFired, shipAt, soleBayAction } from "../lookup.ts";
import { damageRow, HITS } from "../outcome-facts.ts";
import { crewModifier, levelOf, type SoleBayShip } from "../ship.ts";
import type { SoleBayState } from "../state.ts";
import { BOARDING_DICE, BOARDING_MODIFIERS } from "../tables.ts";
import { areGrappled, foughtThisTurn, pair, twoShips } from "./grapple.ts";

/** The boarding dice of a ship; a Weak ship's are a setting (the text names only Stout, Average and Fireships). */
export function boardingDice(state: SoleBayState, ship: SoleBayShip): { die: DieKind; count: number } {
  if (ship.fireship) return BOARDING_DICE.fireship;
  if (ship.hull === "weak") return state.settings.weakBoardingDice === "1d6" ? { die: "d6", count: 1 } : { die: "d3", count: 1 };
  return BOARDING_DICE[ship.hull];
}

/** Modifiers of one side of a boarding round, each with its reason. */
export function boardingModifiers(state: SoleBayState, self: SoleBayShip, opponent: SoleBayShip): Array<{ reason: string; value: number }> {
  const mods: Array<{ reason: string; value: number }> = [];
  const crew = crewModifier(self, state.game.fired);
  if (crew !== 0) mods.push({ reason: `${self.crew} crew`, value: crew });
  const less = levelOf(opponent.hull, opponent.damage) - levelOf(self.hull, self.damage);
  if (less > 0)
    mods.push({
      reason: `${less} level${less > 1 ? "s" : ""} of damage less than the opponent`,
      value: less * BOARDING_MODIFIERS.perLevelLessDamaged,
    });
  if (self.flagship && self.flagOfficer === "present")
    mods.push({ reason: "Division Flagship, Flag Officer present", value: BOARDING_MODIFIERS.flagship });
  return mods;
}

type Pair = { attacker: SoleBayShip; defender: SoleBayShip };
type Side = { ship: string; rolled: number; modifier: number; inflicted: number };
type Report = Pick<DamageReport, "ship" | "marked" | "wasted" | "conditionAfter" | "levelsLost" | "destroyed">;

/**
 * A round's outcome from the two dice totals (each side's damage reads its total alone). The sides and damage
 * reports are built through `side` and `report`, which the odds memoise per total so 121 pairs of 2d6 totals share
 * 22 sides and at most 26 reports.
 */
function roundFromTotals(
  ctx: Pair,
  state: SoleBayState,
  [a, d]: readonly number[],
  side: (self: SoleBayShip, opponent: SoleBayShip, rolled: number) => Side,
  report: (s: SoleBayShip, hits: number) => Report,
) {
  const attacker = side(ctx.attacker, ctx.defender, a ?? 0);
  const defender = side(ctx.defender, ctx.attacker, d ?? 0);
  const winner =
    attacker.inflicted > defender.inflicted ? ctx.attacker.id : defender.inflicted > attacker.inflicted ? ctx.defender.id : null;
  const results = [report(ctx.attacker, defender.inflicted), report(ctx.defender, attacker.inflicted)];
  // "If the target ship loses a round of Boarding Action, the fire spreads from the Fireship."
  const fireship = [ctx.attacker, ctx.defender].find((s) => isFired(state, s));
  const target = fireship && (fireship === ctx.attacker ? ctx.defender : ctx.attacker);
  const fireSpreads = !!target && winner === fireship?.id && !results.find((r) => r.ship === target.id)?.destroyed;
  return { attacker, defender, winner, results, fireSpreads, grappleEnds: results.some((r) => r.destroyed) };
}

function sideOf(state: SoleBayState, self: SoleBayShip, opponent: SoleBayShip, rolled: number): Side {
  const modifier = boardingModifiers(state, self, opponent).reduce((s, m) => s + m.value, 0);
  return { ship: self.id, rolled, modifier, inflicted: Math.max(0, rolled + modifier) };
}

function reportOf(s: SoleBayShip, hits: number): Report {
  const { ship, marked, wasted, conditionAfter, levelsLost, destroyed } = damageReport(s, hits);
  return { ship, marked, wasted, conditionAfter, levelsLost, destroyed };
}

const sum = (dice: readonly number[] = []) => dice.reduce((s, v) => s + v, 0);

function boardingRoundOutcome(ctx: Pair, dice: DiceGroups, state: SoleBayState) {
  const totals = [sum(dice[0]), sum(dice[1])];
  return roundFromTotals(ctx, state, totals, (self, opp, rolled) => sideOf(state, self, opp, rolled), reportOf);
}

/** Every round by its pair of totals, sides and reports built once per total (outcomes carry the totals: distinct). */
function boardingRoundDist(ctx: Pair, plan: DicePlan, state: SoleBayState) {
  const mods = new Map(
    [ctx.attacker, ctx.defender].map((s) => [
      s.id,
      boardingModifiers(state, s, s === ctx.attacker ? ctx.defender : ctx.attacker).reduce((t, m) => t + m.value, 0),
    ]),
  );
  const sides = new Map<string, Side>();
  const reports = new Map<string, Report>();
  const side = (self: SoleBayShip, _opp: SoleBayShip, rolled: number): Side => {
    const key = `${self.id === ctx.attacker.id ? "a" : "d"}${rolled}`;
    let s = sides.get(key);
    if (!s) {
      const modifier = mods.get(self.id) ?? 0;
      s = { ship: self.id, rolled, modifier, inflicted: Math.max(0, rolled + modifier) };
      sides.set(key, s);
    }
    return s;
  };
  const report = (s: SoleBayShip, hits: number): Report => {
    const key = `${s === ctx.attacker ? "a" : "d"}${hits}`;
    let r = reports.get(key);
    if (!r) {
      r = reportOf(s, hits);
      reports.set(key, r);
    }
    return r;
  };
  return oddsOverDistinctTotals(plan, (totals) => roundFromTotals(ctx, state, totals, side, report));
}

/** One side's roll in a round of boarding: the dice, its modifiers, the hits it inflicts. */
const boardingSide = {
  ship: fact.hidden(Type.String()),
  rolled: fact.die("Rolled"),
  modifier: fact.modifier("Modifiers"),
  inflicted: fact.count("Inflicts", HITS),
};

export const boardingRound = soleBayAction({
  type: "boarding-round",
  outcomeSchema: outcomeOf({
    attacker: fact.row("Boarders", boardingSide, "ship"),
    defender: fact.row("Defenders", boardingSide, "ship"),
    winner: fact.shipOrNull("Round won by", { none: "Drawn round" }),
    results: fact.rows("Damage", damageRow, "ship"),
    fireSpreads: fact.flag("Fire spreads from the fireship"),
    grappleEnds: fact.flag("The grapple ends"),
  }),
  title: "Boarding round",
  description: "One round of a boarding action: both ships inflict damage on the other.",
  schema: pair("boarding-round"),
  prepare({ state, action: a }) {
    const ships = twoShips(state, a);
    if (!ships.ok) return ships;
    if (!areGrappled(state, a.attacker, a.defender)) return illegal("These ships are not grappled.", "action.defender");
    // "One round of combat will be fought per player Initiative including the initial grappling and boarding action."
    if (foughtThisTurn(state, a.attacker, a.defender))
      return illegal(
        `${ships.value.attacker.name} and ${ships.value.defender.name} have fought their boarding round this turn: ` +
          "one round per initiative; the next is fought after the next initiative roll.",
        "action.type",
      );
    return ok(ships.value);
  },
  plan({ prepared: ctx, state }) {
    const [a, d] = [boardingDice(state, ctx.attacker), boardingDice(state, ctx.defender)];
    const mods = (self: SoleBayShip, opp: SoleBayShip) =>
      boardingModifiers(state, self, opp)
        .map((m) => ` ${m.value > 0 ? "+" : "−"}${Math.abs(m.value)} ${m.reason}`)
        .join(",");
    return [
      bySide(
        ctx.attacker.side,
        entry("attacker", a.die, a.count, `${ctx.attacker.name}'s boarding damage: ${a.count}${a.die}${mods(ctx.attacker, ctx.defender)}`),
      ),
      bySide(
        ctx.defender.side,
        entry("defender", d.die, d.count, `${ctx.defender.name}'s boarding damage: ${d.count}${d.die}${mods(ctx.defender, ctx.attacker)}`),
      ),
    ];
  },
  outcome: ({ prepared: ctx, state }, dice) => boardingRoundOutcome(ctx, dice, state),
  // Each side's damage reads its dice total alone: the totals' product, not every pair of multisets.
  dist: ({ prepared: ctx, state }, plan) => boardingRoundDist(ctx, plan, state),
  effects({ prepared: ctx, state }, o) {
    const events: SoleBayEvent[] = [
      ...markEvents(damageReport(ctx.attacker, o.defender.inflicted), "boarding"),
      ...markEvents(damageReport(ctx.defender, o.attacker.inflicted), "boarding"),
    ];
    if (o.fireSpreads) {
      const target = o.winner === ctx.attacker.id ? ctx.defender : ctx.attacker;
      if (target.fireTurns === 0) events.push({ type: "fire-started", ship: target.id });
    }
    events.push(
      o.grappleEnds
        ? { type: "grapple-ended", a: ctx.attacker.id, b: ctx.defender.id }
        : { type: "boarding-round", a: ctx.attacker.id, b: ctx.defender.id, winner: o.winner },
    );
    return damaged(state, { events, cause: "boarding" });
  },
  summary: (dist, { prepared: ctx }) => ({
    pAttackerWins: chance(
      `${ctx.attacker.name} causes most damage`,
      dist.probability((o) => o.winner === ctx.attacker.id),
    ),
    pDefenderWins: chance(
      `${ctx.defender.name} causes most damage`,
      dist.probability((o) => o.winner === ctx.defender.id),
    ),
    pDrawn: chance(
      "Equal damage",
      dist.probability((o) => o.winner === null),
    ),
  }),
  describe: ({ state }, o) =>
    `Boarding: ${nameOf(state, o.attacker.ship)} inflicts ${o.attacker.inflicted}, ${nameOf(state, o.defender.ship)} inflicts ${o.defender.inflicted}` +
    ` — ${o.results.map((r) => `${nameOf(state, r.ship)} ${afterWords(r)}`).join(", ")}${o.fireSpreads ? "; the fire spreads" : ""}`,
  headline: ({ state, action }, odds) => boardingRoundHeadline(state, action, odds),
});

export const breakOff = soleBayAction({
  type: "break-off",
  outcomeSchema: outcomeOf({ ship: fact.hidden(Type.String()), from: fact.ship("Breaks off from") }),
  title: "Break off",
  description: 'The crew that caused most damage in the last round breaks off, moving ½" away.',
  schema: actionSchema("break-off", { ship: shipField("Ship breaking off") }),
  prepare({ state, action: a }) {
    const ship = shipAt(state, a.ship, "action.ship");
    if (!ship.ok) return ship;
    const g = state.game.grappled.find((x) => x.a === a.ship || x.b === a.ship);
    if (!g) return illegal(`${ship.value.name} is not grappled.`, "action.ship");
    if (g.lastWinner !== a.ship) return illegal('Only the "Crew causing most damage may choose to immediately break-off".', "action.ship");
    return ok({ ship: ship.value, a: g.a, b: g.b });
  },
  plan: () => [],
  outcome: ({ prepared: ctx }) => ({ ship: ctx.ship.id, from: ctx.a === ctx.ship.id ? ctx.b : ctx.a }),
  effects: ({ prepared: ctx }) => ({ events: [{ type: "grapple-ended", a: ctx.a, b: ctx.b }] }),
  describe: ({ state }, o) => `${nameOf(state, o.ship)} breaks off from ${nameOf(state, o.from)}`,
});
