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
import { Type } from "@sinclair/typebox";
import type { TableRuntime } from "../../compose.ts";
import { replies, type TableApp } from "../typed-routes.ts";
import { gameDocumentRoutes } from "./game-documents.ts";
import { GameSummary, listGames } from "./game-list.ts";
import { gameStatusRoutes } from "./game-status.ts";

/** Registers the games' routes: what a person does to a game (game-status.ts), the list, its documents (game-documents.ts). */
export async function gamesRoutes(app: TableApp, opts: { readonly table: TableRuntime; readonly now?: () => number }): Promise<void> {
  gameStatusRoutes(app, { table: opts.table, now: opts.now ?? Date.now });
  app.get("/api/games", { schema: { response: replies({ 200: Type.Array(GameSummary) }) } }, async () => listGames(opts.table));
  gameDocumentRoutes(app, { table: opts.table });
}
