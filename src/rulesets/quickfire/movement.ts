/**
 * Movement (text 2.0–2.2) as a dice-free check, and `end-phase`, which walks the turn sequence (1.4) and
 * asks for the rolls the next phase needs (fires on entering repair, sinking at the end of the turn).
 */
import { Type } from "@sinclair/typebox";
import { nameOf } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { findShip } from "../../game/engine.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import type { FollowUp } from "../../game/types.ts";
import { fail, ok, type Result } from "../../result.ts";
import { nextPhase } from "./events.ts";
import { quickfireAction, withChart } from "./kit.ts";
import { MOVE_MEASURES } from "./measures.ts";
import { PHASE_WORDS } from "./outcome-facts.ts";
import { availableSpeed, boxInUse, immobile, type Phase, type Ship } from "./ship.ts";
import { TURN_ANGLES } from "./turn-angles.ts";

export { TURN_ANGLES };

/** The speed of log box `i` (0 = fastest); beyond the eighth box a ship stands still (0). */
const boxSpeed = (ship: Ship, i: number): number => (i < 0 ? (ship.speedBoxes[0] ?? 0) : (ship.speedBoxes[i] ?? 0));

/**
 * The distances a ship may move after moving `last` (2.2: "vessels may change their previous speed by the
 * equivalent of two boxes worth of movement"), in distance, not box numbers: the change may be as large as the two
 * log boxes next to the one she used. On a box's speed that is exactly from two boxes slower to two boxes faster (30
 * on 60/52/45/38/30/23/15/8 → 15–45); from between two speeds the same distances are added or taken off (25 → 10–40);
 * from a standstill (a ninth box of 0) up to the seventh box's speed.
 */
export function speedWindow(ship: Ship, last: number): [number, number] {
  const used = last <= 0 ? 8 : Math.max(0, boxInUse(ship, last));
  const up = boxSpeed(ship, used - 2) - boxSpeed(ship, used);
  const down = boxSpeed(ship, used) - boxSpeed(ship, used + 2);
  return [Math.max(0, last - down), last + up];
}

interface MoveContext {
  readonly ship: Ship;
  readonly distance: number;
  readonly box: number;
  readonly maxTurn: number;
  readonly available: number;
}

export const moveAction = quickfireAction({
  prepareOnParse: false,
  type: "move",
  outcomeSchema: outcomeOf({
    legal: fact.hidden(Type.Boolean()),
    box: fact.number("Speed box used"),
    maxTurn: fact.number("May turn up to", ["°", "°"]),
    available: fact.number("Speed available"),
    uncontrolled: fact.words("Direction hits (uncontrolled turns)", {
      "1": "135° left",
      "2": "90° left",
      "3": "45° left",
      "4": "45° right",
      "5": "90° right",
      "6": "135° right",
    }),
  }),
  measure: MOVE_MEASURES,
  title: "Movement",
  description:
    "Check a move: distance within the available speed and two boxes of last turn's speed, one turn within the box's angle (2.0–2.2)",
  schema: actionSchema("move", {
    ship: shipField("Ship"),
    distance: Type.Number({ minimum: 0, label: "Distance moved (mm or inches)" }),
    turn: Type.Number({ minimum: 0, maximum: 180, default: 0, label: "Pivot (degrees)" }),
    turns: Type.Integer({ minimum: 0, default: 0, label: "Number of pivots" }),
  }),
  prepare({ state, action }): Result<MoveContext> {
    const found = findShip(state.ships, action.ship, "action.ship");
    if (!found.ok) return found;
    const ship = found.value;
    if (state.game.phase !== null && state.game.phase !== "movement") {
      return fail("rules.illegal", `Ships move in the movement phase, not the ${state.game.phase} phase (1.4).`, "game.phase");
    }
    if (ship.sunk) return fail("rules.illegal", `${ship.name} has sunk.`, "action.ship");
    const distance = action.distance;
    const available = availableSpeed(ship);
    if (distance > available) {
      return fail("rules.illegal", `${ship.name}'s available speed is ${available} (topmost unmarked speed box, 2.0).`, "action.distance");
    }
    const box = boxInUse(ship, distance);
    if (ship.lastSpeed !== null && !immobile(ship)) {
      const [low, high] = speedWindow(ship, ship.lastSpeed);
      // a ship whose available speed fell below the window may still move at her available speed
      const floor = Math.min(low, available);
      if (distance < floor || distance > high) {
        return fail(
          "rules.illegal",
          `${ship.name} moved ${ship.lastSpeed} last turn; a change of two speed boxes' worth lets her move ${floor}–${Math.min(high, available)} this turn (2.2).`,
          "action.distance",
        );
      }
    }
    const turns = Math.max(action.turns, action.turn > 0 ? 1 : 0);
    if (turns > 1) return fail("rules.illegal", "A ship may only turn once during each movement phase (2.1).", "action.turns");
    const maxTurn = TURN_ANGLES[box] ?? 0;
    if (action.turn > maxTurn) {
      return fail("rules.illegal", `Using speed box ${box + 1}, ${ship.name} may turn at most ${maxTurn}° (2.1).`, "action.turn");
    }
    return ok({ ship, distance, box, maxTurn, available });
  },
  plan: () => [],
  outcome: ({ prepared: ctx }) => ({
    legal: true,
    box: ctx.box + 1,
    maxTurn: ctx.maxTurn,
    available: ctx.available,
    // 4.1 D: "may cause ship to move uncontrollably on the following turn" — shown, not enforced
    uncontrolled: [...ctx.ship.directionHits],
  }),
  effects: ({ prepared: ctx }, _o) => ({ events: [{ type: "moved", ship: ctx.ship.id, distance: ctx.distance }], followUps: [] }),
  summary: (_dist, { state }) => withChart(state, {}),
  describe: ({ state, action }, o) =>
    `${nameOf(state, action.ship)} moves ${action.distance} using speed box ${o.box} (turn up to ${o.maxTurn}°).`,
});

export const endPhaseAction = quickfireAction({
  prepareOnParse: false,
  type: "end-phase",
  outcomeSchema: outcomeOf({
    from: fact.word<Phase>("Phase ended", PHASE_WORDS),
    to: fact.word<Phase>("Next phase", PHASE_WORDS),
    newTurn: fact.flag("A new turn begins"),
    // the turn the phase ended in: the sentence says the new turn's number ("now movement of turn 2"), so a "Turn 1"
    // beside "A new turn begins" would contradict it and the phase strip
    turn: fact.hidden(Type.Number()),
  }),
  title: "End of phase",
  description: "End the phase: slashes become losses; fires roll on entering repair, sinking at the end of the turn (1.4)",
  schema: actionSchema("end-phase"),
  prepare: ({ state }) => ok({ from: state.game.phase ?? "movement" }),
  plan: () => [],
  outcome: ({ state, prepared: ctx }) => ({ from: ctx.from, ...nextPhase(ctx.from), turn: state.game.turn }),
  effects: ({ state, prepared: ctx }) => {
    const { to, newTurn } = nextPhase(ctx.from);
    const followUps: FollowUp[] = [];
    const afloat = state.ships.filter((s) => !s.sunk);
    if (to === "repair") {
      // 1.4 phase 4: "All ships with fires burning on board must roll for automatic fire effects"
      for (const s of afloat)
        for (let i = 0; i < s.fires; i++)
          followUps.push({
            kind: "roll",
            purpose: `Fire ${i + 1} of ${s.fires} on ${s.name}: roll on the Damage table`,
            action: { type: "fire", ship: s.id },
          });
    }
    if (newTurn) {
      // 4.3: "At the end of each turn, roll two six sided dice (2D6) for each immobilized vessel"
      for (const s of afloat.filter(immobile))
        followUps.push({ kind: "roll", purpose: `${s.name} is at zero speed: roll for sinking`, action: { type: "sinking", ship: s.id } });
    }
    return { events: [{ type: "phase-ended", from: ctx.from, to, newTurn }], followUps };
  },
  summary: (_dist, { state }) => withChart(state, {}),
  describe: (_ctx, o) => `End of the ${phaseWord(o.from)} phase; now ${phaseWord(o.to)}${o.newTurn ? ` of turn ${o.turn + 1}` : ""}.`,
});

/** A phase as the description says it: "first gunnery". */
const phaseWord = (phase: string): string => (PHASE_WORDS[phase] ?? phase).toLowerCase();
