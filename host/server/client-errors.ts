/**
 * What the table answers before a request reaches fastify's routing: a request line or headers over Node's 16 KB
 * (431), a request that never finished arriving (408), bytes that are not HTTP (400) — each in the contract's error
 * shape (`{ok: false, error: {code, message, path}}`) like every other refusal, instead of fastify's own body. And the
 * headers every answer carries: no page of the table may be framed by another site (a framed /control took a click
 * and changed the table).
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

/** Headers on every answer: the pages may not be put in a frame, by any site (CSP for browsers, X-Frame-Options for old ones). */
export const FRAME_HEADERS = {
  "content-security-policy": "frame-ancestors 'none'",
  "x-frame-options": "DENY",
} as const;

/** Adds {@link FRAME_HEADERS} to every answer (pages, API, static files, errors). */
export function denyFraming(app: FastifyInstance): void {
  app.addHook("onSend", async (_req, reply, payload) => {
    reply.headers(FRAME_HEADERS);
    return payload;
  });
}

/** The status and error of a client error the HTTP parser met. */
function refusalOf(err: NodeJS.ErrnoException): { status: number; code: string; message: string; path: string } {
  if (err.code === "HPE_HEADER_OVERFLOW")
    return {
      status: 431,
      code: "input.too-large",
      message: "The address or the headers of this request are longer than the table takes (16 KB).",
      path: "url",
    };
  if (err.code === "ERR_HTTP_REQUEST_TIMEOUT")
    return { status: 408, code: "input.invalid", message: "The request did not arrive in time.", path: "" };
  return { status: 400, code: "input.invalid", message: "The request is not valid HTTP.", path: "" };
}

/** fastify's `clientErrorHandler`: the refusal in the contract's shape, then the connection is closed. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const { status, ...error } = refusalOf(err);
  const body = JSON.stringify({ ok: false, error });
  if (socket.writable) {
    const frame = Object.entries(FRAME_HEADERS)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("");
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n${frame}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
