/**
 * Dice that answer back, end to end (issue 28 item 4): the demo table composed with its emulated dice — in process,
 * and over `--sim hci` (the emulated HCI controller on a pty pair, read by the unmodified noble) — plays Sole Bay's
 * broadside by taps and rolls; each die that rolled receives its hit or miss light as the rules marked it (asserted
 * on the lights the emulated die received, through `/api/sim/dice/:id/lights`), and the dice the broadside waits for
 * glow first. A table file with `display: {diceLights: false}` keeps the dice dark.
 */
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import type { DieLight } from "../../../devices/readings.ts";
import { composeTable, type TableRuntime } from "../../../host/compose.ts";
import { buildApp } from "../../../host/server/app.ts";
import { poll as until } from "../../support/wait.ts";
import { demoSetup, tempDir, uidOf } from "../helpers.ts";

const logger = pino({ level: "silent" });
const DICE = ["pixel-1", "pixel-2", "pixel-3", "pixel-4", "pixel-5", "pixel-6", "godice-1", "godice-2", "godice-3"];

interface Table {
  app: FastifyInstance;
  table: TableRuntime;
}
let open: Table | null = null;
afterEach(async () => {
  await open?.app.close();
  await open?.table.close();
  open = null;
});

async function demo(over: { hci?: boolean; lights?: boolean }): Promise<Table> {
  const setup = demoSetup();
  const withLights =
    over.lights === false ? { ...setup, display: { ...(setup.display ?? { theme: "dark", scale: 1 }), diceLights: false } } : setup;
  const composed = await composeTable({
    setup: withLights,
    dbFile: join(tempDir(), "game.sqlite"),
    logger,
    sim: true,
    ...(over.hci ? { simDiceOverHci: true } : {}),
  });
  if (!composed.ok) throw new Error(composed.error.message);
  const table = composed.value;
  const app = await buildApp({ table, logger, token: "t".repeat(20) });
  open = { app, table };
  await until(
    () => table.view().devices,
    (d) => DICE.every((id) => d.some((x) => x.id === id && x.connected)),
    60_000,
  );
  return open;
}

const lightsOf = async (app: FastifyInstance, die: string): Promise<DieLight[]> =>
  (await app.inject({ method: "GET", url: `/api/sim/dice/${die}/lights` })).json().lights;

/** Taps Royal James and Gouda, sets the range, rolls the nine dice (three 6s, six 1s) and a tenth 6: 4 hits. */
async function broadside(app: FastifyInstance): Promise<{ dice: Array<{ from: { dieId: string }; mark?: string }> }> {
  const setup = demoSetup();
  const post = (url: string, payload: object) => app.inject({ method: "POST", url, payload });
  const state = async () => (await app.inject({ method: "GET", url: "/api/state" })).json();
  await post("/api/sim/tap", { reader: "reader-1", uid: uidOf(setup, "royal-james") });
  await until(state, (s) => s.focus?.ship?.id === "royal-james");
  await post("/api/sim/lift", { reader: "reader-1" });
  await post("/api/sim/tap", { reader: "reader-2", uid: uidOf(setup, "gouda") });
  await until(state, (s) => s.pending?.action.target === "gouda");
  await post("/api/draft", { values: { rangeInches: 4 } });
  await until(state, (s) => s.pending?.plan !== null && s.pending?.plan !== undefined);
  for (const [i, die] of DICE.entries()) {
    expect((await post("/api/sim/roll", { die, face: i < 3 ? 6 : 1 })).statusCode).toBe(200);
    await until(state, (s) => s.pending?.dice.length === i + 1, 20_000);
  }
  await post("/api/sim/roll", { die: "pixel-1", face: 6 });
  return (await until(state, (s) => s.last !== null, 20_000)).last;
}

describe("each die shows its own result", { timeout: 120_000 }, () => {
  for (const hci of [false, true]) {
    it(`${hci ? "over --sim hci (noble over the emulated HCI controller)" : "in the emulated demo"}: the dice glow while awaited, then hits light green and misses red`, async () => {
      const { app } = await demo({ hci });
      const last = await broadside(app);
      // the rules' marks: a 6 hits, a 1 misses (Sole Bay's broadside needs 5+ at 4")
      const markOf = (id: string) => last.dice.filter((d) => d.from.dieId === id).map((d) => d.mark);
      expect(markOf("pixel-2")).toEqual(["hit"]);
      expect(markOf("godice-2")).toEqual(["miss"]);
      for (const die of DICE) {
        const want = last.dice.filter((d) => d.from.dieId === die).map((d) => d.mark);
        // each die's lights: it glowed while the broadside waited for it, went out when rolled, then its result(s)
        const lights = await until(
          () => lightsOf(app, die),
          (l) => l.filter((x) => x === "hit" || x === "miss").length === want.length,
          20_000,
        );
        expect(lights[0], die).toBe("glow");
        expect(
          lights.filter((l) => l === "hit" || l === "miss"),
          die,
        ).toEqual(want);
        expect(lights.lastIndexOf("off"), die).toBeLessThan(lights.indexOf(want[0] as DieLight));
      }
    });
  }

  it("a table whose file says display.diceLights: false keeps its dice dark", async () => {
    const { app } = await demo({ lights: false });
    expect((await app.inject({ method: "GET", url: "/api/dice-lights" })).json()).toEqual({ ok: true, on: false, from: "table-file" });
    const last = await broadside(app);
    expect(last.dice.some((d) => d.mark === "hit")).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    for (const die of DICE) expect(await lightsOf(app, die), die).toEqual([]);
    expect((await app.inject({ method: "GET", url: "/api/sim/dice/kraken/lights" })).statusCode).toBe(404);
  });

  it("switched off from the browser (kept with the table, over the table file): the dice stay dark", async () => {
    const { app, table } = await demo({});
    const put = await app.inject({ method: "PUT", url: "/api/dice-lights", payload: { on: false } });
    expect(put.json()).toEqual({ ok: true, on: false, from: "table" });
    expect(table.store.setting("dice-lights")).toBe("off");
    await broadside(app);
    await new Promise((r) => setTimeout(r, 300));
    // a die that glowed for the roll awaited before is put out, and shows nothing more
    for (const die of DICE)
      expect(
        (await lightsOf(app, die)).filter((l) => l !== "glow" && l !== "off"),
        die,
      ).toEqual([]);
    for (const die of DICE) expect((await lightsOf(app, die)).at(-1) ?? "off", die).toBe("off");
    expect((await app.inject({ method: "PUT", url: "/api/dice-lights", payload: { on: "yes" } })).statusCode).toBe(400);
  });
});
