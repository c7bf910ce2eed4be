/**
 * What a person does to a game of the table's file (docs/reference/http-api.md): `POST /api/games/:id/end {winner?}`
 * ends one (the winner named, or none; never while dice are rolled for an action: the roll is finished or cancelled
 * first), `POST /api/games/:id/archive` puts one away, `POST /api/games/:id/open` puts one on the table in place of
 * the open one, `DELETE /api/games/:id` deletes one that is not the open game (409). Each answers with the game as
 * listed after it.
 */
import { Type } from "@sinclair/typebox";
import type { TableRuntime } from "../../compose.ts";
import { gameOverHeadline } from "../../session/game-over.ts";
import { EmptyBody } from "../schemas.ts";
import { OkReply, refuse, replies, type TableApp } from "../typed-routes.ts";
import { GameSummary, listGames } from "./game-list.ts";
import { GameParams, unknownGame } from "./game-params.ts";

const EndBody = Type.Object({ winner: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }, { additionalProperties: false });

/** Registers end, archive, open and delete. */
/** A game as listed after what was done to it. */
const GameReply = Type.Object({ ok: Type.Literal(true), game: Type.Optional(GameSummary) }, { additionalProperties: false });
const gameReply = { response: replies({ 200: GameReply }) } as const;

export function gameStatusRoutes(app: TableApp, opts: { readonly table: TableRuntime; readonly now: () => number }): void {
  const { table, now } = opts;
  const summary = (id: number) => listGames(table).find((g) => g.id === id);
  app.post("/api/games/:id/end", { schema: { params: GameParams, body: Type.Optional(EndBody), ...gameReply } }, async (req) => {
    const winner = req.body?.winner ?? null;
    const id = Number(req.params.id);
    const game = table.store.gameRecord(id);
    // the open game's sides as played; another game's from the ships it starts with
    const ships = id === table.gameId ? table.session.state.ships : ((game?.setup.start as { ships?: { side?: unknown }[] })?.ships ?? []);
    const sides = new Set(ships.map((s) => String(s.side)));
    if (winner !== null && game && !sides.has(winner)) {
      return refuse({
        code: "side.unknown",
        message: `There is no side "${winner}" (sides: ${[...sides].join(", ")}).`,
        path: "winner",
      });
    }
    const open = id === table.gameId ? table.session : null;
    // dice already rolled for an action are never dropped by an End: the roll is finished or cancelled first
    const rolled = open?.draft?.rolls.length ?? 0;
    if (open && rolled > 0) {
      const title = open.draftStatus()?.def.title ?? "an action";
      return refuse({
        code: "game.mid-roll",
        message: `${rolled} ${rolled === 1 ? "die has" : "dice have"} been rolled for ${title}: finish the roll (or cancel it) before ending the game.`,
        path: "id",
      });
    }
    if (!table.store.setGameStatus(id, "ended", now(), winner)) return refuse(unknownGame(req.params.id));
    // the table says it at once: the display shows and speaks the end, the club link reports it
    if (open) open.send({ type: "announce", text: `${gameOverHeadline(winner)}: ended by the organiser.` });
    return { ok: true as const, game: summary(id) };
  });
  app.post("/api/games/:id/archive", { schema: { params: GameParams, body: Type.Optional(EmptyBody), ...gameReply } }, async (req) => {
    const id = Number(req.params.id);
    if (!table.store.setGameStatus(id, "archived", now())) return refuse(unknownGame(req.params.id));
    return { ok: true as const, game: summary(id) };
  });
  app.post("/api/games/:id/open", { schema: { params: GameParams, body: Type.Optional(EmptyBody), ...gameReply } }, async (req) => {
    const id = Number(req.params.id);
    const opened = await table.openGame(id);
    if (!opened.ok) return refuse(opened.error.code === "game.unknown" ? unknownGame(req.params.id) : opened.error);
    return { ok: true as const, game: summary(id) };
  });
  app.delete("/api/games/:id", { schema: { params: GameParams, response: replies({ 200: OkReply }) } }, async (req) => {
    const id = Number(req.params.id);
    if (id === table.gameId) {
      return refuse({ code: "game.open", message: "This is the game on the table now; it cannot be deleted.", path: "id" });
    }
    if (!table.store.deleteGame(id)) return refuse(unknownGame(req.params.id));
    return { ok: true as const };
  });
}
