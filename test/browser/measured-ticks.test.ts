/**
 * Measured lists offered (issue 37 item 4), in a real browser against the real host (`--scenario sole-bay-1672`):
 * Stavoren explodes with a radius of 6″ where the emulated table has put Gouda and Oliphant within it; the display
 * says which ships are ticked, /control's form comes with those two ticked (it listed all 11 unticked), and the button
 * box unticks Oliphant, ticks Dolfijn and gives the two ticked on Done. Screenshots at 1920×1080, 1280×800, 1024×600
 * and of /control on a 390×844 phone go to test-artifacts/.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableView } from "../../host/server/view-schema.ts";
import { devicesUp, type OpenDisplay, openDisplay, until } from "./harness.ts";
import { screenshot, smallText } from "./page-checks.ts";

const ARTIFACTS = resolve(import.meta.dirname, "..", "..", "test-artifacts");
const WAIT = { timeout: 20_000, interval: 50 };
const IN = 25.4;
let t: OpenDisplay;
let display: Page;
let control: Page;
const state = () => t.state();
const sim = (what: string, body: unknown) => t.post(`/api/sim/${what}`, body);
/** A press of the button box (presses of one button closer than its debounce, 50 ms, are contact bounce). */
async function press(command: string, done: (s: TableView) => boolean): Promise<void> {
  await sim("press", { command });
  await until(state, done);
  await new Promise((r) => setTimeout(r, 120));
}
/** What the test reads of the view's choice (the view's schema leaves it open). */
interface ChoiceView {
  readonly options: readonly { readonly label: string; readonly value: unknown }[];
  readonly ticked: readonly number[];
  readonly picked: number | null;
  readonly many: boolean;
}
const choiceOf = (s: TableView): ChoiceView | null => s.choice as unknown as ChoiceView | null;
const checked = (page: Page) =>
  page
    .locator("#choice label.check")
    .evaluateAll((els) =>
      els.filter((e) => (e.querySelector("input") as HTMLInputElement | null)?.checked).map((e) => e.textContent?.trim()),
    );

beforeAll(async () => {
  t = await openDisplay({ args: ["--scenario", "sole-bay-1672"], ready: (s) => devicesUp(12)(s) && (s.table?.ships.length ?? 0) === 12 });
  display = t.display;
  control = await t.browser.newPage();
  await control.setViewportSize({ width: 390, height: 844 });
  await control.goto(`${t.host.url}/control`);
  await control.waitForSelector("body[data-version]");
  mkdirSync(ARTIFACTS, { recursive: true });
}, 90_000);

afterAll(async () => {
  await t?.close();
});

describe("Sole Bay's explosion: the measured ships come ticked", { timeout: 120_000 }, () => {
  it("ticked on the display and /control; the pad changes one and gives the two ticked", async () => {
    // Stavoren in open water at the north of the table, Gouda 2″ to her east and Oliphant 4″ to her west
    await sim("move", { ship: "stavoren", x: 900, y: 1000, heading: 0 });
    await sim("move", { ship: "gouda", x: 900 + 25 + 2 * IN, y: 1000, heading: 0 });
    await sim("move", { ship: "oliphant", x: 900 - 25 - 4 * IN, y: 1000, heading: 0 });
    await until(state, (s) => s.table?.ships.find((p) => p.id === "oliphant")?.y === 1000);
    // Royal Prince sinks Stavoren (the broadside given whole, its dice read from the table), who explodes: 6″
    const action = { type: "broadside", firer: "royal-prince", target: "stavoren", rangeInches: 4, rake: true };
    expect((await t.post("/api/actions", { action })).status).toBe(200);
    const needed = (await state()).pending?.needed ?? 0;
    expect((await t.post("/api/dice", { values: Array(needed).fill(6) })).status).toBe(200);
    expect((await t.post("/api/dice", { values: [6, 6] })).status).toBe(200);
    expect((await t.post("/api/dice", { values: [6] })).status).toBe(200);
    const s = await until(state, (x) => choiceOf(x)?.many === true);
    const names = (ids: readonly number[]) => ids.map((i) => choiceOf(s)?.options[i]?.label);
    expect(names(choiceOf(s)?.ticked ?? []).sort()).toEqual(["Gouda", "Oliphant"]);

    // the display says which are ticked; /control's form comes with them ticked
    await expect.poll(() => display.locator("#choice-options li.ticked").allTextContents(), WAIT).toHaveLength(2);
    expect((await display.locator("#choice-options li.ticked").allTextContents()).map((x) => x.replace(/^✓\s*/, "")).sort()).toEqual([
      "Gouda",
      "Oliphant",
    ]);
    await expect.poll(() => checked(control), WAIT).toEqual(expect.arrayContaining(["Gouda", "Oliphant"]));
    expect(await checked(control)).toHaveLength(2);
    await screenshot(control, join(ARTIFACTS, "measured-ticks-control-390.png"), { fullPage: true });
    for (const [width, height] of [
      [1920, 1080],
      [1280, 800],
      [1024, 600],
    ] as const) {
      await display.setViewportSize({ width, height });
      await display.waitForTimeout(150);
      if (width >= 1280) expect(await smallText(display, width === 1920 ? 24 : 18)).toEqual([]);
      await screenshot(display, join(ARTIFACTS, `measured-ticks-display-${width}.png`));
    }
    await display.setViewportSize({ width: 1920, height: 1080 });

    // the pad: Next choice to Oliphant, Confirm unticks her; on to Dolfijn, Confirm ticks her; on to Done, Confirm
    const at = (label: string) => choiceOf(s)?.options.findIndex((o) => o.label === label) ?? -1;
    const walkTo = async (i: number) => {
      for (let k = 0; k < 20 && choiceOf(await state())?.picked !== i; k++) {
        const v = (await state()).version;
        await press("next-choice", (x) => x.version > v);
      }
      expect(choiceOf(await state())?.picked).toBe(i);
    };
    await walkTo(at("Oliphant"));
    await press("confirm", (x) => !(choiceOf(x)?.ticked ?? []).includes(at("Oliphant")));
    await walkTo(at("Dolfijn"));
    await press("confirm", (x) => (choiceOf(x)?.ticked ?? []).includes(at("Dolfijn")));
    await expect.poll(() => checked(control), WAIT).toEqual(expect.arrayContaining(["Gouda", "Dolfijn"]));
    await expect.poll(() => display.locator("#choice-options li.done").textContent(), WAIT).toMatch(/Done: 2 ticked/);
    await screenshot(display, join(ARTIFACTS, "measured-ticks-display-pad-1920.png"));
    await walkTo(choiceOf(s)?.options.length ?? -1);
    await press("confirm", (x) => x.choice === null);
    const after = await state();
    expect(after.followUps[0]).toMatchObject({ kind: "roll", action: { type: "explosion-hits" } });
    const head = after.followUps[0] as { action?: { ships?: string[] } } | undefined;
    expect([...(head?.action?.ships ?? [])].sort()).toEqual(["dolfijn", "gouda"]);
  });
});
