/**
 * Club data files from the browser (issue 28 item 3): on /games/new a Quickfire chart with a bad value is named by
 * its line and key and nothing is kept (no game, no data); a good chart goes with the game created, and the game's
 * exported table file carries it; a club's globals.c for WS&IM with a bad table is named by its line and table.
 * The page read on a phone and at 1280×800 and 1920×1080, axe clean; screenshots in test-artifacts/club-data-*.png.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, freshDataDir, type HostProcess, launchChromium, startHost } from "./harness.ts";
import { axeViolations, screenshot, smallTargets, smallText } from "./page-checks.ts";

const ROOT = resolve(import.meta.dirname, "..", "..");
const ARTIFACTS = join(ROOT, "test-artifacts");
const CHART = readFileSync(join(ROOT, "src/rulesets/quickfire/house-chart.json"), "utf8");
const GLOBALS = readFileSync(join(ROOT, "test/host/import/fixtures/globals.c"), "utf8");
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

let host: HostProcess;
let browser: BrowserContext;
let page: Page;
let dir: string;
const games = async () => (await call(`${host.url}/api/games`)).json as unknown as { id: number; title: string }[];
const write = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

async function checkPage(p: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await p.setViewportSize(size);
    await p.waitForTimeout(100);
    if (size.width === 390) {
      expect(await smallText(p, 16), `${name} text on the phone`).toEqual([]);
      expect(await smallTargets(p, 44), `${name} touch targets on the phone`).toEqual([]);
      expect(await p.evaluate(() => document.documentElement.scrollWidth), `${name} fits the phone's width`).toBeLessThanOrEqual(390);
    }
    await screenshot(p, join(ARTIFACTS, `club-data-${name}-${size.width}x${size.height}.png`), { fullPage: true });
  }
  expect(await axeViolations(p), `axe on ${name}`).toEqual([]);
  await p.setViewportSize(SIZES[0]);
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  dir = freshDataDir();
  host = await startHost(dir);
  browser = await launchChromium();
  page = await browser.newPage();
  page.on("pageerror", (e) => console.log("pageerror:", e.message));
  await page.setViewportSize(SIZES[0]);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

describe("a club's data file on /games/new", { timeout: 120_000 }, () => {
  it("a bad chart is named by line and key and nothing is kept; a good one goes with the game and its table file", async () => {
    await page.goto(`${host.url}/games/new`);
    await page.waitForSelector("body[data-ready]");
    await page.selectOption("#ruleset", "quickfire");
    await page.check("input[name=scenario][value=quickfire]");
    const before = (await games()).length;
    await page.setInputFiles(
      "#data-file-input",
      write("club-chart.json", CHART.replace('{ "percent": 50, "hits": 5 }', '{ "percent": 50, "hits": "five" }')),
    );
    const row = page.locator("#data-file-errors li");
    await row.waitFor();
    expect(await row.getAttribute("data-line")).toBe("7");
    expect(await row.getAttribute("data-key")).toBe("gunnery[2].hits");
    expect(await row.textContent()).toBe('Line 7, gunnery[2].hits: gunnery[2].hits expected integer; got "five".');
    expect(await page.locator("#data-file-said").textContent()).toMatch(/None chosen/);
    await checkPage(page, "bad-chart");
    expect((await games()).length).toBe(before);

    await page.setInputFiles("#data-file-input", write("club-chart.json", CHART.replace('"hits": 7', '"hits": 6')));
    await expect
      .poll(() => page.locator("#data-file-said").textContent())
      .toMatch(/club-chart\.json goes with the game \(read: label, provenance, gunnery/);
    expect(await page.locator("#data-file-errors").count()).toBe(0);
    await page.fill("#title", "Club chart night");
    await checkPage(page, "good-chart");
    await page.click("#create");
    await page.locator("#open-now").waitFor();
    const created = (await games()).find((g) => g.title === "Club chart night");
    expect(created).toBeDefined();
    const file = await (await fetch(`${host.url}/api/games/${created?.id}/table-file`)).text();
    expect(file).toMatch(/^data:\n {2}label: house default/m);
    expect(file).toMatch(/- percent: 100\n {6}hits: 6\n/);
  });

  it("a club's globals.c for WS&IM: a bad table is named by its line and table; a good one is converted", async () => {
    await page.goto(`${host.url}/games/new`);
    await page.waitForSelector("body[data-ready]");
    await page.selectOption("#ruleset", "wsim-battle-v3");
    await page.setInputFiles("#data-file-input", write("globals.c", GLOBALS.replace(/\{ *[0-9]/, "{ x")));
    const row = page.locator("#data-file-errors li");
    await row.waitFor();
    expect(await row.getAttribute("data-line")).toBe("23");
    expect(await row.getAttribute("data-key")).toBe("RigTable");
    await page.setInputFiles("#data-file-input", write("globals.c", GLOBALS));
    await expect
      .poll(() => page.locator("#data-file-said").textContent())
      .toMatch(/globals\.c goes with the game \(converted from globals\.c; read: /);
    await checkPage(page, "globals");
  });
});
