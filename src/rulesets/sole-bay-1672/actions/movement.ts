/**
 * "Movement" and "Speed": the allowance from the speed table (doubled when strategic), full sail, the
 * windward edge (stern: +1D3 + crew half inches, whole when strategic; bow: half speed), minimum moves, turns
 * per move, following a slower ship; "Backing Sail" and "Tacking" (4+ ± crew).
 */

import { Type } from "@sinclair/typebox";
import { entry } from "../../../dice/plan.ts";
import { flagChance, nameOf } from "../../../game/action-kit.ts";
import { actionSchema, shipField } from "../../../game/action-schema.ts";
import { fact, outcomeOf } from "../../../game/outcome.ts";
import { literals } from "../../../game/schema.ts";
import { flagHeadline } from "../../../odds/headline.ts";
import { ok } from "../../../result.ts";
import type { SoleBayEvent } from "../events.ts";
import { movementHeadline } from "../headline.ts";
import { flag, illegal, isFired, shipAt, soleBayAction } from "../lookup.ts";
import { MOVEMENT_MEASURES } from "../measures.ts";
import { INCHES, modifiedRoll } from "../outcome-facts.ts";
import { crewModifier, type SoleBayShip } from "../ship.ts";
import { MINIMUM_MOVE, SAILING_SUCCESS, SPEED_TABLE, STRATEGIC_MULTIPLIER, TURNS_PER_MOVE } from "../tables.ts";

const WINDWARD = ["stern", "bow", "neither"] as const;

export const movement = soleBayAction({
  type: "movement",
  outcomeSchema: outcomeOf({
    ship: fact.hidden(Type.String()),
    base: fact.number("Speed by the table", INCHES),
    fullSail: fact.flag("Full sail (speed doubled)"),
    strategic: fact.flag("Strategic move"),
    windward: fact.word("Windward edge", {
      stern: "behind the stern: 1d3 + crew added",
      bow: "ahead of the bow: speed halved",
      neither: "neither bow nor stern",
    }),
    windInches: fact.number("Added by the wind", INCHES, { omitZero: true }),
    allowance: fact.number("May move", INCHES),
    minimum: fact.number("Must move at least", INCHES),
    turns: fact.count("Turns allowed"),
    inchesBetweenTurns: fact.number("Between turns", INCHES),
    following: fact.shipOrNull("Follows"),
    mayMoveAt: fact.numberOrNull("Keeps station: moves", INCHES),
  }),
  measure: MOVEMENT_MEASURES,
  title: "Movement",
  description: "A ship's movement allowance this move (the windward edge behind it adds 1d3 + crew half inches).",
  schema: actionSchema("movement", {
    ship: shipField("Ship"),
    strategic: flag('Strategic move (beyond 12" of the enemy)'),
    fullSail: flag("Full sail"),
    enemyWithin12: flag('An enemy within 12" at the start of the move'),
    windward: literals(WINDWARD, { default: "neither", label: "Windward edge is crossed by a line from the" }),
    following: Type.Union([Type.String(), Type.Null()], { default: null, label: "Slower ship she follows", input: "ship" }),
    anchoredOrAground: flag("At anchor or aground (no minimum move)"),
  }),
  prepare({ state, action: a }) {
    const ship = shipAt(state, a.ship, "action.ship");
    if (!ship.ok) return ship;
    const s = ship.value;
    if (a.fullSail) {
      // Fireships "can apply 'Full Sail' within gunnery range … even if 'Worn' (but not Damaged or Heavily Damaged)".
      if (s.fireship && s.condition !== "fresh" && s.condition !== "worn")
        return illegal(`${s.name} is too damaged for full sail.`, "action.fullSail");
      if (!s.fireship && s.condition !== "fresh")
        return illegal(`Only a FRESH ship may go to full sail; ${s.name} is ${s.condition}.`, "action.fullSail");
      if (!s.fireship && a.enemyWithin12)
        return illegal(`${s.name} is within 12" of an enemy at the start of its move: no full sail.`, "action.fullSail");
    }
    let following: SoleBayShip | null = null;
    if (a.following !== null) {
      const f = shipAt(state, a.following, "action.following");
      if (!f.ok) return f;
      if (f.value.id === s.id || f.value.squadron !== s.squadron) {
        return illegal(`A ship may only follow another ship of its own squadron/division.`, "action.following");
      }
      following = f.value;
    }
    const mult = a.strategic ? STRATEGIC_MULTIPLIER : 1;
    const followingAllowance = following
      ? (state.game.allowances[following.id] ?? SPEED_TABLE[following.speed][following.condition] * mult)
      : null;
    return ok({ ...a, ship: s, following, followingAllowance, fired: isFired(state, s), crew: crewModifier(s, state.game.fired) });
  },
  // at anchor or aground she does not sail, so the windward edge's 1d3 is not rolled
  plan: ({ prepared: ctx }) =>
    ctx.windward === "stern" && !ctx.anchoredOrAground
      ? [
          entry(
            "windward",
            "d3",
            1,
            `${ctx.ship.name}'s stern is toward the windward edge: 1d3 + crew in ${ctx.strategic ? "inches" : "half inches"}`,
          ),
        ]
      : [],
  outcome({ prepared: ctx }, dice) {
    const base = SPEED_TABLE[ctx.ship.speed][ctx.ship.condition];
    const mult = ctx.strategic ? STRATEGIC_MULTIPLIER : 1;
    let move = base * (ctx.fullSail ? 2 : 1);
    if (ctx.windward === "bow") move /= 2; // "reduce speed by half"
    move *= mult;
    const windRoll = ctx.windward === "stern" ? Math.max(0, (dice[0]?.[0] ?? 0) + ctx.crew) : 0;
    const windInches = windRoll * (ctx.strategic ? 1 : 0.5);
    // "All ships must move at least 2" Tactical, or 4" Strategic, unless Backing Sail, at anchor or aground":
    // an allowance below the minimum is raised to it. (Backing sail is its own roll and halts the ship.)
    const minimum = ctx.anchoredOrAground ? 0 : ctx.strategic ? MINIMUM_MOVE.strategic : MINIMUM_MOVE.tactical;
    // "unless Backing Sail, at anchor or aground": an anchored or grounded ship holds her place — no allowance, no turns.
    const allowance = ctx.anchoredOrAground ? 0 : Math.max(minimum, move + windInches);
    const mayMoveAt =
      !ctx.anchoredOrAground && ctx.followingAllowance !== null && ctx.followingAllowance < allowance ? ctx.followingAllowance : null;
    return {
      ship: ctx.ship.id,
      base,
      fullSail: ctx.fullSail,
      strategic: ctx.strategic,
      windward: ctx.windward,
      windInches,
      allowance,
      minimum,
      turns: ctx.fired || ctx.anchoredOrAground ? 0 : TURNS_PER_MOVE[ctx.ship.speed],
      inchesBetweenTurns: ctx.strategic ? MINIMUM_MOVE.strategic : MINIMUM_MOVE.tactical,
      following: ctx.following?.id ?? null,
      mayMoveAt,
    };
  },
  effects({ prepared: ctx }, o) {
    const events: SoleBayEvent[] = [];
    if (ctx.ship.fullSail !== ctx.fullSail) events.push({ type: "full-sail-set", ship: ctx.ship.id, fullSail: ctx.fullSail });
    events.push({ type: "movement-allowance", ship: ctx.ship.id, inches: o.mayMoveAt ?? o.allowance });
    // fire damage and fireship explosions are rolled at the end of the movement phase (end-movement), for every ship
    return { events };
  },
  describe: ({ state }, o) =>
    `${nameOf(state, o.ship)} may move ${o.allowance}"${o.mayMoveAt !== null ? ` (or ${o.mayMoveAt}" following ${nameOf(state, o.following)})` : ""}, at least ${o.minimum}", ${o.turns} turn${o.turns === 1 ? "" : "s"}`,
  headline: ({ state, action }, odds) => movementHeadline(state, action, odds),
});

function sailingRoll(type: "backing-sail" | "tacking", title: string, success: string, failure: string, description: string) {
  return soleBayAction({
    type,
    outcomeSchema: outcomeOf({
      ship: fact.hidden(Type.String()),
      modified: modifiedRoll,
      success: fact.flag("Succeeded (4+)", { no: "Failed (under 4)" }),
      meaning: fact.text("The ship"),
    }),
    title,
    description,
    schema: actionSchema(type, { ship: shipField("Ship") }),
    prepare({ state, action: a }) {
      const ship = shipAt(state, a.ship, "action.ship");
      return ship.ok ? ok({ ship: ship.value, crew: crewModifier(ship.value, state.game.fired) }) : ship;
    },
    plan: ({ prepared: ctx }) => [
      entry(
        type,
        "d6",
        1,
        `${ctx.ship.name}: ${type === "tacking" ? "tacking" : "backing sail"}, 4+ with crew ${ctx.crew >= 0 ? "+" : ""}${ctx.crew}`,
      ),
    ],
    outcome({ prepared: ctx }, dice) {
      const modified = (dice[0]?.[0] ?? 0) + ctx.crew;
      const ok = modified >= SAILING_SUCCESS;
      return { ship: ctx.ship.id, modified, success: ok, meaning: ok ? success : failure };
    },
    effects: () => ({ events: [] }),
    summary: (d) => ({ pSuccess: flagChance("Succeeds", d, "success") }),
    describe: ({ state }, o) => `${nameOf(state, o.ship)}: ${o.meaning}`,
    headline: ({ state, action }, odds) => flagHeadline(`${title}: ${nameOf(state, action.ship)}`, odds, "success", "Succeeds", "Fails"),
  });
}

/** "Backing Sail": "Failure requires the ship to continue at its current speed for the rest of its move." */
export const backingSail = sailingRoll(
  "backing-sail",
  "Backing sail",
  "backs sail and halts or holds position",
  "fails to back sail and continues at its current speed for the rest of its move",
  "Backing sail to halt or hold position: 1d6, 4+ ± crew.",
);

/** "Tacking": "a failure leaving the ship stationary facing into the wind 'in irons' for the rest of the move." */
export const tacking = sailingRoll(
  "tacking",
  "Tacking",
  "tacks through the wind",
  "is left stationary facing into the wind, 'in irons', for the rest of the move",
  "Tacking into the wind: 1d6, 4+ ± crew.",
);
