/**
 * `GET /api/pairing` → `{ok, url, reachable, svg}`: the control page's URL with the table's token and its QR code,
 * for `/devices`. It carries the token, so it answers only this machine or a request that already has the token.
 */
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { bearerMatches, isLoopback } from "../auth.ts";
import { sendError } from "../errors.ts";
import { pairing, qrSvg } from "../pairing.ts";

export interface PairingOptions {
  readonly token: string;
  readonly https: boolean;
  /** Phones' access: while open from /devices, the code names this machine's network address. */
  readonly phones?: { readonly open: boolean };
}

export async function pairingRoutes(app: FastifyInstance, opts: PairingOptions): Promise<void> {
  app.get("/api/pairing", async (req, reply) => {
    if (!isLoopback(req.socket.remoteAddress) && !bearerMatches(req.headers.authorization, opts.token)) {
      return sendError(
        reply,
        { code: "auth.required", message: "The pairing code is shown only on the table's own machine.", path: "Authorization" },
        401,
      );
    }
    const bound = app.server.address() as AddressInfo | null;
    if (!bound || typeof bound !== "object") {
      return sendError(reply, { code: "pairing.unavailable", message: "The host is not listening yet.", path: "" }, 409);
    }
    // phones let in from /devices reach the table on its network addresses, at the same port
    const p = pairing(opts.phones?.open ? { ...bound, address: "0.0.0.0" } : bound, opts.https, opts.token);
    return { ok: true, url: p.url, reachable: p.reachable, svg: await qrSvg(p.url) };
  });
}
