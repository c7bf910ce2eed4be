/**
 * Issue 39 item 5 in a real browser against the real host: a copy of the game file kept beside it (as the host keeps
 * one when the file is deleted or replaced under it) is named on /games with its games, and Restore brings them
 * into the list, where the game opens as it was. Read on a 390×844 phone (text ≥ 16 px, touch targets ≥ 44 px) and
 * at 1280×800 and 1920×1080, with no serious or critical axe-core violations. Screenshots in
 * test-artifacts/games-rescued-*.png.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqliteStore } from "../../host/store/sqlite-store.ts";
import { demoSetup } from "../host/helpers.ts";
import { call, freshDataDir, type HostProcess, launchChromium, startHost } from "./harness.ts";
import { axeViolations, screenshot, smallTargets, smallText } from "./page-checks.ts";

const ARTIFACTS = resolve(import.meta.dirname, "..", "..", "test-artifacts");
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
const KEPT = 1_796_666_400_000;

let host: HostProcess;
let browser: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  const dir = freshDataDir();
  // the copy a host kept of its game file: one game, its title a club's
  const setup = demoSetup();
  const copy = new SqliteStore(join(dir, `quarterdeck.sqlite.rescued-${KEPT}`));
  copy.createGame({ ruleset: setup.ruleset.id, title: "Tuesday's Sole Bay", start: setup.start, data: null }, KEPT - 3_600_000);
  copy.close();
  host = await startHost(dir);
  browser = await launchChromium();
  page = await browser.newPage();
  page.on("pageerror", (e) => console.log("pageerror:", e.message));
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

describe("a rescued copy on /games", { timeout: 120_000 }, () => {
  it("is named with its games, and Restore brings them into the list", async () => {
    await page.setViewportSize(SIZES[0]);
    await page.goto(`${host.url}/games`);
    const item = page.locator(`[data-copy="quarterdeck.sqlite.rescued-${KEPT}"]`);
    await item.waitFor();
    expect(await item.textContent()).toMatch(/Tuesday's Sole Bay: 0 results/);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.waitForTimeout(100);
      if (size.width === 390) {
        expect(await smallText(page, 16), "text on the phone").toEqual([]);
        expect(await smallTargets(page, 44), "touch targets on the phone").toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
      await screenshot(page, join(ARTIFACTS, `games-rescued-${size.width}x${size.height}.png`), { fullPage: true });
    }
    expect(await axeViolations(page)).toEqual([]);
    await item.getByRole("button", { name: "Restore its games" }).click();
    await page.locator(".rescued").waitFor({ state: "detached" });
    const titles = ((await call(`${host.url}/api/games`)).json as unknown as { title: string }[]).map((g) => g.title);
    expect(titles).toContain("Tuesday's Sole Bay");
    await page.locator("[data-game]", { hasText: "Tuesday's Sole Bay" }).waitFor();
  });
});
