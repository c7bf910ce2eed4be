/**
 * Issue 38 item 8: devices from the browser on the demo, no file to type. `quarterdeck start --sim empty` starts the
 * demo's table with no devices on it and the demo's emulators within reach; /devices' *Search for devices* finds
 * them, and one is added from its card; the game's saved set-up then carries it (`devices:`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableView } from "../../host/server/view-schema.ts";
import { call, freshDataDir, type HostProcess, launchChromium, startHost, until } from "./harness.ts";

const WAIT = { timeout: 30_000, interval: 100 };
let host: HostProcess;
let browser: Awaited<ReturnType<typeof launchChromium>>;
const state = async () => (await call(`${host.url}/api/state`)).json as unknown as TableView;

beforeAll(async () => {
  host = await startHost(freshDataDir(), ["--sim", "empty"]);
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

describe("--sim empty: the demo's emulators added from /devices", { timeout: 120_000 }, () => {
  it("starts with no device on the table; Search finds the emulated ones; one is added", async () => {
    const setup = (await call(`${host.url}/api/devices/setup`)).json as { editable: boolean };
    expect(setup.editable).toBe(true);
    expect((await state()).devices.filter((d) => d.kind === "die")).toEqual([]);
    const page = await browser.newPage();
    await page.goto(`${host.url}/devices`);
    await page.waitForSelector("body[data-version]");
    await page.locator("#discover").click();
    const found = page.locator(".found-card");
    await expect.poll(() => found.count(), WAIT).toBeGreaterThan(0);
    const die = page.locator(".found-card", { hasText: /die/i }).first();
    await die.getByRole("button", { name: "Add to the table" }).click();
    const s = await until(state, (x) => x.devices.some((d) => d.kind === "die"), 30_000);
    // the game's saved set-up (Save set-up on /games) carries the table's devices: the file starts the same table
    const file = await (await fetch(`${host.url}/api/games/${s.game}/table-file`)).text();
    const added = s.devices.find((d) => d.kind === "die");
    expect(file).toMatch(/^devices:\n/m);
    expect(file).toContain(`id: ${added?.id}`);
    await page.close();
  });
});
