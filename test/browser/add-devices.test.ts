/**
 * Issue 28 items 1 and 5 at the table, over `--sim hci` (the dice through an emulated HCI controller and the real
 * noble): a table file with no devices; from /devices the organiser searches, identifies and adds three dice, two
 * readers, the pad and the dial without editing a file; binds the dice to sides by rolling them; a broadside is
 * played with them; a restart brings every device back, names and all. Screenshots at 1920×1080 and 390×844.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableView } from "../../host/server/view-schema.ts";
import { call, freshDataDir, type HostProcess, launchChromium, startHost, stateOf, until } from "./harness.ts";
import { axeViolations, screenshot } from "./page-checks.ts";

const ARTIFACTS = resolve(import.meta.dirname, "..", "..", "test-artifacts");
const WAIT = { timeout: 30_000 };
let host: HostProcess;
let browser: BrowserContext;
let page: Page;
let dataDir: string;
let args: string[];

const state = () => stateOf(host.url);
const post = (path: string, body: unknown) => call(`${host.url}${path}`, "POST", body);
const onTable = (s: TableView) =>
  s.devices
    .filter((d) => d.kind !== "adapter" && d.connected)
    .map((d) => d.id)
    .sort();

beforeAll(async () => {
  dataDir = freshDataDir();
  const table = `${dataDir}-table.yaml`;
  const demo = readFileSync(resolve(import.meta.dirname, "..", "..", "host", "scenarios", "sole-bay-1672.yaml"), "utf8");
  writeFileSync(table, `${demo}\ndevices: {}\n`);
  args = ["--config", table, "--sim", "hci"];
  host = await startHost(dataDir, args);
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`${host.url}/devices`);
  await page.waitForSelector("#discover");
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

/** Fills a found device's card and adds it; resolves once the card is gone (the device is on the table). */
async function add(found: Locator, name: string, colour?: string): Promise<void> {
  // the card by its key: a locator by its text would move on to the next card of the same kind
  const card = page.locator(`[data-found="${await found.getAttribute("data-found")}"]`);
  await card.getByLabel("Name").fill(name);
  if (colour) await card.getByLabel("Colour").selectOption(colour);
  await card.getByRole("button", { name: "Add to the table" }).click();
  await card.waitFor({ state: "detached", ...WAIT });
}

describe("adding the table's devices from /devices (--sim hci)", { timeout: 240_000 }, () => {
  it("finds, identifies and adds three dice, two readers, the pad and the dial; binds the dice by rolling; plays a broadside", async () => {
    expect(onTable(await state())).toEqual([]);
    await page.click("#discover");
    await page.locator(".looked").waitFor(WAIT);
    const cards = page.locator(".found-card");
    await expect.poll(() => cards.count(), WAIT).toBeGreaterThanOrEqual(7);
    expect(await page.locator(".looked li").allTextContents()).toEqual([
      expect.stringMatching(/^Bluetooth \(dice\): Listened for dice for 3 s: \d+ heard\.$/),
      expect.stringMatching(/^USB serial .*: Looked at 3 serial ports\.$/),
      expect.stringMatching(/^USB \(button pads\): 1 HID device, 1 of them a pad or joystick\.$/),
    ]);
    mkdirSync(ARTIFACTS, { recursive: true });
    await screenshot(page, join(ARTIFACTS, "add-devices-found-1920x1080.png"));

    // three dice: the first blinks when asked (its link opened for the moment), each is named and coloured
    const pixels = () => page.locator(".found-card", { hasText: "Pixels die" }).first();
    await pixels().getByRole("button", { name: "Blink it" }).click();
    await expect.poll(() => pixels().textContent(), WAIT).toContain("is blinking");
    await add(pixels(), "Allied one", "white");
    await add(pixels(), "Allied two", "white");
    await add(pixels(), "Dutch one", "black");

    // the readers: tap a tag on the first to know which it is
    const reader = () => page.locator(".found-card", { hasText: "PN532 NFC reader" }).first();
    await reader().getByRole("button", { name: "Tap a tag on it" }).click();
    await expect.poll(() => reader().textContent(), WAIT).toContain("Tap any tag on this reader now");
    await post("/api/sim/tap", { reader: "reader-1", uid: "04A10000000002" });
    await expect.poll(() => reader().textContent(), WAIT).toContain("read on this reader");
    await post("/api/sim/lift", { reader: "reader-1" });
    await add(reader(), "Allied reader");
    await add(reader(), "Dutch reader");

    // the pad: press any button on it
    const pad = page.locator(".found-card", { hasText: "Button pad" });
    await pad.getByRole("button", { name: "Press a button on it" }).click();
    await expect.poll(() => pad.textContent(), WAIT).toContain("Press any button");
    await post("/api/sim/press", { command: "undo" });
    await expect.poll(() => pad.textContent(), WAIT).toContain("Button 2 pressed");
    await add(pad, "The pad");

    // the dial sweeps round the compass
    const dial = page.locator(".found-card", { hasText: "Firmata board" });
    await dial.getByRole("button", { name: "Sweep the dial" }).click();
    await expect.poll(() => dial.textContent(), WAIT).toContain("swept round the compass");
    await add(dial, "Wind dial");

    const all = ["dial", "die-1", "die-2", "die-3", "pad", "reader-1", "reader-2"];
    expect(onTable(await until(state, (s) => onTable(s).length === all.length, 30_000))).toEqual(all);
    // the page draws the added devices from its live feed: it may be a push behind the state just read
    await expect.poll(() => page.locator("[data-added]").count(), WAIT).toBe(7);
    await screenshot(page, join(ARTIFACTS, "add-devices-added-1920x1080.png"), { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // each die bound to its side by rolling it (Bind a die by rolling it, on the same page)
    for (const [die, side] of [
      ["die-1", "Allied"],
      ["die-2", "Allied"],
      ["die-3", "Dutch"],
    ] as const) {
      await page.locator("#bind-by-roll select").selectOption(side);
      await page.locator("#bind-by-roll").getByRole("button", { name: "Wait for a roll" }).click();
      await until(state, (s) => s.assigning !== null && s.assigning !== undefined, 10_000);
      await post("/api/sim/roll", { die, face: 3 });
      await until(state, (s) => s.bindings.some((b) => b.die === die && b.side === side), 15_000);
      // the page confirms the binding the roll made (issue 38: it had only a 15 s banner on the display)
      await expect.poll(() => page.locator("#bind-confirmed").textContent(), WAIT).toMatch(new RegExp(`is bound: ${side}\\.`));
    }
    await screenshot(page, join(ARTIFACTS, "add-devices-bound-1920x1080.png"), { fullPage: true });

    // a broadside with the Allied dice, through the readers: firer and target tapped
    await post("/api/actions", { action: { type: "broadside", firer: "royal-james", target: "gouda", rangeInches: 12 } });
    const s = await until(state, (x) => x.pending?.type === "broadside" && (x.pending?.needed ?? 0) > 0, 10_000);
    const needed = s.pending?.needed ?? 0;
    for (let i = 0; i < needed; i++) {
      await post("/api/sim/roll", { die: i % 2 === 0 ? "die-1" : "die-2", face: (i % 6) + 1 });
      await until(state, (x) => (x.pending?.dice.length ?? needed) > i || x.last !== null, 10_000);
    }
    const done = await until(state, (x) => x.last !== null, 20_000);
    expect(done.last?.dice.map((d) => ("dieId" in d.from ? d.from.dieId : "")).every((id) => id === "die-1" || id === "die-2")).toBe(true);
  });

  it("a restart brings every device back, with its name", async () => {
    await host.stop();
    host = await startHost(dataDir, args);
    const all = ["dial", "die-1", "die-2", "die-3", "pad", "reader-1", "reader-2"];
    const s = await until(state, (x) => onTable(x).length === all.length, 60_000);
    expect(onTable(s)).toEqual(all);
    expect(s.devices.find((d) => d.id === "die-3")).toMatchObject({ name: "Dutch one", color: "black" });
    expect(s.bindings.find((b) => b.die === "die-3")).toMatchObject({ side: "Dutch" });
    await page.goto(`${host.url}/devices`);
    await page.locator("[data-added='reader-2']").waitFor(WAIT);
    await page.locator("#phones-h").waitFor(WAIT);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, join(ARTIFACTS, "add-devices-restart-390x844.png"), { fullPage: true });

    // Remove is on the device's own card, and asks first: Keep it changes nothing, Remove it takes it off the table
    const card = page.locator("[data-device='pad']");
    await card.getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => card.locator(".remove-confirm").textContent(), WAIT).toMatch(/^Remove .* from the table\?/);
    await screenshot(page, join(ARTIFACTS, "add-devices-remove-390x844.png"), { fullPage: true });
    await card.getByRole("button", { name: "Keep it" }).click();
    expect(onTable(await state())).toContain("pad");
    await card.getByRole("button", { name: "Remove" }).click();
    await card.getByRole("button", { name: "Remove it" }).click();
    await until(state, (x) => !onTable(x).includes("pad"), 20_000);
    await expect.poll(() => page.locator("[data-device='pad']").count(), WAIT).toBe(0);
  });
});
