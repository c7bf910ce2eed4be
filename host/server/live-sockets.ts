/**
 * The WebSocket plugin as the table's and the club board's live sockets use it: a message over `maxPayload` closes
 * the socket, a client's fault (that message, a broken frame) is one warning line and the socket is cut, and on close
 * every client is cut at once — one that stopped reading would otherwise hold the close for ws's 30 s handshake.
 */
import fastifyWebsocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";

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
