/**
 * The end-of-game summary by side (issue 12): ships afloat and out of the fight, counted by the rule set's own status
 * words (sunk, captured, exploded …: every word it says at severity `out`), the breakpoints reached where the rules
 * have them, and the winner by the rule set's own victory condition where its text has one — otherwise no winner,
 * with the losses side by side. The winner a person named on ending the game is given beside it, never mixed in.
 */
import { type Static, Type } from "@sinclair/typebox";
import { sideTallies } from "../../src/game/side-tally.ts";
import type { Player } from "../config/schema.ts";
import type { GameOver } from "../session/game-over.ts";
import type { Replay } from "./rebuild.ts";

const BreakpointSchema = Type.Object({
  group: Type.String({ description: "The squadron" }),
  counted: Type.Integer({ description: "Ships that count for the breakpoint" }),
  lost: Type.Integer(),
  reached: Type.Boolean({ description: "Its losses reached the share that calls for a test" }),
  broken: Type.Boolean({ description: "It failed a test and broke off" }),
});

export const SideSummarySchema = Type.Object({
  side: Type.String(),
  players: Type.Array(Type.String(), { description: "The players' names, where given" }),
  ships: Type.Integer(),
  afloat: Type.Integer({ description: "Ships still in the fight" }),
  out: Type.Record(Type.String(), Type.Integer(), {
    description: "Ships out of the fight by the rule set's first word for each (sunk, captured …): each ship counted once",
  }),
  lost: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), status: Type.Array(Type.String()) })),
  breakpoints: Type.Array(BreakpointSchema),
});

export const EndSummarySchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  ruleset: Type.String(),
  status: Type.Union([Type.Literal("active"), Type.Literal("ended"), Type.Literal("archived")]),
  actions: Type.Integer({ description: "Resolved actions in effect" }),
  sides: Type.Array(SideSummarySchema),
  winner: Type.Union([Type.String(), Type.Null()], {
    description: "By the rule set's own victory condition; null where it has none or names no one",
  }),
  reason: Type.String(),
  victoryCondition: Type.Boolean({ description: "Whether the rule set's text has a victory condition" }),
  namedWinner: Type.Union([Type.String(), Type.Null()], { description: "The winner a person named on ending the game" }),
  ended: Type.Union(
    [
      Type.Null(),
      Type.Object({
        by: Type.Union([Type.Literal("rules"), Type.Literal("organiser")]),
        winner: Type.Union([Type.String(), Type.Null()]),
        headline: Type.String({ description: '"Game over — English win"' }),
        reason: Type.String({ description: "How it ended" }),
        at: Type.Union([Type.Number(), Type.Null()]),
      }),
    ],
    { description: "How the game ended (the rules' own end or the organiser's End), as the display says it; null while it goes on" },
  ),
});
export type GameEndSummary = Static<typeof EndSummarySchema>;

/** What the summary knows of the game besides its replay. */
export interface SummaryGame {
  readonly id: number;
  readonly status: GameEndSummary["status"];
  /** The winner named on ending the game. */
  readonly winner: string | null;
  readonly players: readonly Player[];
  /** How the game ended, as the display says it (host/session/game-over.ts); null while it goes on. */
  readonly over?: GameOver | null;
}

export function endSummary(replay: Replay, game: SummaryGame): GameEndSummary {
  const rs = replay.ruleset;
  const views = rs.shipViews(replay.state);
  const breakpoints = rs.breakpoints?.(replay.state) ?? [];
  // each ship counted once, under its first word at severity `out` (issue 24: "destroyed · prize" is one ship)
  const sides = sideTallies(views).map((t) => ({
    ...t,
    out: { ...t.out },
    lost: t.lost.map((l) => ({ ...l, status: [...l.status] })),
    players: game.players.filter((p) => p.side === t.side && p.name !== undefined).map((p) => p.name as string),
    breakpoints: breakpoints.filter((b) => b.side === t.side).map(({ side: _s, ...b }) => b),
  }));
  const victory = rs.victory?.(replay.state) ?? null;
  const losses = sides.map((s) => `${s.side} ${s.ships - s.afloat} of ${s.ships}`).join(", ");
  return {
    id: game.id,
    title: replay.setup.title,
    ruleset: rs.id,
    status: game.status,
    actions: replay.inEffect.length,
    sides,
    winner: victory?.winner ?? null,
    reason: victory?.reason ?? `The ${rs.title} rules name no victory condition; ships lost side by side: ${losses}.`,
    victoryCondition: victory !== null,
    namedWinner: game.winner,
    ended: game.over
      ? { by: game.over.by, winner: game.over.winner, headline: game.over.headline, reason: game.over.reason, at: game.over.at }
      : null,
  };
}
