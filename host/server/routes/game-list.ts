/**
 * The games in the table's one SQLite file as `GET /api/games` lists them, newest last (docs/reference/http-api.md):
 * each one's rule set, scenario, the turn it stopped at, whether it ended (by the rules or the organiser) and when it
 * last changed. The open game is read off its session; another from its log, folded by its rule set.
 */
import { type Static, Type } from "@sinclair/typebox";
import { ruleSet } from "../../../src/rulesets/index.ts";
import type { TableRuntime } from "../../compose.ts";
import { type GameOver, gameOver, gameOverHeadline } from "../../session/game-over.ts";
import { foldRecords } from "../../session/resolve.ts";
import { gameTurn } from "../../session/view.ts";
import type { GameRecord } from "../../store/sqlite-store.ts";

/** One game of the file, as listed. */
export const GameSummary = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  ruleset: Type.String(),
  scenario: Type.Union([Type.String(), Type.Null()]),
  turn: Type.Integer({ minimum: 1 }),
  status: Type.Union([Type.Literal("active"), Type.Literal("ended"), Type.Literal("archived")]),
  /** When the game last changed (epoch ms): its last action or undo, else when it was created. */
  updatedAt: Type.Number(),
  winner: Type.Union([Type.String(), Type.Null()], { description: "By the rules' end, else named when the game was ended" }),
  createdAt: Type.Number(),
  endedAt: Type.Union([Type.Number(), Type.Null()], { description: "When the rules or the organiser ended it" }),
  endReason: Type.Union([Type.String(), Type.Null()], { description: "How it ended, in the rules' words, or by the organiser" }),
  open: Type.Boolean({ description: "The table's game now" }),
});
export type GameSummary = Static<typeof GameSummary>;

/**
 * The turn a game not on the table stopped at, as the display would say it (the rule set's own count from the state
 * its log folds to, else the turns the session counted: its snapshot; 1 when neither can be read), and its end.
 */
function storedGame(table: TableRuntime, g: GameRecord): { turn: number; over: GameOver | null } {
  const rs = ruleSet(g.setup.ruleset);
  const loaded = table.store.gameById(g.id)?.load();
  const organiser = gameOverHeadline(g.winner);
  const byStore: GameOver | null =
    g.status === "ended"
      ? { by: "organiser", winner: g.winner, reason: "Ended by the organiser.", headline: organiser, at: g.endedAt }
      : null;
  if (!rs || !loaded) return { turn: 1, over: byStore };
  const initial = rs.parseState(g.setup.start as Parameters<typeof rs.parseState>[0], g.setup.data ?? undefined);
  if (!initial.ok) return { turn: loaded.snapshot?.turn ?? 1, over: byStore };
  const state = foldRecords(rs, initial.value, loaded.records);
  return {
    turn: gameTurn(rs, state, loaded.snapshot?.turn),
    over: gameOver(rs, state, loaded.records.at(-1)?.at ?? null, g, loaded.snapshot?.followUps.length ?? 0),
  };
}

/** The games of the table's file, newest last. */
export function listGames(table: TableRuntime): GameSummary[] {
  return table.store.games().map((g) => {
    const log = table.store.log(g.id);
    const open = g.id === table.gameId;
    const s = table.session;
    const { turn, over } = open
      ? { turn: gameTurn(s.rs, s.state, s.work.turn), over: gameOver(s.rs, s.state, s.records.at(-1)?.at ?? null, g, s.followUps.length) }
      : storedGame(table, g);
    return {
      id: g.id,
      title: g.setup.title,
      ruleset: g.setup.ruleset,
      // a game created from the browser keeps its scenario; one started from a table file only its starting state
      scenario: open ? (s.setup.scenario ?? null) : (g.setup.table?.scenario ?? null),
      turn,
      // a game the rules ended reads ended too (an archived game stays archived)
      status: g.status === "active" && over ? "ended" : g.status,
      updatedAt: Math.max(log.at(-1)?.at ?? g.createdAt, g.endedAt ?? 0),
      winner: over?.winner ?? g.winner,
      createdAt: g.createdAt,
      endedAt: over?.at ?? g.endedAt,
      endReason: over?.reason ?? null,
      open,
    };
  });
}
