/**
 * A choice the rules ask, answered from the button pad (`--scenario wsim-battle-v3`): after a broadside without a
 * club Fire Table the rules ask how many hits the table gives; the display lists the options and says the pad can
 * answer, Next choice marks an option, Confirm gives it. A screenshot is saved in test-artifacts/.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { colorFits } from "../../host/public/lib/table.js";
import type { TableView } from "../../host/server/view-schema.ts";
import { call, devicesUp, freshDataDir, type HostProcess, type OpenDisplay, openDisplay, until } from "./harness.ts";
import { screenshot, smallText } from "./page-checks.ts";

const ARTIFACTS = resolve(import.meta.dirname, "..", "..", "test-artifacts");
let t: OpenDisplay;
let host: HostProcess;
let display: Page;
const state = () => t.state();
/** A press of the pad's button; presses of one button closer than its debounce (50 ms) are contact bounce. */
async function press(command: string, done: (s: TableView) => boolean): Promise<void> {
  await call(`${host.url}/api/sim/press`, "POST", { command });
  await until(state, done);
  await new Promise((r) => setTimeout(r, 100));
}

beforeAll(async () => {
  // the demo's table file without its house tables (which read the hits by themselves): the Fire Table's hits are asked
  const dir = freshDataDir();
  const table = `${dir}-no-tables.yaml`;
  const demo = readFileSync(resolve(import.meta.dirname, "..", "..", "host", "scenarios", "wsim-battle-v3.yaml"), "utf8");
  writeFileSync(table, demo.replace(/^data: .*$/m, ""));
  t = await openDisplay({ args: ["--config", table, "--sim"], dataDir: dir, ready: devicesUp(12) });
  ({ host, display } = t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("a choice the rules ask, from the pad (wsim-battle-v3)", { timeout: 60_000 }, () => {
  it("Next choice marks an option on the display, Confirm answers with it", async () => {
    await press("cancel", (s) => s.pending?.type !== "wind"); // the wind roll waiting at the start
    const action = { type: "fire", firer: "victory", target: "redoutable", rangeHexes: 2, gunsFiring: 10 };
    expect((await call(`${host.url}/api/actions`, "POST", { action })).status).toBe(200);
    const s = await until(state, (x) => (x.pending?.plan?.length ?? 0) > 0);
    const plan = s.pending?.plan ?? [];
    const dice = s.devices.filter((d) => d.kind === "die" && d.connected);
    for (const e of plan) {
      const die = dice.find((d) => colorFits(d.color ? [d.color] : [], e, plan));
      await call(`${host.url}/api/sim/roll`, "POST", { die: die?.id, face: 4 });
    }
    await until(state, (x) => x.choice?.field === "hits");
    await display.locator("#choice-options").waitFor();
    expect(await display.locator(".choice-how").textContent()).toBe(
      "Choose one of these on the control page, or with the pad: Next choice, then Confirm:",
    );
    await press("next-choice", (x) => x.choice?.picked === 0);
    await press("next-choice", (x) => x.choice?.picked === 1);
    await press("next-choice", (x) => x.choice?.picked === 2);
    await expect.poll(() => display.locator("#choice-options li.now").textContent()).toBe("2");
    expect(await smallText(display, 24)).toEqual([]);
    mkdirSync(ARTIFACTS, { recursive: true });
    await screenshot(display, join(ARTIFACTS, "wsim-battle-v3-display-1920x1080-pad-choice.png"));
    await press("confirm", (x) => x.history.some((h) => h.description.length > 0) && x.choice?.field !== "hits");
    const after = await state();
    expect(after.last?.action).toMatchObject({ type: "fire-result", hits: 2 });
  });
});
