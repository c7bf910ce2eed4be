/**
 * Issue 43 through the host's API on the demo table (real emulators): a ship tapped in Sole Bay's movement phase has
 * her reach in `/api/state`; a move on the emulated table is judged there in words; bad moves (a ship not in the game,
 * a move of 10 m, a heading not a number) are refused naming the ship, and nothing stored changes.
 */
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeTable, type TableRuntime } from "../../../host/compose.ts";
import { buildApp } from "../../../host/server/app.ts";
import { poll as until } from "../../support/wait.ts";
import { demoSetup, tempDir } from "../helpers.ts";

const logger = pino({ level: "silent" });
let app: FastifyInstance;
let table: TableRuntime;
const setup = demoSetup();

beforeAll(async () => {
  const composed = await composeTable({ setup, dbFile: join(tempDir(), "game.sqlite"), logger, sim: true });
  if (!composed.ok) throw new Error(composed.error.message);
  table = composed.value;
  app = await buildApp({ table, logger, token: "t".repeat(20) });
  await until(
    () => table.view().table?.ships.length,
    (n) => n === setup.start.ships.length,
  );
});
afterAll(async () => {
  await app.close();
  await table.close();
});

const post = (url: string, payload: object) => app.inject({ method: "POST", url, payload });
const state = async () => (await app.inject({ method: "GET", url: "/api/state" })).json();
type Ship = { id: string; x: number; y: number; heading: number };

describe("a move on the demo table", { timeout: 60_000 }, () => {
  it("has the tapped ship's reach in /api/state, judges her move in words, and refuses bad moves naming the ship", async () => {
    expect((await post("/api/phase/next", {})).statusCode).toBe(200);
    expect((await state()).phase.name).toBe("Movement / Collisions");
    expect((await post("/api/tap", { ship: "henry" })).statusCode).toBe(200);
    const set = await until(state, (s) => s.reach !== null);
    expect(set.reach.ship).toBe("henry");
    // the union of one piece per order of her 45° turns: a line for straight on, a polygon for each order of turns
    expect(set.reach.polygons.length).toBeGreaterThanOrEqual(3);
    expect(set.reach.polygons.filter((p: unknown[]) => p.length >= 3).length).toBeGreaterThanOrEqual(2);
    expect(set.move).toBeNull();
    const henry = set.table.ships.find((s: Ship) => s.id === "henry") as Ship;
    // 3″ ahead along her heading
    const rad = (henry.heading * Math.PI) / 180;
    const ahead = { x: henry.x + 3 * 25.4 * Math.sin(rad), y: henry.y + 3 * 25.4 * Math.cos(rad) };
    expect((await post("/api/sim/move", { ship: "henry", ...ahead, heading: henry.heading })).statusCode).toBe(200);
    const moved = await until(state, (s) => s.move !== null);
    expect(moved.move).toMatchObject({ ship: "henry", distance: 3, unit: "in", legal: true });
    expect(moved.move.words).toMatch(/^Henry moved 3″ of her \d+″, no turn/);

    const kept = JSON.stringify({ table: moved.table, move: moved.move, reach: moved.reach });
    const unknown = await post("/api/sim/move", { ship: "kraken", x: 1, y: 1, heading: 0 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain("kraken");
    const nan = await post("/api/sim/move", { ship: "henry", x: ahead.x, y: ahead.y, heading: "NaN" });
    expect(nan.statusCode).toBe(400);
    expect(nan.json().error).toMatchObject({ code: "input.invalid", path: "heading" });
    expect(nan.json().error.message).toMatch(/^Henry was not moved: her heading "NaN" /);
    expect(JSON.stringify({ table: (await state()).table, move: (await state()).move })).toBe(
      JSON.stringify({ table: moved.table, move: moved.move }),
    );
    await post("/api/sim/move", { ship: "henry", x: henry.x, y: henry.y + 10_000, heading: henry.heading });
    const after = await until(state, (s) => s.notices.some((n: { text: string }) => n.text.startsWith("Henry was seen at")));
    expect(JSON.stringify({ table: after.table, move: after.move, reach: after.reach })).toBe(kept);
  });
});
