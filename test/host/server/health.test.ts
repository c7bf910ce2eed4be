/** `GET /api/health` and `GET /api/openapi.json` on the demo table, every device emulated (docs/reference/http-api.md). */
import { join } from "node:path";
import { Value } from "@sinclair/typebox/value";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeTable, type TableRuntime } from "../../../host/compose.ts";
import { buildApp } from "../../../host/server/app.ts";
import { HealthReply } from "../../../host/server/routes/health.ts";
import { demoSetup, tempDir } from "../helpers.ts";

const logger = pino({ level: "silent" });
let app: FastifyInstance;
let table: TableRuntime;

beforeAll(async () => {
  const composed = await composeTable({ setup: demoSetup(), dbFile: join(tempDir(), "game.sqlite"), logger, sim: true });
  if (!composed.ok) throw new Error(composed.error.message);
  table = composed.value;
  app = await buildApp({ table, logger, token: "t".repeat(20) });
});
afterAll(async () => {
  await app.close();
  await table.close();
});

describe("GET /api/health", () => {
  it("says the table is ready and counts its devices by kind", async () => {
    const r = await app.inject({ method: "GET", url: "/api/health" });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(Value.Check(HealthReply, body)).toBe(true);
    expect(body).toMatchObject({ ok: true, ready: true, store: { ok: true } });
    const d = body.devices;
    expect(d.total).toBe(d.connected + d.notConnected);
    expect(d.emulated).toBe(d.total);
    expect(d.byKind.die.total).toBe(9);
    expect(Object.values(d.byKind as Record<string, { total: number }>).reduce((n, k) => n + k.total, 0)).toBe(d.total);
  });

  it("is not ready while the game file refuses writes, with the display's sentence; ready again once it takes them", async () => {
    const auth = { authorization: `Bearer ${"t".repeat(20)}` };
    table.store.db.pragma("query_only = ON");
    try {
      const start = await app.inject({ method: "POST", url: "/api/actions", headers: auth, payload: { action: { type: "initiative" } } });
      expect([200, 201, 409]).toContain(start.statusCode);
      const dice = await app.inject({ method: "POST", url: "/api/dice", headers: auth, payload: { values: [6, 1] } });
      expect(dice.statusCode).toBe(503);
      expect(dice.json().error).toMatchObject({ code: "store.unwritable" });
      const r = (await app.inject({ method: "GET", url: "/api/health" })).json();
      expect(r).toMatchObject({
        ready: false,
        store: { ok: false, message: expect.stringMatching(/^The game file cannot be written: it is read-only\./) },
      });
      expect(table.session.records).toHaveLength(0);
    } finally {
      table.store.db.pragma("query_only = OFF");
    }
    table.session.checkStore();
    expect((await app.inject({ method: "GET", url: "/api/health" })).json()).toMatchObject({ ready: true, store: { ok: true } });
    expect(table.session.records).toHaveLength(1);
  });
});

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3 document generated from the route schemas", async () => {
    const r = await app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe("quarterdeck table host");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/state", "/api/actions", "/api/dice", "/api/health", "/api/sim/roll"]),
    );
    expect(doc.paths["/api/dice"].post.requestBody.content["application/json"].schema.properties.values.type).toBe("array");
    expect(doc.paths["/api/health"].get.responses["200"].content["application/json"].schema.properties.devices).toBeDefined();
    expect(doc.paths["/api/openapi.json"]).toBeUndefined();
    // the table state's schema is among the components (turn, the last undo, ship status with severities)
    const components = JSON.stringify(doc.components ?? {});
    for (const key of ["lastUndo", "turn", "severity", "headline"]) expect(components).toContain(`"${key}"`);
  });
});
