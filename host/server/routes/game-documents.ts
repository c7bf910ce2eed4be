/**
 * A game of the table's file as documents (docs/reference/http-api.md): `GET /api/games/:id/report`, its after-action
 * report in HTML — the same report `quarterdeck replay --report` writes (host/replay/report.ts): the log as sentences
 * with the dice of each result; `GET /api/games/:id/summary`, its end-of-game summary by side (host/replay/summary.ts);
 * `GET /api/games/:id/table-file`, its set-up as a table file `quarterdeck start --config` loads.
 */
import type { TableRuntime } from "../../compose.ts";
import { tableOfSetup, tableSetupOfGame } from "../../config/game-table.ts";
import { tableFileText } from "../../config/table-file-text.ts";
import { rebuild } from "../../replay/rebuild.ts";
import { htmlReport } from "../../replay/report.ts";
import { EndSummarySchema, endSummary } from "../../replay/summary.ts";
import { dieNamer } from "../../session/dice-gather.ts";
import { gameOver } from "../../session/game-over.ts";
import { fileReply, refuse, replies, type TableApp } from "../typed-routes.ts";
import { GameParams, unknownGame } from "./game-params.ts";

/** Registers the report, the summary and the table file. */
export function gameDocumentRoutes(app: TableApp, opts: { readonly table: TableRuntime }): void {
  const { table } = opts;
  /** The rolls the rules still demand in a game: the open game's, else its snapshot's. */
  const demanded = (id: number): number =>
    id === table.gameId ? table.session.followUps.length : (table.store.gameById(id)?.load().snapshot?.followUps.length ?? 0);
  /** A game of the file rebuilt from its log, or the error naming why not. */
  const replayed = (idText: string) => {
    const game = table.store.gameRecord(Number(idText));
    if (!game) return { ok: false as const, error: unknownGame(idText) };
    const replay = rebuild(game.setup, table.store.log(game.id));
    return replay.ok ? { ok: true as const, game, replay: replay.value } : replay;
  };
  app.get(
    "/api/games/:id/report",
    { schema: { params: GameParams, response: replies({ 200: fileReply("text/html", "The game's after-action report") }) } },
    async (req, reply) => {
      const r = replayed(req.params.id);
      if (!r.ok) return refuse(r.error);
      const { game, replay } = r;
      const over = gameOver(replay.ruleset, replay.state, replay.inEffect.at(-1)?.at ?? null, game, demanded(game.id));
      const players = game.id === table.gameId ? table.session.setup.players : (game.setup.table?.players ?? []);
      return reply
        .type("text/html; charset=utf-8")
        .send(htmlReport(replay, { players, createdAt: game.createdAt, over, dieNames: dieNamer(table.view().devices) }));
    },
  );
  app.get("/api/games/:id/summary", { schema: { params: GameParams, response: replies({ 200: EndSummarySchema }) } }, async (req) => {
    const r = replayed(req.params.id);
    if (!r.ok) return refuse(r.error);
    const { game } = r;
    const players = game.id === table.gameId ? table.session.setup.players : (game.setup.table?.players ?? []);
    const over = gameOver(r.replay.ruleset, r.replay.state, r.replay.inEffect.at(-1)?.at ?? null, game, demanded(game.id));
    return endSummary(r.replay, { id: game.id, status: game.status, winner: game.winner, players, over });
  });
  app.get(
    "/api/games/:id/table-file",
    { schema: { params: GameParams, response: replies({ 200: fileReply("application/yaml", "The game's set-up as a table file") }) } },
    async (req, reply) => {
      const id = Number(req.params.id);
      const game = table.store.gameRecord(id);
      if (!game) return refuse(unknownGame(req.params.id));
      // the open game's set-up is the one the table runs (its tags, markers and players even when the store kept only
      // the ships)
      const s = table.session;
      const setup =
        id === table.gameId ? { ok: true as const, value: { ...s.setup, tags: s.tags, markers: s.markers } } : tableSetupOfGame(game);
      if (!setup.ok) return refuse(setup.error);
      // the game's data file (a club's chart, base-game tables) travels in the file, inline
      const hasData = setup.value.data !== undefined && setup.value.data !== null;
      const notes = [
        ...(game.setup.table === undefined && id !== table.gameId
          ? ["This game was stored before its set-up was kept: its tags and players are not known."]
          : []),
      ];
      return reply
        .type("application/yaml; charset=utf-8")
        .header("content-disposition", `attachment; filename="game-${id}.yaml"`)
        .send(
          tableFileText(
            {
              ...tableOfSetup(setup.value),
              ...(hasData ? { data: setup.value.data } : {}),
              // the open game's table: its devices as set up (none on the demo's fixed emulated set)
              ...(id === table.gameId ? (table.deviceSetup.sections() ?? {}) : {}),
            },
            notes,
          ),
        );
    },
  );
}
