/**
 * The club board in Debian's chromium: 10 in-process tables (real session, store, outbox, publisher) on the
 * embedded broker; the board shows 10 live tiles and a result resolved at one table reaches its tile.
 * Screenshots at 1920×1080 and phone size go to test-artifacts/.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import mqtt from "mqtt";
import { afterAll, describe, expect, it } from "vitest";
import { type ClubHost, startClubHost } from "../../host/club/club-host.ts";
import { buildClubApp } from "../../host/club/server.ts";
import { freePort, quiet, SimTable } from "../club/helpers.ts";
import { honestGame } from "../club/honest-game.ts";
import { tempDir } from "../host/helpers.ts";
import { launchChromium } from "./harness.ts";
import { screenshot } from "./page-checks.ts";

const ARTIFACTS = resolve(import.meta.dirname, "..", "..", "test-artifacts");

describe("the club board", () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => undefined);
  });

  it("shows 10 live tiles, and a result at a table reaches its tile", async () => {
    const port = await freePort();
    const club: ClubHost = await startClubHost({
      broker: { kind: "embedded", port },
      dbFile: join(tempDir(), "club.sqlite"),
      logger: quiet,
    });
    cleanup.push(() => club.close());
    const app = await buildClubApp(club, quiet);
    cleanup.push(() => app.close());
    await app.listen({ port: 0, host: "127.0.0.1" });
    const addr = app.server.address();
    const url = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
    const tables = Array.from({ length: 10 }, (_, i) => new SimTable(`table-${i + 1}`, `mqtt://127.0.0.1:${port}`));
    cleanup.push(() => Promise.all(tables.map((t) => t.close())));
    tables.forEach((t, i) => {
      for (let k = 0; k <= i % 3; k++) t.step();
    });

    const browser = await launchChromium();
    cleanup.push(() => browser.close());
    const page = await browser.newPage();
    await page.goto(`${url}/club`);
    await page.waitForFunction(() => document.querySelectorAll(".tile.online").length === 10, null, { timeout: 20_000 });
    const tile = page.locator('.tile[data-table="table-4"]');
    const before = await tile.locator(".records").textContent();

    tables[3]?.step();
    await page.waitForFunction((was) => document.querySelector('.tile[data-table="table-4"] .records')?.textContent !== was, before, {
      timeout: 10_000,
    });
    const last = tables[3]?.session.records.at(-1);
    await expect.poll(() => tile.locator(".result").textContent(), { timeout: 10_000 }).toBe(last?.description);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.waitForTimeout(500); // the throttled state (ships afloat) follows the event
    await screenshot(page, join(ARTIFACTS, "club-board-1920.png"));
    // a table that forges a result: its tile says the board did not count it, and why
    const forger = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0 });
    cleanup.push(() => forger.endAsync(true));
    const forged = honestGame("g9-abc", 3);
    (forged.records[1] as { outcome: Record<string, unknown> }).outcome = { hits: 50 };
    await forger.publishAsync("quarterdeck/test-club/table-11/status", "online", { qos: 1, retain: true });
    await forger.publishAsync("quarterdeck/test-club/table-11/start", JSON.stringify(forged.start), { qos: 1 });
    for (const r of forged.records) await forger.publishAsync("quarterdeck/test-club/table-11/events", JSON.stringify(r), { qos: 1 });
    const note = page.locator('.tile[data-table="table-11"] .forged');
    await expect.poll(() => note.textContent(), { timeout: 10_000 }).toMatch(/Not counted — record #2: its dice give another result/);
    // polled: a board push may replace the tile between finding the note and reading its style (once in CI: NaN)
    await expect
      .poll(async () => Number.parseFloat(await note.evaluate((e) => window.getComputedStyle(e).fontSize).catch(() => "")), {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(16);
    await screenshot(page, join(ARTIFACTS, "club-board-forged-1920.png"));
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, join(ARTIFACTS, "club-board-phone.png"));
  }, 90_000);
});
