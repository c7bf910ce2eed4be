/**
 * What the routes of one game share: the `:id` path parameter (text, since the app coerces nothing: a game id is its
 * digits) and the refusal of an id the table's file has no game for.
 */
import { Type } from "@sinclair/typebox";

/** The `:id` of `/api/games/:id/…`. */
export const GameParams = Type.Object({ id: Type.String({ pattern: "^[1-9][0-9]{0,9}$", description: "The game's id" }) });

/** `game.unknown`: the table's file has no game `id`. */
export const unknownGame = (id: string) => ({ code: "game.unknown" as const, message: `This table's file has no game ${id}.`, path: "id" });
