/**
 * Writes from beyond loopback need the bearer token (docs/reference/http-api.md); on 127.0.0.1 none is needed. The token is
 * generated once and kept in the data directory (mode 0600) so phones stay paired across restarts.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "./errors.ts";

/** The table's token: read from `<dataDir>/token`, or generated and written there. */
export function loadOrCreateToken(dataDir: string): string {
  const file = join(dataDir, "token");
  if (existsSync(file)) {
    const t = readFileSync(file, "utf8").trim();
    if (t.length >= 16) return t;
  }
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(24).toString("base64url");
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** Whether a remote address is this machine. */
export const isLoopback = (address: string | undefined): boolean => address !== undefined && LOOPBACK.test(address);

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Whether an Authorization header is `Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(header ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** An onRequest hook: 401 for a non-loopback write without `Authorization: Bearer <token>`. */
export function requireToken(token: string) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!WRITES.has(req.method) || isLoopback(req.socket.remoteAddress)) return;
    if (bearerMatches(req.headers.authorization, token)) return;
    await sendError(
      reply,
      { code: "auth.required", message: "This table needs its token for changes from another machine.", path: "Authorization" },
      401,
    );
  };
}
