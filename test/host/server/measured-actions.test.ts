/**
 * POST /api/actions with positions (docs/reference/request-result.md "Positions on the table"): a broadside's range,
 * side and rake measured from the table, the result's `measured`; a target the firing line misses is refused with
 * the measured figure; bad positions name their path.
 */
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeTable, type TableRuntime } from "../../../host/compose.ts";
import { buildApp } from "../../../host/server/app.ts";
import { demoSetup, tempDir } from "../helpers.ts";

let app: FastifyInstance;
let table: TableRuntime;

beforeAll(async () => {
  const composed = await composeTable({
    setup: { ...demoSetup(), devices: {} },
    dbFile: join(tempDir(), "game.sqlite"),
    logger: pino({ level: "silent" }),
    sim: false,
  });
  if (!composed.ok) throw new Error(composed.error.message);
  table = composed.value;
  app = await buildApp({ table, logger: pino({ level: "silent" }), token: "test-token-0123456789abcdef" });
});
afterAll(async () => {
  await app.close();
  await table.close();
});

const post = (url: string, payload: unknown) => app.inject({ method: "POST", url, payload: payload as object });
const action = { type: "broadside", firer: "royal-james", target: "gouda" };

describe("POST /api/actions with positions", () => {
  it("measures the broadside's side, range and rake, and says so", async () => {
    // Royal James heading north; Gouda 3″ to starboard base to base, parallel (default bases 25 × 60 mm)
    const positions = { ships: { "royal-james": { x: 500, y: 500, heading: 0 }, gouda: { x: 525 + 3 * 25.4, y: 500, heading: 0 } } };
    const r = await post("/api/actions", { action, table: positions });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ ok: true, measured: { broadside: "starboard", rangeInches: 3, rake: false } });
    expect((await post("/api/cancel", {})).statusCode).toBe(200);
  });

  it("refuses a target the firing line misses, with the measured figure", async () => {
    const positions = { ships: { "royal-james": { x: 500, y: 500, heading: 0 }, gouda: { x: 500, y: 700, heading: 0 } } };
    const r = await post("/api/actions", { action, table: positions });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({ code: "rules.illegal", path: "action.target" });
    expect(r.json().error.message).toMatch(/miss Gouda's base by \d/);
  });

  it("names the bad field of bad positions", async () => {
    const r = await post("/api/actions", { action, table: { ships: { gouda: { x: 1, y: 2 } } } });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({ code: "input.invalid", path: "table.ships.gouda.heading" });
  });
});
