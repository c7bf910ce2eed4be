/**
 * Issue 24 item 2 at the table: Sole Bay's initiative with a die bound to each side, the Dutch die landing first.
 * The display credits each die to its side (grouped under the side's name, each with its die's name), the die of a
 * side whose slot is filled is refused with a sentence, and the result reads "Dutch" as the winner. Screenshots
 * at 1920×1080 and 1280×800.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devicesUp, type OpenDisplay, openDisplay, until } from "./harness.ts";
import { smallText } from "./page-checks.ts";

const ARTIFACTS = resolve(import.meta.dirname, "..", "..", "test-artifacts");
const WAIT = { timeout: 15_000 };

let t: OpenDisplay;
let display: Page;
const state = () => t.state();
const post = (path: string, body: unknown) => t.post(path, body);

beforeAll(async () => {
  t = await openDisplay({ args: ["--scenario", "sole-bay-1672"], ready: devicesUp(9) });
  ({ display } = t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("dice bound to sides on the display (sole-bay-1672 initiative)", { timeout: 60_000 }, () => {
  it("credits the Dutch die landing first to the Dutch, refuses a second Dutch die, and labels every die", async () => {
    await post("/api/bindings", { die: "pixel-1", side: "Allied" });
    await post("/api/bindings", { die: "pixel-2", side: "Dutch" });
    await post("/api/actions", { action: { type: "initiative" } });
    await expect.poll(() => display.locator("#instruction").textContent(), WAIT).toBe("roll the Allied die and the Dutch die");

    await post("/api/sim/roll", { die: "pixel-2", face: 6 });
    await display.locator(".gathered .dice-group[data-whose='Dutch'] figure[data-value='6']").waitFor(WAIT);
    await post("/api/sim/roll", { die: "pixel-2", face: 5 });
    await until(state, (s) => s.notices.some((n) => n.text.includes("is the Dutch die")), 10_000);
    const s = await state();
    expect(s.notices.at(-1)?.text).toBe("White die 2 (5) not counted: it is the Dutch die; the roll is waiting for the Allied die.");
    expect(s.pending?.dice).toHaveLength(1);
    await expect.poll(() => display.locator("#instruction").textContent(), WAIT).toBe("roll the Allied die");
    mkdirSync(ARTIFACTS, { recursive: true });
    await display.screenshot({ path: join(ARTIFACTS, "sided-dice-half-rolled-1920x1080.png") });

    await post("/api/sim/roll", { die: "pixel-1", face: 1 });
    const result = display.locator("#result[data-seq='1']");
    await result.waitFor(WAIT);
    expect(await display.locator("#result-text").textContent()).toMatch(/Dutch/);
    const groups = await display
      .locator("#result .dice-group")
      .evaluateAll((gs) =>
        gs.map((g) => [g.getAttribute("data-whose"), Array.from(g.querySelectorAll("figcaption")).map((c) => c.textContent)]),
      );
    const names = new Map((await state()).devices.map((d) => [d.id, d.name]));
    expect(groups).toEqual([
      ["Allied", [names.get("pixel-1")]],
      ["Dutch", [names.get("pixel-2")]],
    ]);
    await display.screenshot({ path: join(ARTIFACTS, "sided-dice-result-1920x1080.png") });
    expect(await smallText(display, 24)).toEqual([]);
    await display.setViewportSize({ width: 1280, height: 800 });
    await display.waitForTimeout(200);
    await display.screenshot({ path: join(ARTIFACTS, "sided-dice-result-1280x800.png") });
    expect(await smallText(display, 18)).toEqual([]);
    // whether the result panel is cut off is not asserted here: with the table map in the middle of the display the
    // result panel is a third of the column and cuts off a result's dice at 1280×800 (reported; the map's layout)
  });

  it("a broadside's ten dice each carry their die's name", async () => {
    await post("/api/actions", { action: { type: "broadside", firer: "royal-james", target: "gouda", rangeInches: 12 } });
    const s = await until(state, (x) => x.pending?.type === "broadside" && (x.pending?.needed ?? 0) > 0, 10_000);
    const dice = s.devices.filter((d) => d.kind === "die" && d.connected && d.id !== "pixel-2").map((d) => d.id);
    for (let i = 0; i < (s.pending?.needed ?? 0); i++) await post("/api/sim/roll", { die: dice[i % dice.length], face: (i % 6) + 1 });
    await display.locator("#result[data-seq='2']").waitFor(WAIT);
    // more than six: each die's name is in its label and tooltip, not under it (ten names would not fit at 1280×800)
    const labels = await display.locator("#result .die").evaluateAll((els) => els.map((e) => e.getAttribute("title") ?? ""));
    expect(labels).toHaveLength(s.pending?.needed ?? 0);
    const names = dice.map((id) => s.devices.find((d) => d.id === id)?.name);
    expect(labels.every((t) => names.includes(t))).toBe(true);
    const first = await display.locator("#result .die").first().getAttribute("aria-label");
    expect(first).toMatch(/^(black |white |red |blue |green |yellow )?die \d, (hit|miss), /);
    expect(names).toContain(first?.replace(/^.*?, (hit|miss), /, ""));
    // a ten-dice result with its figures runs past the result panel beside the table map (reported; the map's
    // layout): the screenshots show it, the test does not assert it
    await display.screenshot({ path: join(ARTIFACTS, "sided-dice-broadside-1280x800.png") });
    await display.setViewportSize({ width: 1920, height: 1080 });
    await display.waitForTimeout(200);
    await display.screenshot({ path: join(ARTIFACTS, "sided-dice-broadside-1920x1080.png") });
  });
});
