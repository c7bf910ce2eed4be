/**
 * The display's preferences a person changes from `/control` while playing: its scale and whether results are
 * spoken. `GET /api/display`, `POST /api/display {scale?, speech?}`, and `WS /api/display/live`, which sends
 * `{"type":"display","display":{scale, speech}}` on connect and on every change. Kept in memory: a restart
 * returns to the table configuration's `display.scale`.
 */
import type { Static } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";

export const DisplayPrefsBody = Type.Object(
  {
    scale: Type.Optional(Type.Number({ minimum: 0.5, maximum: 3 })),
    speech: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export interface DisplayPrefs {
  readonly scale: number;
  readonly speech: boolean;
}

export interface DisplayPrefsOptions {
  /** The scale the table's configuration starts with. */
  readonly scale: number;
}

export async function displayPrefsRoutes(app: FastifyInstance, opts: DisplayPrefsOptions): Promise<void> {
  let prefs: DisplayPrefs = { scale: opts.scale, speech: false };
  const sockets = new Set<WebSocket>();
  const message = () => JSON.stringify({ type: "display", display: prefs });
  const send = (ws: WebSocket) => {
    if (ws.readyState === ws.OPEN && ws.bufferedAmount < 65536) ws.send(message());
  };

  app.get("/api/display", async () => ({ ok: true, ...prefs }));
  app.post<{ Body: Static<typeof DisplayPrefsBody> }>("/api/display", { schema: { body: DisplayPrefsBody } }, async (req) => {
    prefs = { ...prefs, ...req.body };
    for (const ws of sockets) send(ws);
    return { ok: true, ...prefs };
  });
  app.route({
    method: "GET",
    url: "/api/display/live",
    handler: async (_req, reply) =>
      reply.code(426).send({
        ok: false,
        error: { code: "live.upgrade", message: "/api/display/live is a WebSocket; connect with ws:// or wss://.", path: "Upgrade" },
      }),
    wsHandler: (socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => sockets.delete(socket));
      // clients have nothing to say on this socket
      socket.on("message", () => undefined);
      send(socket);
    },
  });
}
