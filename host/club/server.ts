/**
 * The club board's web server: `/club` (one live tile per table), `/club/league`, `GET /api/club/tables`,
 * `GET /api/club/league`, `GET /api/club/board` (the tiles) and `WS /api/club/live` (the tiles on every change,
 * at most every 100 ms). Everything is read-only: nothing here changes a table. Its routes are typed like the table's
 * (host/server/typed-routes.ts): each declares its replies, refusals included, and a route without is refused.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import SerializerSelector from "@fastify/fast-json-stringify-compiler";
import { type Static, Type } from "@sinclair/typebox";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { WebSocket } from "ws";
import { denyFraming } from "../server/client-errors.ts";
import { errorHandler, sendError } from "../server/errors.ts";
import { registerLiveSockets, upgradeOnly } from "../server/live-sockets.ts";
import { deliver, LIVE_BUFFER_BYTES } from "../server/routes/live.ts";
import { staticFiles } from "../server/static-files.ts";
import { fileReply, replies, requireTypedRoutes, type TableTypeProvider } from "../server/typed-routes.ts";
import { league, tablesApi, tile } from "./board.ts";
import { BoardMessage, BoardReply, LeagueReply, TableSummary } from "./board-replies.ts";
import type { ClubHost } from "./club-host.ts";

const PUBLIC_DIR = join(dirname(fileURLToPath(import.meta.url)), "public");
const PAGES = { "/club": "club.html", "/club/league": "league.html" } as const;

/** Bytes of one message a board client may send (it needs to send none). */
export const CLIENT_MESSAGE_BYTES = 1024;

export async function buildClubApp(
  club: ClubHost,
  logger: Logger,
  pushEveryMs = 100,
  bufferBytes = LIVE_BUFFER_BYTES,
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger.child({ part: "http" }, { level: "warn" }) as FastifyBaseLogger,
  }).withTypeProvider<TableTypeProvider>();
  requireTypedRoutes(app);
  // the board's pages, like the table's, may not be framed by another site
  denyFraming(app);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((req, reply) =>
    sendError(reply, { code: "route.unknown", message: `No ${req.method} ${req.url} here.`, path: req.url }, 404),
  );
  // the table host's limits: the board's socket takes nothing from clients (a message over 1 KB closes it), and a
  // client that stops reading is dropped once 4 MB wait for it, instead of the board keeping them
  await registerLiveSockets(app, CLIENT_MESSAGE_BYTES, "a board client");
  const sendFile = staticFiles(app, PUBLIC_DIR, "/club/static/", "A file of the board's pages (script, style sheet)");
  app.get("/", { schema: { response: replies({ 302: { description: "To the board, /club", type: "null" } }) } }, (_req, reply) =>
    reply.redirect("/club"),
  );
  const page = { schema: { response: replies({ 200: fileReply("text/html", "The page") }) } };
  for (const [url, file] of Object.entries(PAGES)) app.get(url, page, async (req, reply) => sendFile(req, reply, file));
  const board = () => ({
    tiles: club.tables().map((r) => tile(r, r.game ? club.games.read(r.club, r.table, r.game) : null)),
    broker: club.source.connected,
  });
  app.get("/api/club/tables", { schema: { response: replies({ 200: Type.Array(TableSummary) }) } }, async () => tablesApi(club.tables()));
  app.get("/api/club/league", { schema: { response: replies({ 200: LeagueReply }) } }, async () =>
    league(club.store.league.results(), club.store.league.unsettled()),
  );
  app.get("/api/club/board", { schema: { response: replies({ 200: BoardReply }) } }, async () => board());

  // the socket's board written by its schema, as GET /api/club/board is
  const writeBoard = SerializerSelector()()({ schema: BoardMessage, method: "GET", url: "/api/club/live", httpStatus: "200" }) as (
    m: Static<typeof BoardMessage>,
  ) => string;
  const sockets = new Set<WebSocket>();
  let timer: NodeJS.Timeout | undefined;
  let lastPush = 0;
  const push = () => {
    timer = undefined;
    lastPush = Date.now();
    const msg = writeBoard({ type: "board", ...board() });
    for (const ws of sockets) deliver(ws, [msg], bufferBytes, app.log);
  };
  const off = club.onChange(() => {
    if (sockets.size === 0 || timer) return;
    timer = setTimeout(push, Math.max(0, lastPush + pushEveryMs - Date.now()));
  });
  app.addHook("onClose", async () => {
    off();
    clearTimeout(timer);
  });
  app.route({
    // a plain GET is told to upgrade; the socket sends `{"type":"board", ...BoardReply}` and takes nothing
    ...upgradeOnly("/api/club/live"),
    wsHandler: (socket) => {
      sockets.add(socket);
      deliver(socket, [writeBoard({ type: "board", ...board() })], bufferBytes, app.log);
      socket.on("close", () => sockets.delete(socket));
    },
  });
  return app as unknown as FastifyInstance;
}
