/**
 * /camera on the demo with no camera (docs/camera.md "On the demo"): the page gives way to the demo's rendered
 * table (`GET /api/sim/camera-frame`), says in words that it is not a camera, and its worker finds, measures and
 * sends every ship as from a camera; a ship moved on the emulated table is sent again where she went, within ±2 mm.
 * The markers' labels over the view never lie one over another.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableView } from "../../host/server/view-schema.ts";
import { call, freshDataDir, type HostProcess, launchChromium, startHost, until } from "./harness.ts";

let host: HostProcess;
let browser: BrowserContext;
let page: Page;

const state = async () => (await call(`${host.url}/api/state`)).json as TableView;

beforeAll(async () => {
  host = await startHost(freshDataDir());
  await until(state, (s) => (s.table?.ships.length ?? 0) === 12);
  // a chromium with no camera: the media prompt answered, no fake device
  browser = await launchChromium(["--use-fake-ui-for-media-stream"]);
  page = await browser.newPage();
  page.on("pageerror", (e) => console.log("camera pageerror:", e.message));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

/** The position the page last sent for a ship (its Ships table's "Sent to the table" cell). */
const sent = async (ship: string) => {
  const cell = page.locator(`tr[data-ship="${ship}"] td.sent`);
  const [x, y] = [await cell.getAttribute("data-x"), await cell.getAttribute("data-y")];
  return x && y ? { x: Number(x), y: Number(y) } : null;
};

describe("/camera on the demo with no camera", { timeout: 120_000 }, () => {
  it("uses the demo's rendered table, says so, and sends every ship; a moved ship is sent where she went", async () => {
    await page.goto(`${host.url}/camera`);
    await page.locator('.camera-view[data-source="demo"]').waitFor({ timeout: 30_000 });
    expect(await page.locator("#camera-demo").innerText()).toMatch(/the demo's rendered table, not a camera/);
    const ships = (await state()).table?.ships ?? [];
    expect(ships.length).toBe(12);
    for (const s of ships) {
      const got = await until(
        () => sent(s.id),
        (p) => p !== null,
        60_000,
      );
      expect(Math.hypot((got?.x ?? 0) - s.x, (got?.y ?? 0) - s.y), s.id).toBeLessThan(2);
    }
    await call(`${host.url}/api/sim/move`, "POST", { ship: "gouda", x: 1500, y: 1000, heading: 200 });
    const moved = await until(
      () => sent("gouda"),
      (p) => p !== null && Math.hypot(p.x - 1500, p.y - 1000) < 2,
      30_000,
    );
    expect(Math.hypot((moved?.x ?? 0) - 1500, (moved?.y ?? 0) - 1000)).toBeLessThan(2);
  });

  it("labels the markers over the view without one label over another (the demo's fleets stand a base apart)", async () => {
    type Box = { text: string; x0: number; y0: number; x1: number; y1: number };
    const labels = await until(
      async () => JSON.parse((await page.locator("canvas").first().getAttribute("data-labels")) ?? "[]") as Box[],
      (ls) => ls.length >= 20,
      30_000,
    );
    // the eight references and the twelve ships, each labelled (in full, or its number where a full label finds no room)
    expect(labels.length).toBe(20);
    for (const [i, a] of labels.entries())
      for (const b of labels.slice(i + 1))
        expect(a.x1 <= b.x0 || b.x1 <= a.x0 || a.y1 <= b.y0 || b.y1 <= a.y0, `${a.text} over ${b.text}`).toBe(true);
    expect(labels.filter((l) => /^\d+ \S/.test(l.text)).length, "most ships named in full").toBeGreaterThanOrEqual(8);
  });
});
