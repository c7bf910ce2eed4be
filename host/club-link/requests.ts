/**
 * The board's requests to a table (docs/club.md, `quarterdeck/<club>/<table>/request`, docs/reference/mqtt.md):
 * `{game, from, to}` asks again for a game's records `from`…`to` (from 0: with its start), which the table
 * answers from its own store — what it published stays there — on the same topics as the first time.
 */
import { type Static, Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { clubGameId } from "../store/outbox.ts";

/** The most records one request is answered with. */
export const ANSWER_MAX = 500;

export const RequestSchema = Type.Object(
  {
    game: Type.String({ pattern: "^g[0-9]{1,15}-[0-9a-z]{1,16}$", maxLength: 40 }),
    from: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    to: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  },
  { additionalProperties: false },
);
export type ClubRequest = Static<typeof RequestSchema>;

/** A request's payload read, or null: a bad request is ignored, never fatal. */
export function parseRequest(payload: Buffer): ClubRequest | null {
  // 1 KB at most: too little to nest deep enough to matter, and the schema looks at three fields only
  if (payload.length > 1024) return null;
  let v: unknown;
  try {
    v = JSON.parse(payload.toString("utf8"));
  } catch {
    return null;
  }
  if (!Value.Check(RequestSchema, v)) return null;
  return v.to >= v.from ? v : null;
}

/** The table's game row that a club game id names, when it is this table's (its creation time must match too). */
export function gameIdOf(game: string, createdAt: (gameId: number) => number | null): number | null {
  const m = /^g(\d+)-/.exec(game);
  const id = m ? Number(m[1]) : Number.NaN;
  if (!Number.isSafeInteger(id)) return null;
  const created = createdAt(id);
  return created !== null && clubGameId(id, created) === game ? id : null;
}
