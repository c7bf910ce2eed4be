import { join } from "node:path";
import { Value } from "@sinclair/typebox/value";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeTable, type TableRuntime } from "../../../host/compose.ts";
import { buildApp } from "../../../host/server/app.ts";
import { LiveServerMessage } from "../../../host/server/schemas.ts";
import { demoSetup, tempDir } from "../helpers.ts";

const logger = pino({ level: "silent" });
const TOKEN = "test-token-0123456789abcdef";
let app: FastifyInstance;
let table: TableRuntime;

beforeAll(async () => {
  // A table with no devices configured: every die typed in on /control (a real way to play).
  const composed = await composeTable({
    setup: { ...demoSetup(), devices: {} },
    dbFile: join(tempDir(), "game.sqlite"),
    logger,
    sim: false,
  });
  if (!composed.ok) throw new Error(composed.error.message);
  table = composed.value;
  app = await buildApp({ table, logger, token: TOKEN });
});
afterAll(async () => {
  await app.close();
  await table.close();
});

const post = (url: string, payload: unknown, extra: Record<string, unknown> = {}) =>
  app.inject({ method: "POST", url, payload: payload as object, ...extra });

describe("host API", () => {
  it("serves the state and the pages", async () => {
    const state = await app.inject({ method: "GET", url: "/api/state" });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({ ruleset: { id: "sole-bay-1672" }, wind: { system: "edge4" }, sim: false });
    for (const page of ["/", "/control", "/devices"]) {
      const r = await app.inject({ method: "GET", url: page });
      expect(r.statusCode).toBe(200);
      expect(r.headers["content-type"]).toMatch(/text\/html/);
    }
    expect((await app.inject({ method: "GET", url: "/static/display.js" })).statusCode).toBe(200);
  });

  it("answers bad bodies with 400 and the contract's error JSON", async () => {
    const cases: [string, unknown, string][] = [
      ["/api/dice", { values: "six" }, "values"],
      ["/api/dice", { numbers: [6] }, "values"],
      ["/api/actions", { action: { type: 5 } }, "action.type"],
      ["/api/actions", {}, "action"],
      ["/api/bindings", { die: "pixel-1", roles: "attack" }, "roles"],
    ];
    for (const [url, body, path] of cases) {
      const r = await post(url, body);
      expect(r.statusCode, url).toBe(400);
      expect(r.json()).toEqual({ ok: false, error: { code: "input.invalid", message: expect.any(String), path } });
    }
    const broken = await app.inject({
      method: "POST",
      url: "/api/dice",
      payload: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().ok).toBe(false);
  });

  it("refuses what the rules refuse with their code", async () => {
    const r = await post("/api/actions", { action: { type: "broadside", firer: "royal-james", target: "gouda", rangeInches: 14 } });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.code).toBe("rules.out-of-range");
    const u = await post("/api/undo", {});
    expect(u.statusCode).toBe(409);
    expect(u.json().error.code).toBe("undo.nothing");
  });

  it("plays a broadside with typed dice, shows the ship's log, and undoes it", async () => {
    const start = await post("/api/actions", { action: { type: "broadside", firer: "royal-james", target: "gouda", rangeInches: 4 } });
    expect(start.statusCode).toBe(200);
    expect(start.json().state.pending).toMatchObject({ instruction: "roll 10 dice", needed: 10 });
    const dice = await post("/api/dice", { values: [6, 6, 6, 1, 1, 1, 1, 1, 1, 1] });
    expect(dice.json().state.last.outcome).toMatchObject({ hits: 3 });
    const log = await app.inject({ method: "GET", url: "/api/ships/gouda" });
    expect(log.json()).toMatchObject({
      ok: true,
      ship: { tracks: [{ marked: 3 }, { marked: 0 }, { marked: 0 }, { marked: 0 }] },
      log: [{ role: "target" }],
    });
    expect((await app.inject({ method: "GET", url: "/api/ships/nobody" })).statusCode).toBe(404);
    const undo = await post("/api/undo", {});
    expect(undo.json().state.ships.find((s: { id: string }) => s.id === "gouda").tracks[0].marked).toBe(0);
  });

  it("needs the token for writes from beyond loopback, not for reads or loopback writes", async () => {
    const remote = { remoteAddress: "192.168.1.20" };
    const denied = await post("/api/undo", {}, remote);
    expect(denied.statusCode).toBe(401);
    expect(denied.json()).toMatchObject({ ok: false, error: { code: "auth.required", path: "Authorization" } });
    const wrong = await post("/api/undo", {}, { ...remote, headers: { authorization: "Bearer nope" } });
    expect(wrong.statusCode).toBe(401);
    const allowed = await post("/api/players/Dutch", { mode: "software" }, { ...remote, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(allowed.statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/state", ...remote })).statusCode).toBe(200);
    expect((await post("/api/players/Dutch", { mode: "electronic" }, { remoteAddress: "127.0.0.1" })).statusCode).toBe(200);
  });

  it("has no /api/sim routes when no device is emulated", async () => {
    expect((await post("/api/sim/roll", { die: "pixel-1", face: 6 })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/api/sim/dial" })).statusCode).toBe(404);
  });

  it("pushes the state on the live socket on connect and on every change, then the events", async () => {
    await app.ready();
    const messages: unknown[] = [];
    const ws = await app.injectWS(
      "/api/live",
      {},
      { onInit: (socket) => socket.on("message", (d) => messages.push(JSON.parse(String(d)))) },
    );
    await new Promise((r) => setTimeout(r, 50));
    await post("/api/actions", { action: { type: "set-wind", windward: "N" } });
    await new Promise((r) => setTimeout(r, 50));
    ws.send(JSON.stringify({ type: "ping" }));
    ws.send("nonsense");
    await new Promise((r) => setTimeout(r, 50));
    ws.terminate();
    for (const m of messages) expect(Value.Check(LiveServerMessage, m), JSON.stringify(m).slice(0, 80)).toBe(true);
    const types = messages.map((m) => (m as { type: string; event?: { type: string } }).event?.type ?? (m as { type: string }).type);
    expect(types.slice(0, 3)).toEqual(["state", "display", "state"]);
    expect(types).toContain("result");
    expect(types).toContain("wind");
    expect(types.slice(-2)).toEqual(["pong", "error"]);
    await post("/api/undo", {});
  });
});
