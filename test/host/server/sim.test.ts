import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeTable, type TableRuntime } from "../../../host/compose.ts";
import { buildApp } from "../../../host/server/app.ts";
import { LOG_PAGE_SIZE } from "../../../host/session/view.ts";
import { poll as until } from "../../support/wait.ts";
import { demoSetup, tempDir, uidOf } from "../helpers.ts";

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
    () => table.view().devices,
    (d) => d.filter((x) => x.connected).length >= 12,
  );
});
afterAll(async () => {
  await app.close();
  await table.close();
});

const post = (url: string, payload: object) => app.inject({ method: "POST", url, payload });
const state = async () => (await app.inject({ method: "GET", url: "/api/state" })).json();

describe("the demo table through /api/sim (real emulators)", { timeout: 60_000 }, () => {
  it("has six Pixels, three GoDice, two readers and a dial, all emulated", async () => {
    const s = await state();
    const ids = s.devices.map((d: { id: string }) => d.id);
    for (const id of ["pixel-1", "pixel-6", "godice-1", "godice-3", "reader-1", "reader-2", "dial"]) expect(ids).toContain(id);
    expect(s.sim).toBe(true);
  });

  it("taps firer and target, rolls the emulated dice, and resolves the broadside", async () => {
    // the phase's own roll (initiative) is waiting: the first tap shows the ship, the second sets that roll aside
    expect((await post("/api/sim/tap", { reader: "reader-1", uid: uidOf(setup, "royal-james") })).statusCode).toBe(200);
    expect((await until(state, (s) => s.focus?.ship?.id === "royal-james")).focus?.ship?.id).toBe("royal-james");
    await post("/api/sim/lift", { reader: "reader-1" });
    await post("/api/sim/tap", { reader: "reader-2", uid: uidOf(setup, "gouda") });
    const drafted = await until(state, (s) => s.pending?.action.target === "gouda");
    expect(drafted.pending?.action).toMatchObject({ type: "broadside", firer: "royal-james", target: "gouda" });
    await post("/api/draft", { values: { rangeInches: 4 } });
    for (const [i, die] of [
      "pixel-1",
      "pixel-2",
      "pixel-3",
      "pixel-4",
      "pixel-5",
      "pixel-6",
      "godice-1",
      "godice-2",
      "godice-3",
    ].entries()) {
      expect((await post("/api/sim/roll", { die, face: i < 3 ? 6 : 1 })).statusCode).toBe(200);
    }
    await until(state, (s) => s.pending?.dice.length === 9);
    await post("/api/sim/roll", { die: "pixel-1", face: 6 });
    const after = await until(state, (s) => s.last !== null);
    expect(after.last.outcome.hits).toBe(4);
    expect(after.last.dice.map((d: { from: { dieId: string } }) => d.from.dieId)).toContain("godice-2");
  });

  it("a sim tap returns once the reader has read the tag, so a tap lifted at once still counts", async () => {
    await post("/api/sim/lift", { reader: "reader-2" });
    for (const ship of ["stavoren", "edgar", "dolfijn"]) {
      expect((await post("/api/sim/tap", { reader: "reader-2", uid: uidOf(setup, ship) })).statusCode).toBe(200);
      expect((await state()).focus?.ship?.id).toBe(ship);
      await post("/api/sim/lift", { reader: "reader-2" });
    }
    await post("/api/cancel", {});
  });

  it("turns the emulated dial on a wind change and back on undo", async () => {
    const dial = async () => (await app.inject({ method: "GET", url: "/api/sim/dial" })).json().angle as number | null;
    const before = await until(dial, (a) => a !== null);
    await post("/api/actions", { action: { type: "set-wind", windward: "W" } });
    const turned = await until(dial, (a) => a !== before);
    expect(turned).not.toBe(before);
    await post("/api/undo", {});
    expect(await until(dial, (a) => a === before)).toBe(before);
  });

  it("disconnects and reconnects an emulated device; unknown ones are 404", async () => {
    expect((await post("/api/sim/disconnect", { device: "pixel-3" })).statusCode).toBe(200);
    await until(state, (s) => s.devices.find((d: { id: string }) => d.id === "pixel-3")?.connected === false);
    expect((await post("/api/sim/reconnect", { device: "pixel-3" })).statusCode).toBe(200);
    const s = await until(state, (x) => x.devices.find((d: { id: string }) => d.id === "pixel-3")?.connected === true);
    expect(s.devices.find((d: { id: string }) => d.id === "pixel-3").connected).toBe(true);
    // the drop-out and the return were said on the display, with what to do meanwhile
    const said = (await until(state, (x) => x.notices.some((n: { text: string }) => /White die 3 is back/.test(n.text)))).notices.map(
      (n: { text: string }) => n.text,
    );
    expect(said).toContain(
      "White die 3 dropped out: it reconnects by itself. Meanwhile type its roll on the control page, or switch to software dice there.",
    );
    expect(said).toContain("White die 3 is back.");
    expect((await post("/api/sim/disconnect", { device: "kraken" })).statusCode).toBe(404);
    expect((await post("/api/sim/roll", { die: "kraken", face: 3 })).statusCode).toBe(400);
  });

  it("presses the emulated button box: confirm resolves a no-dice action, undo takes it back", async () => {
    await post("/api/draft", { type: "set-wind", values: { windward: "N" } });
    const before = (await state()).history.length;
    expect((await post("/api/sim/press", { command: "confirm" })).statusCode).toBe(200);
    await until(state, (s) => s.history.length === before + 1);
    await post("/api/sim/press", { command: "undo" });
    const s = await until(state, (x) => x.history.length === before);
    expect(s.history).toHaveLength(before);
  });

  it("the button box's Log pages the display's night's log back through every result with its dice, then closes it", async () => {
    const results = async () => (await app.inject({ method: "GET", url: "/api/log" })).json().total as number;
    for (const windward of ["N", "E", "S", "W"]) {
      const before = await results();
      await post("/api/draft", { type: "set-wind", values: { windward } });
      await new Promise((r) => setTimeout(r, 80));
      await post("/api/sim/press", { command: "confirm" });
      expect(await until(results, (n) => n === before + 1)).toBe(before + 1);
    }
    const display = async () => (await app.inject({ method: "GET", url: "/api/display" })).json().log;
    expect(await display()).toBeNull();
    const { total, pages } = (await app.inject({ method: "GET", url: "/api/log" })).json();
    expect(pages).toBe(Math.ceil(total / LOG_PAGE_SIZE));
    const seen: number[] = [];
    // presses further apart than the pad's 50 ms debounce (devices/pad/pad.ts), as a hand presses
    const press = async () => {
      await new Promise((r) => setTimeout(r, 80));
      await post("/api/sim/press", { command: "log" });
    };
    for (let page = 0; page < pages; page++) {
      await press();
      expect(await until(display, (p) => p === page)).toBe(page);
      const log = (await app.inject({ method: "GET", url: `/api/log?page=${page}` })).json();
      for (const e of log.entries) {
        seen.push(e.number);
        expect(Array.isArray(e.dice)).toBe(true);
      }
    }
    // every result, newest first, once each; the press after the oldest page closes the log
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => total - i));
    expect(seen.length).toBeGreaterThan(3);
    await press();
    expect(await until(display, (p) => p === null)).toBeNull();
  });

  it("places the fleet on the emulated table in its formation; /api/sim/move moves a ship, seen at once; bad moves are refused", async () => {
    const placed = await until(state, (x) => x.table?.ships.length === setup.start.ships.length);
    expect(placed.table).toMatchObject({ width: 1830, height: 1220 });
    expect(placed.devices.find((d: { id: string }) => d.id === "table")).toMatchObject({
      kind: "positions",
      connected: true,
      emulated: true,
    });
    expect((await post("/api/sim/move", { ship: "gouda", x: 300, y: 400, heading: 45 })).statusCode).toBe(200);
    const moved = await until(state, (x) => x.table?.ships.find((p: { id: string }) => p.id === "gouda")?.x === 300);
    expect(moved.table.ships.find((p: { id: string }) => p.id === "gouda")).toMatchObject({
      y: 400,
      heading: 45,
      stale: false,
      source: "table",
    });
    const refused = await post("/api/sim/move", { ship: "kraken", x: 1, y: 1, heading: 0 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/no model of "kraken"/);
    expect((await post("/api/sim/move", { ship: "gouda", x: "far", y: 1, heading: 0 })).statusCode).toBe(400);
  });
});

describe("positions over a restart", { timeout: 60_000 }, () => {
  it("the fleet stands where it was moved, not back in formation", async () => {
    const file = join(tempDir(), "game.sqlite");
    const open = async () => {
      const c = await composeTable({ setup, dbFile: file, logger, sim: true });
      if (!c.ok) throw new Error(c.error.message);
      return c.value;
    };
    const first = await open();
    await until(
      () => first.view().table?.ships.length,
      (n) => n === setup.start.ships.length,
    );
    await first.devices.sim?.move?.("henry", 900, 100, 180);
    await until(
      () => first.view().table?.ships.find((p) => p.id === "henry")?.x,
      (x) => x === 900,
    );
    await first.close();
    const second = await open();
    try {
      const henry = (await until(
        () => second.view().table?.ships.find((p) => p.id === "henry"),
        (p) => p !== undefined,
      )) as { x: number; y: number; heading: number };
      expect(henry).toMatchObject({ x: 900, y: 100, heading: 180 });
    } finally {
      await second.close();
    }
  });
});
