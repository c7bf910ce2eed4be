/**
 * `WS /api/live`: the whole table state on connect and on every change (`{"type":"state","state":…}`),
 * followed by what happened (`{"type":"event","event":…}`). Clients may send `{"type":"ping"}`.
 */
import { Value } from "@sinclair/typebox/value";
import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import type { TableRuntime } from "../../compose.ts";
import { LiveClientMessage } from "../schemas.ts";

const send = (ws: WebSocket, msg: unknown) => {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
};

export async function liveRoutes(app: FastifyInstance, opts: { table: TableRuntime }): Promise<void> {
  const sockets = new Set<WebSocket>();
  const off = opts.table.onUpdate(({ view, events }) => {
    if (sockets.size === 0) return;
    const state = JSON.stringify({ type: "state", state: view });
    const tail = events.map((event) => JSON.stringify({ type: "event", event }));
    for (const ws of sockets) {
      if (ws.readyState !== ws.OPEN) continue;
      ws.send(state);
      for (const t of tail) ws.send(t);
    }
  });
  app.addHook("onClose", async () => off());

  app.get("/api/live", { websocket: true }, (socket) => {
    sockets.add(socket);
    send(socket, { type: "state", state: opts.table.view() });
    socket.on("close", () => sockets.delete(socket));
    socket.on("message", (data) => {
      let msg: unknown;
      try {
        msg = JSON.parse(String(data));
      } catch {
        msg = undefined;
      }
      if (Value.Check(LiveClientMessage, msg)) send(socket, { type: "pong" });
      else send(socket, { type: "error", error: { code: "input.invalid", message: 'Send {"type":"ping"} or nothing.', path: "message" } });
    });
  });
}
