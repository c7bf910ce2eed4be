/**
 * Phones' access opened and closed from /devices (issue 28 item 2): over real sockets to this machine's network
 * address, a request from beyond loopback is refused while closed, taken with the token while open (refused
 * without it), and refused again once closed; the choice outlives a restart; loopback-only is the default.
 */

import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { composeTable, type TableRuntime } from "../../../host/compose.ts";
import { buildApp } from "../../../host/server/app.ts";
import { poll } from "../../support/wait.ts";
import { demoSetup, tempDir } from "../helpers.ts";

const TOKEN = "phones-token-0123456789abcdef";
const logger = pino({ level: "silent" });
const lan = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
let running: Array<{ app: FastifyInstance; table: TableRuntime }> = [];

async function host(dbFile: string) {
  const t = await composeTable({ setup: { ...demoSetup(), devices: {} }, dbFile, logger, sim: false });
  if (!t.ok) throw new Error(t.error.message);
  const app = await buildApp({ table: t.value, logger, token: TOKEN });
  await app.listen({ host: "127.0.0.1", port: 0 });
  running.push({ app, table: t.value });
  return { app, port: (app.server.address() as AddressInfo).port };
}

/** A request to the machine's network address; `null` when nothing listens there. */
async function fromLan(port: number, path: string, init: RequestInit = {}): Promise<number | null> {
  try {
    return (await fetch(`http://${lan}:${port}${path}`, { ...init, signal: AbortSignal.timeout(3000) })).status;
  } catch {
    return null;
  }
}
const withToken = { headers: { authorization: `Bearer ${TOKEN}` } };

afterEach(async () => {
  for (const r of running) {
    await r.app.close();
    await r.table.close();
  }
  running = [];
});

describe("phones' access from /devices", () => {
  it.skipIf(!lan)(
    "refuses another machine, then takes it with the token, then refuses it again; kept across a restart",
    async () => {
      const dbFile = join(tempDir(), "game.sqlite");
      const { app, port } = await host(dbFile);
      const local = async (method: "GET" | "PUT", payload?: object) =>
        (await app.inject({ method, url: "/api/phones", ...(payload ? { payload } : {}) })).json();
      // loopback only by default: nothing listens on the network address
      expect(await local("GET")).toMatchObject({ ok: true, open: false, byCommandLine: false, addresses: [] });
      expect(await fromLan(port, "/api/pairing", withToken)).toBe(null);

      const opened = await local("PUT", { open: true });
      expect(opened).toMatchObject({ ok: true, open: true });
      expect(opened.addresses).toContain(`http://${lan}:${port}/`);
      expect(await fromLan(port, "/api/pairing")).toBe(401); // the token is needed
      expect(await fromLan(port, "/api/pairing", withToken)).toBe(200);
      expect(await fromLan(port, "/devices")).toBe(200); // the pages load; changes need the token
      expect(
        await fromLan(port, "/api/phones", {
          method: "PUT",
          body: JSON.stringify({ open: false }),
          headers: { "content-type": "application/json" },
        }),
      ).toBe(401);
      const pairing = (await app.inject({ method: "GET", url: "/api/pairing" })).json();
      expect(pairing).toMatchObject({ ok: true, reachable: true });
      expect(pairing.url).toContain(`${lan}:${port}/control#token=`);

      await app.close();
      await running[0]?.table.close();
      running = [];
      // the same start lets phones in again
      const again = await host(dbFile);
      // (the listeners open just after the host listens)
      const state = await poll(
        async () => (await again.app.inject({ method: "GET", url: "/api/phones" })).json(),
        (s) => s.open === true,
        5000,
      );
      expect(state).toMatchObject({ open: true });
      expect(await fromLan(again.port, "/api/pairing", withToken)).toBe(200);

      const closed = (await again.app.inject({ method: "PUT", url: "/api/phones", payload: { open: false } })).json();
      expect(closed).toMatchObject({ ok: true, open: false, addresses: [] });
      expect(await fromLan(again.port, "/api/pairing", withToken)).toBe(null);
    },
    30_000,
  );

  it("a request that reaches the table from another address while closed is refused in words", async () => {
    const { app } = await host(join(tempDir(), "game.sqlite"));
    const r = await app.inject({ method: "GET", url: "/api/state", remoteAddress: "192.168.1.50" });
    expect(r.statusCode).toBe(403);
    expect(r.json().error).toMatchObject({ code: "phones.closed" });
    expect(r.json().error.message).toMatch(/open phones' access/);
    await app.inject({ method: "PUT", url: "/api/phones", payload: { open: true } });
    expect((await app.inject({ method: "GET", url: "/api/state", remoteAddress: "192.168.1.50" })).statusCode).toBe(200);
    await app.inject({ method: "PUT", url: "/api/phones", payload: { open: false } });
    expect((await app.inject({ method: "GET", url: "/api/state", remoteAddress: "192.168.1.50" })).statusCode).toBe(403);
  });
});
