/**
 * Phones' access from /devices (docs/reference/http-api.md): `GET /api/phones` says whether phones on the same
 * network may join and at which addresses; `PUT /api/phones {open}` opens or closes it, kept in the game file
 * across restarts (host/server/phones.ts). Like the pairing code, it answers this machine or a caller with the token.
 */
import { Type } from "@sinclair/typebox";
import type { FastifyRequest } from "fastify";
import { bearerMatches, isLoopback } from "../auth.ts";
import type { PhonesAccess } from "../phones.ts";
import { refuse, replies, type TableApp } from "../typed-routes.ts";

export const PhonesBody = Type.Object({ open: Type.Boolean() }, { additionalProperties: false });

/** Phones' access: open or closed, whether the command line opened it, the addresses phones reach the table at. */
const PhonesReply = Type.Object(
  {
    ok: Type.Literal(true),
    open: Type.Boolean(),
    byCommandLine: Type.Boolean({ description: "Open by the start command (--host beyond loopback): the page cannot close it" }),
    addresses: Type.Array(Type.String(), { description: "Where phones reach the table while it is open" }),
  },
  { additionalProperties: false },
);

export async function phonesRoutes(app: TableApp, opts: { phones: PhonesAccess; token: string }): Promise<void> {
  const { phones, token } = opts;
  /** Phones' access is set on the table's own machine (or with the token): else refused. */
  const mine = (req: FastifyRequest): void => {
    if (isLoopback(req.socket.remoteAddress) || bearerMatches(req.headers.authorization, token)) return;
    refuse({ code: "auth.required", message: "Phones' access is set on the table's own machine.", path: "Authorization" }, 401);
  };
  const reply = { response: replies({ 200: PhonesReply }) };
  app.get("/api/phones", { schema: reply }, async (req) => {
    mine(req);
    return { ok: true as const, ...phones.state() };
  });
  app.put("/api/phones", { schema: { body: PhonesBody, ...reply } }, async (req) => {
    mine(req);
    await phones.set(req.body.open);
    return { ok: true as const, ...phones.state() };
  });
}
