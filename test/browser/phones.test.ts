/**
 * The phone pages on a 390×844 phone (issue 26 item 4): /devices fits the phone's width, says first how many devices
 * need attention and each problem in words with its remedy, keeps the emulators' controls in their own panel; the
 * axe-core check on it stays clean.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableView } from "../../host/session/view.ts";
import { call, freshDataDir, type HostProcess, launchChromium, startHost, until } from "./harness.ts";
import { axeViolations, smallTargets } from "./page-checks.ts";

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
    expect(problems.join("\n")).toMatch(/reader-2 \(PN532 NFC reader\): Not found/);
    expect(problems.join("\n")).toMatch(/pixel-2 \(white Pixels die\): Not connected yet/);
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
