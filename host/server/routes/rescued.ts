/**
 * The copies of the game file kept beside it when it was deleted or replaced under the host (host/store/rescued.ts;
 * docs/reference/http-api.md): `GET /api/games/rescued` lists them with their games; `POST
 * /api/games/rescued/:name/restore` adds a copy's games to the table's file as new games (listed on /games, opened
 * from there) and keeps the copy renamed `….restored-<time>`, no longer offered.
 */
import { Type } from "@sinclair/typebox";
import type { TableRuntime } from "../../compose.ts";
import { rescuedCopies, restoreRescued } from "../../store/rescued.ts";
import { EmptyBody } from "../schemas.ts";
import { refuse, replies, type TableApp } from "../typed-routes.ts";

const RescuedParams = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: "^[A-Za-z0-9_.-]+\\.rescued-[0-9]{1,15}$",
    description: "The copy's file name",
  }),
});

const RescuedList = Type.Object({
  ok: Type.Literal(true),
  copies: Type.Array(
    Type.Object({
      name: Type.String(),
      at: Type.Number(),
      games: Type.Array(Type.Object({ title: Type.String(), ruleset: Type.String(), results: Type.Integer() })),
      problem: Type.Optional(Type.String()),
    }),
  ),
});

/** Registers the list and the restore. */
/** A copy restored: its games' ids as new games of the file, and the name it is kept under. */
const RestoredReply = Type.Object(
  {
    ok: Type.Literal(true),
    games: Type.Array(Type.Integer(), { description: "The restored games' ids, new games of the table's file" }),
    kept: Type.String({ description: "The copy's name once restored (….restored-<time>)" }),
  },
  { additionalProperties: false },
);

export async function rescuedRoutes(app: TableApp, opts: { readonly table: TableRuntime; readonly now?: () => number }): Promise<void> {
  const { table } = opts;
  const now = opts.now ?? Date.now;
  app.get("/api/games/rescued", { schema: { response: replies({ 200: RescuedList }) } }, async () => ({
    ok: true as const,
    copies: rescuedCopies(table.store.file),
  }));
  app.post(
    "/api/games/rescued/:name/restore",
    { schema: { params: RescuedParams, body: Type.Optional(EmptyBody), response: replies({ 200: RestoredReply }) } },
    async (req) => {
      const r = restoreRescued(table.store, req.params.name, now());
      if (!r.ok) return refuse(r.error);
      table.session.send({ type: "announce", text: `${req.params.name} restored: its games are on /games, to be opened there.` });
      return { ok: true as const, games: r.value.games, kept: r.value.kept };
    },
  );
}
