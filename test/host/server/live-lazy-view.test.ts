/**
 * The live route builds the table's view only for a page to send it to: with no socket open a change builds none
 * (host/table-loop.ts builds the view at its first read; the demo's start places its fleet with no page open).
 */
import { join } from "node:path";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { composeTable, type TableRuntime, type TableUpdate } from "../../../host/compose.ts";
import { buildApp } from "../../../host/server/app.ts";
import { demoSetup, tempDir } from "../helpers.ts";
import { TOKEN } from "./app-fixture.ts";

describe("the live route's view", () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it("is not built for a change while no page is open, and is once one is", async () => {
    const logger = pino({ level: "silent" });
    const composed = await composeTable({
      setup: { ...demoSetup(), devices: {} },
      dbFile: join(tempDir(), "game.sqlite"),
      logger,
      sim: false,
    });
    if (!composed.ok) throw new Error(composed.error.message);
    const runtime = composed.value;
    closers.push(() => runtime.close());
    // every listener the app registers sees the update through a counter of its view's reads
    let reads = 0;
    const counted = (u: TableUpdate): TableUpdate => ({
      get view() {
        reads++;
        return u.view;
      },
      events: u.events,
    });
    const table = new Proxy(runtime, {
      get: (target, key) =>
        key === "onUpdate"
          ? (listener: (u: TableUpdate) => void, only?: Parameters<TableRuntime["onUpdate"]>[1]) =>
              target.onUpdate((u) => listener(counted(u)), only)
          : Reflect.get(target, key),
    });
    const app = await buildApp({ table, logger, token: TOKEN });
    closers.push(() => app.close());
    const change = (windward: string) =>
      app.inject({ method: "POST", url: "/api/actions", payload: { action: { type: "set-wind", windward } } });
    expect((await change("N")).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(reads).toBe(0);
    const ws = await app.injectWS("/api/live");
    expect((await change("S")).statusCode).toBe(200);
    await expect.poll(() => reads).toBeGreaterThan(0);
    ws.terminate();
  });
});
