/**
 * Writes from beyond loopback need the bearer token (docs/reference/http-api.md), HTTP requests and the live socket's
 * table-changing messages alike; on 127.0.0.1 none is needed. The token is
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

/** The `?token=` of a URL, or null (the live socket's: a browser cannot set headers on a WebSocket). */
export function tokenInQuery(url: string): string | null {
  const q = url.indexOf("?");
  return q < 0 ? null : new URLSearchParams(url.slice(q + 1)).get("token");
}

/** The request as the write rule reads it: who sent it, its Authorization header and its URL. */
export interface WriterRequest {
  /** Absent only for a socket injected in a test without one, which stands, as an injected request does, for this machine. */
  readonly socket?: { readonly remoteAddress?: string | undefined } | undefined;
  readonly headers: { readonly authorization?: string | undefined };
  readonly url: string;
}

/**
 * The one rule for every change to the table, HTTP or live socket: it comes from the table's own machine, or carries
 * the token (`Authorization: Bearer …`, or `?token=` on the live socket).
 */
export function mayChangeTable(req: WriterRequest, token: string): boolean {
  if (isLoopback(req.socket ? req.socket.remoteAddress : "127.0.0.1") || bearerMatches(req.headers.authorization, token)) return true;
  const given = tokenInQuery(req.url);
  return given !== null && bearerMatches(`Bearer ${given}`, token);
}

/** The refusal of a change from beyond loopback without the token, in the contract's error shape. */
export const TOKEN_REQUIRED = {
  code: "auth.required",
  message: "This table needs its token for changes from another machine.",
  path: "Authorization",
} as const;

/** An onRequest hook: 401 for a non-loopback write without `Authorization: Bearer <token>`. */
export function requireToken(token: string) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!WRITES.has(req.method) || isLoopback(req.socket.remoteAddress)) return;
    if (bearerMatches(req.headers.authorization, token)) return;
    await sendError(reply, { ...TOKEN_REQUIRED }, 401);
  };
}
