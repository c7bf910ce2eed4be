/**
 * The club board's web server: `/club` (one live tile per table), `/club/league`, `GET /api/club/tables`,
 * `GET /api/club/league`, `GET /api/club/board` (the tiles) and `WS /api/club/live` (the tiles on every change,
 * at most every 100 ms). Everything is read-only: nothing here changes a table.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { WebSocket } from "ws";
import { denyFraming } from "../server/client-errors.ts";
import { sendError } from "../server/errors.ts";
import { registerLiveSockets } from "../server/live-sockets.ts";
import { deliver, LIVE_BUFFER_BYTES } from "../server/routes/live.ts";
import { league, tablesApi, tile } from "./board.ts";
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
  const app = Fastify({ loggerInstance: logger.child({ part: "http" }, { level: "warn" }) as FastifyBaseLogger });
  // the board's pages, like the table's, may not be framed by another site
  denyFraming(app);
  app.setNotFoundHandler((req, reply) =>
    sendError(reply, { code: "route.unknown", message: `No ${req.method} ${req.url} here.`, path: req.url }, 404),
  );
  // the table host's limits: the board's socket takes nothing from clients (a message over 1 KB closes it), and a
  // client that stops reading is dropped once 4 MB wait for it, instead of the board keeping them
  await registerLiveSockets(app, CLIENT_MESSAGE_BYTES, "a board client");
  await app.register(fastifyStatic, { root: PUBLIC_DIR, prefix: "/club/static/", index: false });
  app.get("/", (_req, reply) => reply.redirect("/club"));
  for (const [url, file] of Object.entries(PAGES)) app.get(url, (_req, reply) => reply.type("text/html").sendFile(file));
  const board = () => ({
    tiles: club.tables().map((r) => tile(r, r.game ? club.games.read(r.club, r.table, r.game) : null)),
    broker: club.source.connected,
  });
  app.get("/api/club/tables", async () => tablesApi(club.tables()));
  app.get("/api/club/league", async () => league(club.store.league.results(), club.store.league.unsettled()));
  app.get("/api/club/board", async () => board());

  const sockets = new Set<WebSocket>();
  let timer: NodeJS.Timeout | undefined;
  let lastPush = 0;
  const push = () => {
    timer = undefined;
    lastPush = Date.now();
    const msg = JSON.stringify({ type: "board", ...board() });
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
  app.get("/api/club/live", { websocket: true }, (socket) => {
    sockets.add(socket);
    deliver(socket, [JSON.stringify({ type: "board", ...board() })], bufferBytes, app.log);
    socket.on("close", () => sockets.delete(socket));
  });
  return app;
}
