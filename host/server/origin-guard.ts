/**
 * Host and Origin checks (docs/reference/http-api.md), against DNS rebinding and cross-site use of the table:
 * - the Host header must name this machine: a loopback name (`localhost`, `*.localhost`, `127.x`, `::1`), an IP
 *   address (a rebinding page always reaches us under its own domain name, never under an address) or one of the
 *   configured host names (the machine's name, `<name>.local`, `--host`, `--allow-host`);
 * - a request from a web page (it carries `Origin`) must come from a page of this host (same origin), or carry the
 *   table's token (`Authorization: Bearer …`, or `?token=` on the live socket, where browsers cannot set headers).
 * Scripts without an Origin header are not web pages and pass; writes beyond loopback still need the token.
 */
import { isIP } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import { bearerMatches, tokenInQuery } from "./auth.ts";
import { sendError } from "./errors.ts";

/** `Host: Example.local.:7420` → `example.local`; `[::1]:7420` → `::1`. */
export function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  const name = h.startsWith("[") ? h.slice(1, h.indexOf("]") >>> 0) : h.replace(/:\d*$/, "");
  return name.replace(/\.$/, "");
}

/** Whether a host name may be used to reach this table. `allowed` holds configured names (lower case). */
export function isAllowedHost(name: string, allowed: ReadonlySet<string>): boolean {
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (isIP(name) !== 0) return true;
  return allowed.has(name);
}

/** The `host[:port]` of an Origin header, or null for `null` and anything that is not a URL. */
function originHost(origin: string): string | null {
  try {
    const u = new URL(origin);
    return u.host === "" ? null : u.host.toLowerCase();
  } catch {
    return null;
  }
}

/** An onRequest hook checking Host and Origin; `hosts` are the configured host names. */
export function checkHostAndOrigin(token: string, hosts: readonly string[]) {
  const allowed = new Set(hosts.map((h) => hostnameOf(h)).filter(Boolean));
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const host = req.headers.host;
    if (host !== undefined && !isAllowedHost(hostnameOf(host), allowed)) {
      await sendError(
        reply,
        {
          code: "host.refused",
          message: `This table does not answer to the name "${host}"; start it with --allow-host to add one.`,
          path: "Host",
        },
        403,
      );
      return;
    }
    const origin = req.headers.origin;
    if (origin === undefined) return;
    const from = originHost(origin);
    if (from !== null && host !== undefined && from === host.toLowerCase()) return;
    const queryToken = req.headers.upgrade?.toLowerCase() === "websocket" ? tokenInQuery(req.url) : null;
    if (bearerMatches(req.headers.authorization, token) || (queryToken !== null && bearerMatches(`Bearer ${queryToken}`, token))) return;
    await sendError(
      reply,
      { code: "origin.refused", message: `Pages from ${origin} may not use this table without its token.`, path: "Origin" },
      403,
    );
  };
}
