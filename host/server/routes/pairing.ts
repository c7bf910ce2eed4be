/**
 * `GET /api/pairing` → `{ok, url, reachable, svg}`: the control page's URL with the table's token and its QR code,
 * for `/devices`. It carries the token, so it answers only this machine or a request that already has the token.
 */
import type { AddressInfo } from "node:net";
import { Type } from "@sinclair/typebox";
import { bearerMatches, isLoopback } from "../auth.ts";
import { pairing, qrSvg } from "../pairing.ts";
import { refuse, replies, type TableApp } from "../typed-routes.ts";

export interface PairingOptions {
  readonly token: string;
  readonly https: boolean;
  /** Phones' access: while open from /devices, the code names this machine's network address. */
  readonly phones?: { readonly open: boolean };
}

/** The pairing code: the address a phone opens with the token, whether another machine can reach it, the QR code. */
const PairingReply = Type.Object(
  {
    ok: Type.Literal(true),
    url: Type.String({ description: "/control on this machine's address, with the token" }),
    reachable: Type.Boolean({ description: "Another machine can reach the address (not loopback)" }),
    svg: Type.String({ description: "The URL as a QR code (SVG)" }),
  },
  { additionalProperties: false },
);

export async function pairingRoutes(app: TableApp, opts: PairingOptions): Promise<void> {
  app.get("/api/pairing", { schema: { response: replies({ 200: PairingReply }) } }, async (req) => {
    if (!isLoopback(req.socket.remoteAddress) && !bearerMatches(req.headers.authorization, opts.token)) {
      return refuse(
        { code: "auth.required", message: "The pairing code is shown only on the table's own machine.", path: "Authorization" },
        401,
      );
    }
    const bound = app.server.address() as AddressInfo | null;
    if (!bound || typeof bound !== "object") {
      return refuse({ code: "pairing.unavailable", message: "The host is not listening yet.", path: "" }, 409);
    }
    // phones let in from /devices reach the table on its network addresses, at the same port
    const p = pairing(opts.phones?.open ? { ...bound, address: "0.0.0.0" } : bound, opts.https, opts.token);
    return { ok: true as const, url: p.url, reachable: p.reachable, svg: await qrSvg(p.url) };
  });
}
