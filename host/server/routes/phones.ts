/**
 * Phones' access from /devices (docs/reference/http-api.md): `GET /api/phones` says whether phones on the same
 * network may join and at which addresses; `PUT /api/phones {open}` opens or closes it, kept in the game file
 * across restarts (host/server/phones.ts). Like the pairing code, it answers this machine or a caller with the token.
 */
import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { bearerMatches, isLoopback } from "../auth.ts";
import { sendError } from "../errors.ts";
import type { PhonesAccess } from "../phones.ts";

export const PhonesBody = Type.Object({ open: Type.Boolean() }, { additionalProperties: false });

export async function phonesRoutes(app: FastifyInstance, opts: { phones: PhonesAccess; token: string }): Promise<void> {
  const { phones, token } = opts;
  const mine = (req: FastifyRequest, reply: FastifyReply) => {
    if (isLoopback(req.socket.remoteAddress) || bearerMatches(req.headers.authorization, token)) return true;
    void sendError(
      reply,
      { code: "auth.required", message: "Phones' access is set on the table's own machine.", path: "Authorization" },
      401,
    );
    return false;
  };
  app.get("/api/phones", async (req, reply) => (mine(req, reply) ? { ok: true, ...phones.state() } : reply));
  app.put<{ Body: Static<typeof PhonesBody> }>("/api/phones", { schema: { body: PhonesBody } }, async (req, reply) => {
    if (!mine(req, reply)) return reply;
    await phones.set(req.body.open);
    return { ok: true, ...phones.state() };
  });
}
