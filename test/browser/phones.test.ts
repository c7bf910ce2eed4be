/**
 * The phone pages on a 390×844 phone (issue 26 item 4): /devices fits the phone's width, says first how many devices
 * need attention and each problem in words with its remedy, keeps the emulators' controls in their own panel; the
 * axe-core check on it stays clean. /control answers a refusal beside the field that caused it, in view and in the
 * players' words. The new-game wizard makes ids from names, offers sides as choices, names fields by their labels,
 * drops an error once it no longer applies, and has steps for the rule set's options and the starting wind. The
 * night's log pages back through every result of the game with its dice, on the display, driven from /control.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableView } from "../../host/server/view-schema.ts";
import { LOG_PAGE_SIZE } from "../../host/session/view.ts";
import { call, freshDataDir, type HostProcess, launchChromium, startHost, until } from "./harness.ts";
import { axeViolations, smallTargets, smallText } from "./page-checks.ts";

const ARTIFACTS = resolve(import.meta.dirname, "..", "..", "test-artifacts");
const PHONE = { width: 390, height: 844 };
const WAIT = { timeout: 15_000, interval: 50 };
let host: HostProcess;
let browser: BrowserContext;

const state = async () => (await call(`${host.url}/api/state`)).json as unknown as TableView;
const sim = (what: string, body: unknown) => call(`${host.url}/api/sim/${what}`, "POST", body);

/** The page's width beyond the viewport (0: no sideways scroll). */
const overflowX = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  host = await startHost(freshDataDir());
  await until(state, (s) => s.devices.filter((d) => d.connected).length >= 12, 30_000);
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

describe("/devices on a phone", { timeout: 90_000 }, () => {
  it("has no sideways scroll, sums up the problems at the top in words with their remedies, and keeps the emulators apart", async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${host.url}/devices`);
    await page.locator("[data-device=pixel-1]").waitFor();
    await expect.poll(() => page.locator("#summary-h").textContent(), WAIT).toMatch(/^All \d+ devices are ready\.$/);

    // a die reconnecting and a reader missing: two devices need attention, said first
    await sim("disconnect", { device: "reader-2" });
    await sim("disconnect", { device: "pixel-2" });
    await expect.poll(() => page.locator("#summary-h").textContent(), WAIT).toBe("2 devices need attention");
    const problems = await page.locator("#summary .problems li").allTextContents();
    expect(problems).toHaveLength(2);
    // each device by its name in the table file, never its id
    const names = new Map((await state()).devices.map((d) => [d.id, d.name]));
    expect(problems.join("\n")).toContain(`${names.get("reader-2")} (PN532 NFC reader): Not found`);
    expect(problems.join("\n")).toContain(`${names.get("pixel-2")} (white Pixels die): Not connected yet`);
    expect(problems.join("\n")).not.toMatch(/reader-2|pixel-2/);
    for (const p of problems) expect(p).toMatch(/press Plug in under Emulated devices/);
    // the driver's message is kept, folded away, never the headline
    expect(problems.join("\n")).not.toMatch(/ENOENT|EIO|Error:|\/emulated/);
    expect(await page.locator("[data-device=reader-2] .device-problem details .detail").textContent()).toMatch(/\/emulated\/reader-2/);
    // the summary is at the top of the page: in the first screen
    const box = await page.locator("#summary").boundingBox();
    expect((box?.y ?? 1e9) + 40).toBeLessThan(PHONE.height);

    expect(await overflowX(page), "sideways scroll at 390 px").toBeLessThanOrEqual(0);
    expect(await smallTargets(page, 44), "touch targets").toEqual([]);

    // the emulators' controls are in their own panel, none in the devices' cards
    expect(await page.locator("#devices button", { hasText: /Unplug|Plug in|Roll|^Tap$/ }).count()).toBe(0);
    expect(await page.locator("#emulators [data-sim=reader-2] button", { hasText: "Plug in" }).count()).toBe(1);
    // the docs' word: Identify (on dice, which can blink), never "Blink"
    expect(await page.locator("[data-device=pixel-1] button", { hasText: "Identify" }).count()).toBe(1);
    expect(await page.locator("button", { hasText: "Blink" }).count()).toBe(0);
    await page.locator("[data-device=pixel-1] button", { hasText: "Identify" }).click();
    await expect.poll(() => page.locator("[data-device=pixel-1] [role=status]").textContent(), WAIT).toMatch(/blinks/);

    expect(await axeViolations(page), "axe on /devices").toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, "devices-390x844.png"), fullPage: true });

    // plugged back in from the emulators' panel: all ready again
    await page.locator("#emulators [data-sim=reader-2] button", { hasText: "Plug in" }).click();
    await page.locator("#emulators [data-sim=pixel-2] button", { hasText: "Plug in" }).click();
    await expect.poll(() => page.locator("#summary-h").textContent(), WAIT).toMatch(/^All \d+ devices are ready\.$/);
    await page.close();
  });
});

/** Whether the element is wholly inside the viewport. */
const inView = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
  });

describe("/control on a phone", { timeout: 90_000 }, () => {
  it("shows a refusal beside the field that caused it, scrolled into view, in the players' words", async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${host.url}/control`);
    await page.waitForSelector("body[data-version]");

    // the action's range, refused by the rules: said under the range field, which the person sees
    await page.locator("#type").selectOption("broadside");
    await page.locator("#field-firer").selectOption("royal-james");
    await page.locator("#field-target").selectOption("gouda");
    await page.locator("#field-rangeInches").fill("400");
    await page.locator("#fields button[type=submit]").click();
    await expect.poll(() => page.locator("#field-rangeInches-error").textContent(), WAIT).toMatch(/broadsides reach 12" at most/);
    expect(await page.locator("#field-rangeInches").getAttribute("aria-invalid")).toBe("true");
    expect(await inView(page, "#field-rangeInches-error")).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, "control-field-error-390x844.png") });

    // a range within reach: the dice are asked; typed dice that are not faces are answered beside the dice field
    await page.locator("#field-rangeInches").fill("4");
    await page.locator("#fields button[type=submit]").click();
    await expect.poll(() => page.locator("#dice-needed").textContent(), WAIT).toMatch(/^10 still needed/);
    expect(await page.locator("#field-rangeInches-error").textContent()).toBe("");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator("#dice-values").fill("4.5");
    await page.getByRole("button", { name: "Enter dice" }).click();
    await expect
      .poll(() => page.locator("#dice-error").textContent(), WAIT)
      .toBe("“4.5” is not a die's face: type whole numbers, like 4 6 1.");
    expect(await inView(page, "#dice-error")).toBe(true);
    const field = await page.locator("#dice-values").boundingBox();
    const error = await page.locator("#dice-error").boundingBox();
    // beside the field: right under its form, not at the top of the page
    expect((error?.y ?? 0) - ((field?.y ?? 0) + (field?.height ?? 0))).toBeLessThan(120);
    expect(error?.y ?? 0).toBeGreaterThan(field?.y ?? 0);

    await page.locator("#dice-values").fill("1 2 3 4 5 6 1 2 3 4 5");
    await page.getByRole("button", { name: "Enter dice" }).click();
    await expect
      .poll(() => page.locator("#dice-error").textContent(), WAIT)
      .toBe("Only 10 more dice are needed, and 11 numbers were typed.");
    // a face the die does not have: the host's answer, in words
    await page.locator("#dice-values").fill("9");
    await page.getByRole("button", { name: "Enter dice" }).click();
    await expect.poll(() => page.locator("#dice-error").textContent(), WAIT).toBe("Die 1 is a d6: it shows 1 to 6, not 9.");
    expect(await inView(page, "#dice-error")).toBe(true);
    // typing again clears it
    await page.locator("#dice-values").fill("6");
    expect(await page.locator("#dice-error").textContent()).toBe("");
    expect(await page.locator("#error").count()).toBe(0);
    expect(await axeViolations(page), "axe on /control").toEqual([]);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.close();
  });
});

describe("the new-game wizard on a phone", { timeout: 90_000 }, () => {
  it("makes ids from names, offers sides, clears a stale error, names fields by their labels, sets options and wind", async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${host.url}/games/new`);
    await page.waitForSelector("body[data-ready]");
    await page.selectOption("#ruleset", "sole-bay-1672");
    await page.click("#create");
    await expect.poll(() => page.locator("#create-error").textContent(), WAIT).toMatch(/^The game has no ships/);

    await page.locator("details.add-ship summary").click();
    expect(await page.locator("#ship-id").count(), "no id to invent").toBe(0);
    await page.fill("#ship-side", "English");
    await page.fill("#ship-name", "Royal James");
    await page.fill("#ship-rating", "9");
    await page.selectOption("#ship-speed", "slow");
    await page.selectOption("#ship-hull", "stout");
    await page.click(".ship-form button[type=submit]");
    // the field by its label ("Rate"), never its key ("rating")
    await expect.poll(() => page.locator("#ship-rating-error").textContent(), WAIT).toMatch(/^Rate must be at least 1 and at most 4/);
    await page.fill("#ship-rating", "2");
    expect(await page.locator("#ship-rating-error").textContent(), "gone once the field changes").toBe("");
    await page.click(".ship-form button[type=submit]");
    await page.locator(".fleet-list li[data-ship=royal-james]").waitFor();
    // the stale "no ships" error is gone the moment a ship is listed
    expect(await page.locator("#create-error").textContent()).toBe("");

    // the side is a choice among the sides there are, or a new one; a second Royal James gets an id of her own
    expect(await page.locator("#ship-side").evaluate((e) => e.tagName)).toBe("SELECT");
    expect(await page.locator("#ship-side option").allTextContents()).toEqual(["English", "a new side…"]);
    await page.selectOption("#ship-side", { label: "a new side…" });
    await page.fill("#ship-side", "Dutch");
    await page.fill("#ship-name", "Royal James");
    // every field of the last ship was cleared (issue 38): this one's are given again
    await page.fill("#ship-rating", "2");
    await page.selectOption("#ship-speed", "slow");
    await page.selectOption("#ship-hull", "stout");
    await page.click(".ship-form button[type=submit]");
    await page.locator(".fleet-list li[data-ship=royal-james-2]").waitFor();
    expect(await page.locator(".fleet-block[data-side=Dutch] li").count()).toBe(1);

    // the rule set's options and the starting wind
    await page.locator("#options summary").click();
    await page.check("#setting-deathDice");
    expect(await page.locator("#options summary").textContent()).toMatch(/^1 option changed/);
    expect(await page.locator("#wind-windward option").allTextContents()).toEqual(["the default", "N", "E", "S", "W"]);
    await page.selectOption("#wind-windward", "N");
    expect(await overflowX(page), "sideways scroll at 390 px").toBeLessThanOrEqual(0);
    expect(await axeViolations(page), "axe on /games/new").toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, "new-game-390x844.png"), fullPage: true });
    await page.fill("#title", "Phones night");
    await page.click("#create");
    await page.locator("#created").waitFor();

    const games = (await call(`${host.url}/api/games`)).json as unknown as { id: number; title: string }[];
    const id = games.find((g) => g.title === "Phones night")?.id;
    const file = await (await fetch(`${host.url}/api/games/${id}/table-file`)).text();
    expect(file).toMatch(/id: royal-james\n/);
    expect(file).toMatch(/id: royal-james-2\n/);
    expect(file).toMatch(/windward: N/);
    expect(file).toMatch(/deathDice: true/);
    await page.close();
  });

  it("refuses a ship id with a space", async () => {
    const r = await call(`${host.url}/api/games`, "POST", {
      ruleset: "sole-bay-1672",
      fleets: [{ side: "A", ships: [{ id: "royal james", name: "Royal James", rating: 2, speed: "slow", hull: "stout" }] }],
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.json)).toMatch(/has a space; an id is one word/);
  });
});

describe("the night's log at the table", { timeout: 120_000 }, () => {
  it("pages back through every result with its dice on the display, from /control, and closes", async () => {
    // a fresh game on the table: one broadside with its dice (and what the rules demand after it), then winds set by hand
    const made = await call(`${host.url}/api/games`, "POST", { ruleset: "sole-bay-1672", scenario: "sole-bay-1672", title: "Log night" });
    expect(made.status).toBe(201);
    await call(`${host.url}/api/games/${made.json.id}/open`, "POST", {});
    await until(state, (s) => s.title === "Log night", 15_000);
    await call(`${host.url}/api/draft`, "POST", { type: "broadside", values: { firer: "royal-james", target: "gouda", rangeInches: 4 } });
    await call(`${host.url}/api/dice/software`, "POST", {});
    for (let i = 0; i < 3 && (await state()).pending; i++) await call(`${host.url}/api/dice/software`, "POST", {});
    for (const windward of ["N", "E", "S", "W", "N", "E", "S", "W", "N", "E", "S", "W", "N", "E", "S", "W"])
      expect((await call(`${host.url}/api/actions`, "POST", { action: { type: "set-wind", windward } })).status).toBe(200);
    const total = (await call(`${host.url}/api/log?page=0&size=${LOG_PAGE_SIZE}`)).json.total as number;
    expect(total).toBeGreaterThanOrEqual(2 * LOG_PAGE_SIZE + 1);
    const pages = Math.ceil(total / LOG_PAGE_SIZE);

    const display = await browser.newPage();
    await display.setViewportSize({ width: 1280, height: 800 });
    await display.goto(`${host.url}/`);
    await display.waitForSelector("body[data-version]");
    const phone = await browser.newPage();
    await phone.setViewportSize(PHONE);
    await phone.goto(`${host.url}/control`);
    await phone.waitForSelector("body[data-version]");

    await phone.locator("#log-open").click();
    await display.locator("#night-log").waitFor();
    await expect
      .poll(() => display.locator("#log-page").textContent(), WAIT)
      .toBe(`Results ${total - LOG_PAGE_SIZE + 1} to ${total} of ${total} · page 1 of ${pages}`);
    expect(await display.locator("#night-log .log-entry").evaluateAll((l) => l.map((e) => Number(e.getAttribute("data-number"))))).toEqual(
      Array.from({ length: LOG_PAGE_SIZE }, (_, i) => total - i),
    );
    await display.screenshot({ path: join(ARTIFACTS, "night-log-1280x800-newest.png") });
    await display.setViewportSize({ width: 1920, height: 1080 });
    await display.screenshot({ path: join(ARTIFACTS, "night-log-1920x1080-newest.png") });
    await display.setViewportSize({ width: 1280, height: 800 });
    // the phone shows the same page, and pages the display back to the first result
    const older = phone.locator("#log-control button", { hasText: "Older" });
    for (let p = 1; p < pages; p++) await older.click();
    await expect
      .poll(() => display.locator("#log-page").textContent(), WAIT)
      .toMatch(new RegExp(`of ${total} · page ${pages} of ${pages}$`));
    await display.locator("#night-log .log-entry[data-number='1']").waitFor();
    // the broadside's dice, each with where it came from
    const first = display.locator("#night-log .log-entry[data-number='1']");
    expect(await first.locator(".log-line").textContent()).toMatch(/hits on Gouda/);
    expect(await first.locator(".die").count()).toBe(10);
    expect(await first.locator(".die figcaption").first().textContent()).toBe("host roll");
    expect(await display.locator("#night-log button", { hasText: "Older" }).isDisabled()).toBe(true);
    expect(await phone.locator("#log-control .log-entry[data-number='1']").count()).toBe(1);
    expect(await axeViolations(display), "axe on the display with the log").toEqual([]);
    await display.screenshot({ path: join(ARTIFACTS, "night-log-1280x800.png") });

    // Newer from the display itself, then closed from the phone
    await display.locator("#night-log button", { hasText: "Newer" }).click();
    await expect.poll(() => display.locator("#log-page").textContent(), WAIT).toMatch(new RegExp(`page ${pages - 1} of ${pages}$`));
    await phone.locator("#log-control button", { hasText: "Close the log" }).click();
    await expect.poll(() => display.locator("#night-log").count(), WAIT).toBe(0);

    // the report of the same game on the phone: a viewport of its own, no sideways scroll, readable type
    await phone.goto(`${host.url}/api/games/${made.json.id}/report`);
    expect(await phone.locator("meta[name=viewport]").count()).toBe(1);
    expect(await overflowX(phone), "report's sideways scroll at 390 px").toBeLessThanOrEqual(0);
    expect(await smallText(phone, 13), "report text").toEqual([]);
    await phone.screenshot({ path: join(ARTIFACTS, "report-390x844.png") });
    await display.close();
    await phone.close();
  });
});
