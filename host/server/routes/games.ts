/**
 * The games in the table's one SQLite file (CONTRACT §4, the read side): `GET /api/games` lists them, newest last;
 * `GET /api/games/:id/report` is a game's after-action report in HTML — the same report `quarterdeck replay
 * --report` writes (host/replay/report.ts): the log as sentences with the dice of each result. The open game is
 * `active`; the others are the file's earlier games, also `active` until games can be ended (issue 12).
 */
import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import type { TableRuntime } from "../../compose.ts";
import { rebuild } from "../../replay/rebuild.ts";
import { htmlReport } from "../../replay/report.ts";
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
  open: Type.Boolean({ description: "The table's game now" }),
});
export type GameSummary = Static<typeof GameSummary>;

// path parameters arrive as text (the app coerces nothing): a game id is its digits
const GameParams = Type.Object({ id: Type.String({ pattern: "^[1-9][0-9]{0,9}$", description: "The game's id" }) });

/** The games of the table's file, newest last. */
export function listGames(table: TableRuntime): GameSummary[] {
  return table.store.games().map((g) => {
    const log = table.store.log(g.id);
    const open = g.id === table.gameId;
    return {
      id: g.id,
      title: g.setup.title,
      ruleset: g.setup.ruleset,
      // the file keeps a game's starting state, not the bundled scenario it came from
      scenario: open ? (table.session.setup.scenario ?? null) : null,
      turn: open ? table.view().turn : 1,
      status: "active",
      updatedAt: log.at(-1)?.at ?? g.createdAt,
      open,
    };
  });
}

export async function gamesRoutes(app: FastifyInstance, opts: { readonly table: TableRuntime }): Promise<void> {
  app.get("/api/games", { schema: { response: { 200: Type.Array(GameSummary) } } }, async () => listGames(opts.table));
  app.get<{ Params: Static<typeof GameParams> }>("/api/games/:id/report", { schema: { params: GameParams } }, async (req, reply) => {
    const id = Number(req.params.id);
    const game = opts.table.store.games().find((g) => g.id === id);
    if (!game) return sendError(reply, { code: "game.unknown", message: `This table's file has no game ${req.params.id}.`, path: "id" });
    const replay = rebuild(game.setup, opts.table.store.log(game.id));
    if (!replay.ok) return sendError(reply, replay.error);
    return reply.type("text/html; charset=utf-8").send(htmlReport(replay.value));
  });
}
