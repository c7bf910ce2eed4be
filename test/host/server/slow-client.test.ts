/**
 * Issue 15 item 2: a live client that stops reading is dropped, with a log line, once more than the bound waits to
 * be sent to it; the host and the clients that read are unaffected. Over a real TCP socket (the kernel's buffers
 * fill first, then the host's).
 */
import { randomBytes } from "node:crypto";
import { connect, type Socket } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppFixture, appFixture, until } from "./app-fixture.ts";

const lines: string[] = [];
const logger = pino({ level: "warn" }, { write: (s: string) => void lines.push(s) });
let f: AppFixture;
let port: number;
beforeAll(async () => {
  f = await appFixture(false, { logger, liveBufferBytes: 64 * 1024 });
  await f.app.listen({ host: "127.0.0.1", port: 0 });
  const addr = f.app.server.address();
  port = typeof addr === "object" && addr ? addr.port : 0;
});
afterAll(async () => f.close());

/** A WebSocket client that completes the handshake and then never reads again. */
function stalledClient(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(port, "127.0.0.1", () => {
      s.write(
        `GET /api/live HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    s.once("data", (d) => {
      if (!String(d).startsWith("HTTP/1.1 101")) reject(new Error(String(d).split("\r\n")[0]));
      s.pause();
      resolve(s);
    });
    s.on("error", () => undefined);
  });
}

describe("slow live clients", () => {
  it("are dropped past the bound with a log line; the host keeps answering", async () => {
    const client = await stalledClient();
    let closed = false;
    client.on("close", () => {
      closed = true;
    });
    // every phase change pushes the whole state to every client
    for (let i = 0; i < 5000 && !lines.some((l) => l.includes("stopped reading")); i++) {
      await f.app.inject({ method: "POST", url: "/api/phase/next" });
    }
    const line = lines.find((l) => l.includes("stopped reading"));
    expect(line).toBeDefined();
    expect(JSON.parse(line ?? "{}")).toMatchObject({ level: 40, limit: 64 * 1024, msg: "dropped a live client that stopped reading" });
    client.resume();
    await until(
      () => closed,
      (c) => c,
      5000,
    );
    expect(closed).toBe(true);
    expect((await f.app.inject({ method: "GET", url: "/api/state" })).statusCode).toBe(200);
  });
});
