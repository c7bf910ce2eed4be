/**
 * Issue 43 items 1, 2 and 4 in a real browser against the real host (the demo, Sole Bay): in the movement phase a ship
 * tapped has her reach drawn on the display's map and /control's; moved on the emulated table, her move is said in
 * words on the display with its path drawn; moved beyond her allowance, the display names the fault with its figures
 * and says what to fix. At 1920×1080 and on a phone (390×844); screenshots in test-artifacts/.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoSetup, uidOf } from "../host/helpers.ts";
import { call, devicesUp, type HostProcess, type OpenDisplay, openDisplay, until } from "./harness.ts";
import { screenshot } from "./page-checks.ts";

const ARTIFACTS = resolve(import.meta.dirname, "..", "..", "test-artifacts");
const setup = demoSetup();
const IN = 25.4;
let t: OpenDisplay;
let host: HostProcess;
let display: Page;

const sim = (what: string, body: unknown) => call(`${host.url}/api/sim/${what}`, "POST", body);
const WAIT = { timeout: 15_000, interval: 50 };

/** The reach's outline as drawn, in the page's pixels, and whether it lies inside the map's box. */
async function reachDrawn(page: Page): Promise<{ width: number; height: number; inside: boolean }> {
  return page.evaluate(() => {
    const r = document.querySelector("#map-reach")?.getBoundingClientRect();
    const m = document.querySelector(".map-box")?.getBoundingClientRect();
    if (!r || !m) return { width: 0, height: 0, inside: false };
    return {
      width: r.width,
      height: r.height,
      inside: r.left >= m.left - 1 && r.right <= m.right + 1 && r.top >= m.top - 1 && r.bottom <= m.bottom + 1,
    };
  });
}

/** Boxes holding text whose content overflows them, and whether the page scrolls (the display fits itself). */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = Array.from(document.querySelectorAll("#action, #move-line, #map, #result"))
      .filter((e) => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1)
      .map((e) => `#${e.id} ${e.scrollWidth}×${e.scrollHeight} in ${e.clientWidth}×${e.clientHeight}`);
    const d = document.documentElement;
    if (d.scrollHeight > d.clientHeight + 1) out.push(`the page scrolls: ${d.scrollHeight} in ${d.clientHeight}`);
    return out;
  });
}

beforeAll(async () => {
  t = await openDisplay({ ready: (s) => devicesUp(12)(s) && (s.table?.ships.length ?? 0) === 12 });
  ({ host, display } = t);
  display.on("pageerror", (e) => console.log("display pageerror:", e.message));
}, 90_000);

afterAll(async () => {
  await t?.close();
});

describe("a move on the maps", { timeout: 120_000 }, () => {
  it("tapped in the movement phase: her reach is drawn; moved, her move is said and its path drawn; too far, what to fix", async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    expect((await t.post("/api/phase/next", {})).status).toBe(200);
    await sim("tap", { reader: "reader-1", uid: uidOf(setup, "henry") });
    await sim("lift", { reader: "reader-1" });
    await display.locator("#map #map-reach[data-ship=henry]").waitFor();
    const drawn = await reachDrawn(display);
    expect(drawn.inside).toBe(true);
    expect(Math.min(drawn.width, drawn.height)).toBeGreaterThan(5);
    const henry = (await t.state()).table?.ships.find((s) => s.id === "henry");
    if (!henry) throw new Error("Henry is not on the table");
    const rad = (henry.heading * Math.PI) / 180;
    const ahead = (inches: number) => ({ x: henry.x + inches * IN * Math.sin(rad), y: henry.y + inches * IN * Math.cos(rad) });
    await sim("move", { ship: "henry", ...ahead(3), heading: henry.heading });
    await expect.poll(() => display.locator("#move-line .move-words").textContent(), WAIT).toMatch(/^Henry moved 3″ of her \d+″, no turn$/);
    await display.locator("#map #map-move-path").waitFor({ state: "attached" });
    await screenshot(display, join(ARTIFACTS, "move-reach-1920.png"));

    const allowance = (await t.state()).move?.allowance ?? 0;
    await sim("move", { ship: "henry", ...ahead(allowance + 1), heading: henry.heading });
    // one sentence with each figure once, then what to fix
    await expect
      .poll(() => display.locator("#move-line .move-words").textContent(), WAIT)
      .toBe(`Henry moved ${allowance + 1}″ — her allowance is ${allowance}″.`);
    expect(await display.locator("#move-fix").textContent()).toBe("Put her back within the shaded area on the map.");
    expect(await display.locator("#move-line").getAttribute("data-legal")).toBe("false");
    await screenshot(display, join(ARTIFACTS, "move-illegal-1920.png"));

    // the table's edge at smaller screens: the move's words and the action fit their panel, the page does not scroll
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1024, height: 600 },
    ]) {
      await display.setViewportSize(size);
      await expect.poll(() => overflows(display), WAIT).toEqual([]);
      // the words point at the shaded area on the map: the map stays on screen in the movement phase, the reach in it
      await expect.poll(async () => (await reachDrawn(display)).inside, WAIT).toBe(true);
      await screenshot(display, join(ARTIFACTS, `move-illegal-${size.width}.png`));
    }

    // the phone: the display and /control, each with the reach inside its map
    await display.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await reachDrawn(display)).inside, WAIT).toBe(true);
    await screenshot(display, join(ARTIFACTS, "move-reach-display-390.png"), { fullPage: true });
    await display.locator("#map").screenshot({ path: join(ARTIFACTS, "move-reach-display-390-map.png") });
    const control = await t.browser.newPage();
    await control.setViewportSize({ width: 390, height: 844 });
    await control.goto(`${host.url}/control`);
    await control.locator("#map-reach[data-ship=henry]").waitFor();
    expect((await reachDrawn(control)).inside).toBe(true);
    expect(await control.locator("#map #move-line .move-words").textContent()).toBe(
      `Henry moved ${allowance + 1}″ — her allowance is ${allowance}″.`,
    );
    await screenshot(control, join(ARTIFACTS, "move-reach-control-390.png"), { fullPage: true });
    await control.locator("#map").screenshot({ path: join(ARTIFACTS, "move-reach-control-390-map.png") });
    await control.setViewportSize({ width: 1920, height: 1080 });
    await expect.poll(async () => (await reachDrawn(control)).inside, WAIT).toBe(true);
    await screenshot(control, join(ARTIFACTS, "move-reach-control-1920.png"));
    await control.close();
    await until(t.state, (s) => s.move !== null);
  });
});
