/**
 * The rolls each stage of a player's sequence makes due, asked for by the table as the stage opens (`PhaseDef.due`):
 * "Player 1 Fire removal stage (5,6 first turn, 6 second turn …)", "Tries to refloat any ships foundered on shoals",
 * "Checks to see if severely damaged ships (no gundecks or hull integrity units) sink in high seas". Separating
 * entangled ships is "if desired": a pair tapped sets it up, it is never asked for.
 */
import { setting } from "../../game/action-kit.ts";
import { roll } from "../../game/state-helpers.ts";
import type { FollowUp } from "../../game/types.ts";
import { type AosState, afloat, type Ship, totalDecks } from "./state.ts";

/**
 * The side whose sequence it is: player 1 is the side that won the dice for who moves first. Null while no one has
 * (then player 1's stage asks every side's ships, and player 2's none: a ship rolls once a round).
 */
function stageSide(state: AosState, player: 1 | 2): string | null | undefined {
  const first = state.game.firstSide;
  if (first === null) return player === 1 ? null : undefined;
  if (player === 1) return first;
  return [...new Set(state.ships.map((s) => s.side))].find((side) => side !== first);
}

/** The side's ships afloat (every side's while who moves first is not known), in roster order. */
function stageShips(state: AosState, player: 1 | 2): Ship[] {
  const side = stageSide(state, player);
  if (side === undefined) return [];
  return state.ships.filter((s) => afloat(s) && (side === null || s.side === side));
}

/**
 * Fire removal: each burning ship of the side that has not fought her fire this round (a fire set this round is
 * first fought next round; one that grew this round has had its roll).
 */
export function fireRemovalDue(state: AosState, player: 1 | 2): FollowUp[] {
  return stageShips(state, player)
    .filter((s) => s.fire > 0 && s.fireRound < state.game.round)
    .map((s) =>
      roll(
        s.fire === 1
          ? `${s.name} is on fire: fire removal, 5–6 puts it out`
          : `${s.name}'s fire has grown: fire removal, a 6 or she blows up`,
        { type: "fire-removal", ship: s.id },
      ),
    );
}

/** Refloating: each of the side's ships aground tries (a 6). */
export function refloatDue(state: AosState, player: 1 | 2): FollowUp[] {
  return stageShips(state, player)
    .filter((s) => s.aground)
    .map((s) => roll(`${s.name} is aground: she tries to refloat (a 6)`, { type: "refloat", ship: s.id }));
}

/** High seas (wind speed at the setting, 6, or more): each of the side's ships with no gun decks and no hull rolls. */
export function sinkingDue(state: AosState, player: 1 | 2): FollowUp[] {
  if (state.wind.speed < setting<number>(state.settings, "highSeasSpeed")) return [];
  return stageShips(state, player)
    .filter((s) => totalDecks(s) === 0 && s.hull === 0)
    .map((s) => roll(`${s.name} has no gun decks or hull left in high seas: 1 or 2 and she sinks`, { type: "sinking-check", ship: s.id }));
}

/** The due rolls of each stage that has them, by the stage's name in `PLAYER_PHASES`. */
export const STAGE_DUE: Readonly<Record<string, (state: AosState, player: 1 | 2) => FollowUp[]>> = {
  "fire removal": fireRemovalDue,
  refloat: refloatDue,
  "sinking check": sinkingDue,
};

/** `PhaseDef.due` for a stage with due rolls (undefined for one without). */
export function stageDue(name: string, player: 1 | 2): ((state: AosState) => FollowUp[]) | undefined {
  const due = STAGE_DUE[name];
  return due && ((state) => due(state, player));
}
