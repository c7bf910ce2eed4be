/**
 * The games in the table's one SQLite file (docs/reference/http-api.md): `GET /api/games` lists them, newest last; `POST
 * /api/games/:id/end {winner?}` ends one (a person names the winner, or none), `POST /api/games/:id/archive` puts
 * one away, `POST /api/games/:id/open` puts one on the table in place of the open one (the devices stay; the
 * same start of the host resumes it), `DELETE /api/games/:id` deletes one that is not the table's open game (409); `GET
 * /api/games/:id/report` is a game's after-action report in HTML — the same report `quarterdeck replay --report`
 * writes (host/replay/report.ts): the log as sentences with the dice of each result; `GET /api/games/:id/summary`
 * is its end-of-game summary by side (host/replay/summary.ts); `GET /api/games/:id/table-file` its set-up as a table
 * file `quarterdeck start --config` loads. An ended game stays on the table until another is opened or the host
 * restarts, which then starts a new game from the same table file. `POST /api/games` creates a game (game-create.ts).
 */
import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { ruleSet } from "../../../src/rulesets/index.ts";
import type { TableRuntime } from "../../compose.ts";
import { tableOfSetup, tableSetupOfGame } from "../../config/game-table.ts";
import { tableFileText } from "../../config/table-file-text.ts";
import { rebuild } from "../../replay/rebuild.ts";
import { htmlReport } from "../../replay/report.ts";
import { EndSummarySchema, endSummary } from "../../replay/summary.ts";
import { type GameOver, gameOver, gameOverHeadline } from "../../session/game-over.ts";
import { foldRecords } from "../../session/resolve.ts";
import { gameTurn } from "../../session/view.ts";
import type { GameRecord } from "../../store/sqlite-store.ts";
import { sendError } from "../errors.ts";

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

// path parameters arrive as text (the app coerces nothing): a game id is its digits
const GameParams = Type.Object({ id: Type.String({ pattern: "^[1-9][0-9]{0,9}$", description: "The game's id" }) });

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

const EndBody = Type.Object({ winner: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }, { additionalProperties: false });

export async function gamesRoutes(
  app: FastifyInstance,
  opts: { readonly table: TableRuntime; readonly now?: () => number },
): Promise<void> {
  const now = opts.now ?? Date.now;
  const unknown = (id: string) => ({ code: "game.unknown" as const, message: `This table's file has no game ${id}.`, path: "id" });
  const summary = (id: number) => listGames(opts.table).find((g) => g.id === id);
  app.post<{ Params: Static<typeof GameParams>; Body: Static<typeof EndBody> | undefined }>(
    "/api/games/:id/end",
    { schema: { params: GameParams, body: Type.Optional(EndBody) } },
    async (req, reply) => {
      const winner = req.body?.winner ?? null;
      const id = Number(req.params.id);
      const game = opts.table.store.gameRecord(id);
      // the open game's sides as played; another game's from the ships it starts with
      const ships =
        id === opts.table.gameId ? opts.table.session.state.ships : ((game?.setup.start as { ships?: { side?: unknown }[] })?.ships ?? []);
      const sides = new Set(ships.map((s) => String(s.side)));
      if (winner !== null && game && !sides.has(winner)) {
        return sendError(reply, {
          code: "side.unknown",
          message: `There is no side "${winner}" (sides: ${[...sides].join(", ")}).`,
          path: "winner",
        });
      }
      const open = id === opts.table.gameId ? opts.table.session : null;
      // dice already rolled for an action are never dropped by an End: the roll is finished or cancelled first
      const rolled = open?.draft?.rolls.length ?? 0;
      if (open && rolled > 0) {
        const title = open.draftStatus()?.def.title ?? "an action";
        return sendError(reply, {
          code: "game.mid-roll",
          message: `${rolled} ${rolled === 1 ? "die has" : "dice have"} been rolled for ${title}: finish the roll (or cancel it) before ending the game.`,
          path: "id",
        });
      }
      if (!opts.table.store.setGameStatus(id, "ended", now(), winner)) return sendError(reply, unknown(req.params.id));
      // the table says it at once: the display shows and speaks the end, the club link reports it
      if (open) open.send({ type: "announce", text: `${gameOverHeadline(winner)}: ended by the organiser.` });
      return { ok: true, game: summary(id) };
    },
  );
  app.post<{ Params: Static<typeof GameParams> }>("/api/games/:id/archive", { schema: { params: GameParams } }, async (req, reply) => {
    const id = Number(req.params.id);
    if (!opts.table.store.setGameStatus(id, "archived", now())) return sendError(reply, unknown(req.params.id));
    return { ok: true, game: summary(id) };
  });
  app.post<{ Params: Static<typeof GameParams> }>("/api/games/:id/open", { schema: { params: GameParams } }, async (req, reply) => {
    const id = Number(req.params.id);
    const opened = await opts.table.openGame(id);
    if (!opened.ok) return sendError(reply, opened.error.code === "game.unknown" ? unknown(req.params.id) : opened.error);
    return { ok: true, game: summary(id) };
  });
  app.delete<{ Params: Static<typeof GameParams> }>("/api/games/:id", { schema: { params: GameParams } }, async (req, reply) => {
    const id = Number(req.params.id);
    if (id === opts.table.gameId) {
      return sendError(reply, { code: "game.open", message: "This is the game on the table now; it cannot be deleted.", path: "id" });
    }
    if (!opts.table.store.deleteGame(id)) return sendError(reply, unknown(req.params.id));
    return { ok: true };
  });
  app.get("/api/games", { schema: { response: { 200: Type.Array(GameSummary) } } }, async () => listGames(opts.table));
  /** The rolls the rules still demand in a game: the open game's, else its snapshot's. */
  const demanded = (id: number): number =>
    id === opts.table.gameId
      ? opts.table.session.followUps.length
      : (opts.table.store.gameById(id)?.load().snapshot?.followUps.length ?? 0);
  /** A game of the file rebuilt from its log, or the error naming why not. */
  const replayed = (idText: string) => {
    const game = opts.table.store.gameRecord(Number(idText));
    if (!game) return { ok: false as const, error: unknown(idText) };
    const replay = rebuild(game.setup, opts.table.store.log(game.id));
    return replay.ok ? { ok: true as const, game, replay: replay.value } : replay;
  };
  app.get<{ Params: Static<typeof GameParams> }>("/api/games/:id/report", { schema: { params: GameParams } }, async (req, reply) => {
    const r = replayed(req.params.id);
    if (!r.ok) return sendError(reply, r.error);
    const { game, replay } = r;
    const over = gameOver(replay.ruleset, replay.state, replay.inEffect.at(-1)?.at ?? null, game, demanded(game.id));
    const players = game.id === opts.table.gameId ? opts.table.session.setup.players : (game.setup.table?.players ?? []);
    return reply.type("text/html; charset=utf-8").send(htmlReport(replay, { players, createdAt: game.createdAt, over }));
  });
  app.get<{ Params: Static<typeof GameParams> }>(
    "/api/games/:id/summary",
    { schema: { params: GameParams, response: { 200: EndSummarySchema } } },
    async (req, reply) => {
      const r = replayed(req.params.id);
      if (!r.ok) return sendError(reply, r.error);
      const { game } = r;
      const players = game.id === opts.table.gameId ? opts.table.session.setup.players : (game.setup.table?.players ?? []);
      const over = gameOver(r.replay.ruleset, r.replay.state, r.replay.inEffect.at(-1)?.at ?? null, game, demanded(game.id));
      return endSummary(r.replay, { id: game.id, status: game.status, winner: game.winner, players, over });
    },
  );
  app.get<{ Params: Static<typeof GameParams> }>("/api/games/:id/table-file", { schema: { params: GameParams } }, async (req, reply) => {
    const id = Number(req.params.id);
    const game = opts.table.store.gameRecord(id);
    if (!game) return sendError(reply, unknown(req.params.id));
    // the open game's set-up is the one the table runs (its tags and players even when the store kept only the ships)
    const s = opts.table.session;
    const setup = id === opts.table.gameId ? { ok: true as const, value: { ...s.setup, tags: s.tags } } : tableSetupOfGame(game);
    if (!setup.ok) return sendError(reply, setup.error);
    // the game's data file (a club's chart, base-game tables) travels in the file, inline
    const hasData = setup.value.data !== undefined && setup.value.data !== null;
    const notes = [
      ...(game.setup.table === undefined && id !== opts.table.gameId
        ? ["This game was stored before its set-up was kept: its tags and players are not known."]
        : []),
    ];
    return reply
      .type("application/yaml; charset=utf-8")
      .header("content-disposition", `attachment; filename="game-${id}.yaml"`)
      .send(tableFileText({ ...tableOfSetup(setup.value), ...(hasData ? { data: setup.value.data } : {}) }, notes));
  });
}
