/**
 * A rule set with a wind phase (anglo-dutch-1666, `--scenario anglo-dutch-1666`): the wind is rolled with the
 * emulated dice, the display's dial and the emulated servo turn, and undo turns them back.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, devicesUp, type HostProcess, type OpenDisplay, openDisplay, settled } from "./harness.ts";

let t: OpenDisplay;
let host: HostProcess;
let display: Page;
const state = () => t.state();

beforeAll(async () => {
  t = await openDisplay({ args: ["--scenario", "anglo-dutch-1666"], ready: devicesUp(12) });
  ({ host, display } = t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("a rolled wind (anglo-dutch-1666)", { timeout: 60_000 }, () => {
  it("starts in the wind phase, rolls the wind with the emulated dice, turns the dial; undo turns it back", async () => {
    const s = await state();
    expect(s.phase.name).toBe("wind");
    expect(s.pending).toMatchObject({ type: "wind", instruction: "roll 2 dice" });
    await display.locator(".dial-box[data-bearing='240']").waitFor();
    const before = await settled(host.url);

    // odd doubles: the first change turns the wind one hexside clockwise (docs/reference/rulesets.md)
    await call(`${host.url}/api/sim/roll`, "POST", { die: "pixel-1", face: 3 });
    await call(`${host.url}/api/sim/roll`, "POST", { die: "godice-1", face: 3 });
    await display.locator("#result[data-seq='1']").waitFor();
    await display.locator(".dial-box[data-bearing='300']").waitFor();
    expect(await display.locator(".dial-label").textContent()).toMatch(/NW/);
    const turned = await settled(host.url);
    expect(turned).not.toBe(before);

    await call(`${host.url}/api/undo`, "POST", {});
    await display.locator(".dial-box[data-bearing='240']").waitFor();
    expect(await settled(host.url)).toBe(before);
  });
});
