/**
 * The WebSocket plugin as the table's and the club board's live sockets use it: a message over `maxPayload` closes
 * the socket, a client's fault (that message, a broken frame) is one warning line and the socket is cut, and on close
 * every client is cut at once — one that stopped reading would otherwise hold the close for ws's 30 s handshake.
 */
import fastifyWebsocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import { ErrorReplyRef, refuse, replies } from "./typed-routes.ts";

/** Registers @fastify/websocket on `app`; `who` names the clients in the warning ("a live client", "a board client"). */
export async function registerLiveSockets(app: FastifyInstance, maxPayload: number, who: string): Promise<void> {
  await app.register(fastifyWebsocket, {
    options: { maxPayload },
    preClose(done) {
      for (const client of this.websocketServer.clients) client.terminate();
      this.websocketServer.close(() => done());
    },
    errorHandler: (error, socket, req) => {
      req.log.warn({ err: error.message }, `closed ${who}`);
      socket.terminate();
    },
  });
}

/**
 * What a live socket's address answers a plain GET, in its route (`app.route({ ...upgradeOnly(url), wsHandler })`):
 * 426, told to connect with ws:// or wss://, the refusal declared like every route's.
 */
export const upgradeOnly = (url: string) =>
  ({
    method: "GET",
    url,
    schema: { response: replies({ 426: ErrorReplyRef }) },
    handler: async (): Promise<never> =>
      refuse({ code: "live.upgrade", message: `${url} is a WebSocket; connect with ws:// or wss://.`, path: "Upgrade" }),
  }) as const;
