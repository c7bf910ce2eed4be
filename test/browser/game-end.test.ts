/**
 * Issue 24 items 4 and 8 at the table: a 1666 squadron with no flagship marked is said on the display when its game
 * opens; the organiser's End shows "Game over — English win" with each side's ships, is put in the live region the
 * display speaks from, and reaches /control, /games and the after-action report (phone size too). Screenshots at 1920×1080 and
 * 1280×800, /games and the report at 390×844.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devicesUp, type HostProcess, type OpenDisplay, openDisplay } from "./harness.ts";
import { smallText } from "./page-checks.ts";

const ARTIFACTS = resolve(import.meta.dirname, "..", "..", "test-artifacts");
const WAIT = { timeout: 15_000 };

let t: OpenDisplay;
let host: HostProcess;
let browser: BrowserContext;
let display: Page;
const post = (path: string, body?: unknown) => t.post(path, body);
const ship = (id: string, name: string, more: Record<string, unknown> = {}) => ({
  id,
  name,
  nation: "english",
  guns: 70,
  hullPoints: 26,
  firePoints: 6,
  ...more,
});
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, name), fullPage: true });

beforeAll(async () => {
  t = await openDisplay({ args: ["--scenario", "sole-bay-1672"], ready: devicesUp(9) });
  ({ host, browser, display } = t);
  mkdirSync(ARTIFACTS, { recursive: true });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("the end of a game on the display", { timeout: 90_000 }, () => {
  let id = 0;
  it("a 1666 squadron with no flagship marked is said when its game opens", async () => {
    const created = await post("/api/games", {
      ruleset: "anglo-dutch-1666",
      title: "Lowestoft, 1665",
      fleets: [
        { side: "English", ships: [ship("royal-charles", "Royal Charles"), ship("henrietta", "Henrietta")] },
        { side: "Dutch", ships: [ship("eendracht", "Eendracht", { nation: "dutch", flagship: true })] },
      ],
      players: [
        { side: "English", name: "Ann" },
        { side: "Dutch", name: "Bram" },
      ],
    });
    expect(created.status).toBe(201);
    id = (created.json as { id: number }).id;
    expect((created.json as { warnings: string[] }).warnings).toHaveLength(1);
    await post(`/api/games/${id}/open`);
    const warning = display.locator("#setup-warnings li");
    await warning.waitFor(WAIT);
    expect(await warning.textContent()).toMatch(/^The English squadron has no flagship marked, so it rolls initiative at −1 every move/);
    expect(await smallText(display, 16, "#setup-warnings")).toEqual([]);
    await shot(display, "setup-warning-1666-1920x1080.png");
  });

  it("the organiser's End: game over on the display with each side's ships, said in the live region, at both sizes", async () => {
    expect((await post(`/api/games/${id}/end`, { winner: "English" })).status).toBe(200);
    const over = display.locator("#game-over");
    await over.waitFor(WAIT);
    expect(await over.textContent()).toBe("Game over — English win");
    expect(await display.locator("#game-over-reason").textContent()).toBe("Ended by the organiser, who named English the winner.");
    expect(await display.locator(".game-over-sides li").allTextContents()).toEqual(["English: 2 of 2 afloat", "Dutch: 1 of 1 afloat"]);
    await expect
      .poll(() => display.locator("#announce").textContent(), WAIT)
      .toBe("Game over — English win. Ended by the organiser, who named English the winner.");
    const size = await over.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(32);
    await shot(display, "game-over-1920x1080.png");
    await display.setViewportSize({ width: 1280, height: 800 });
    const clipped = await display.locator("#action").evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(clipped).toBe(false);
    await shot(display, "game-over-1280x800.png");
  });

  it("/games and the report say it, at phone size", async () => {
    const phone = await browser.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${host.url}/games`);
    const card = phone.locator(`[data-game='${id}']`);
    await card.waitFor(WAIT);
    expect(await card.locator(".winner").textContent()).toBe("English");
    expect(await card.locator(".end-reason").textContent()).toBe("Ended by the organiser, who named English the winner.");
    const wide = await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    expect(wide).toBe(false);
    await shot(phone, "games-ended-390x844.png");
    await phone.goto(`${host.url}/control`);
    const control = phone.locator("#game-over");
    await control.waitFor(WAIT);
    expect(await control.textContent()).toBe("Game over — English win — Ended by the organiser, who named English the winner.");
    await shot(phone, "control-ended-390x844.png");
    await phone.goto(`${host.url}/api/games/${id}/report`);
    expect(await phone.locator("#result").textContent()).toBe("Game over — English win");
    expect(await phone.locator("#game").textContent()).toContain("English: Ann; Dutch: Bram");
    const reportWide = await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    expect(reportWide).toBe(false);
    await shot(phone, "report-ended-390x844.png");
    await phone.close();
  });
});
