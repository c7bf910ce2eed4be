/**
 * Plays the demo table in a real browser against the real host process, driving the emulated devices through
 * /api/sim: tap firer and target, roll, check the page against the rules core; tap a ship; change the wind
 * and watch the dial; undo. Saves a screenshot of the display after the broadside in test-artifacts/.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRulesCommand } from "../../host/cli/commands/rules.ts";
import { columnPct, pct } from "../../host/public/lib/format.js";
import type { TableView } from "../../host/server/view-schema.ts";
import { transition } from "../../src/game/engine.ts";
import type { Headline } from "../../src/odds/headline.ts";
import { demoSetup, uidOf } from "../host/helpers.ts";
import { call, freshDataDir, type HostProcess, launchChromium, settled, startHost, until } from "./harness.ts";
import { screenshot } from "./page-checks.ts";

const ARTIFACTS = resolve(import.meta.dirname, "..", "..", "test-artifacts");
const setup = demoSetup();
const rs = setup.ruleset;
let host: HostProcess;
let browser: BrowserContext;
let display: Page;
let control: Page;

const state = async () => (await call(`${host.url}/api/state`)).json as TableView;
const sim = (what: string, body: unknown) => call(`${host.url}/api/sim/${what}`, "POST", body);

beforeAll(async () => {
  host = await startHost(freshDataDir());
  await until(state, (s) => s.devices.filter((d: { connected: boolean }) => d.connected).length >= 12);
  browser = await launchChromium();
  display = await browser.newPage();
  control = await browser.newPage();
  await display.goto(`${host.url}/`);
  await control.goto(`${host.url}/control`);
  display.on("pageerror", (e) => console.log("display pageerror:", e.message));
  control.on("pageerror", (e) => console.log("pageerror:", e.message));
  await display.waitForSelector("body[data-version]");
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

const WAIT = { timeout: 15_000, interval: 50 };
const DICE = ["pixel-1", "pixel-2", "pixel-3", "pixel-4", "pixel-5", "pixel-6", "godice-1", "godice-2", "godice-3"];
const FACES = [6, 5, 4, 4, 2, 1, 6, 3, 1, 5];

describe("the demo table in a browser", { timeout: 60_000 }, () => {
  it("taps firer and target, rolls the emulated dice, and shows the hits and the target's boxes the rules core computes", async () => {
    await sim("tap", { reader: "reader-1", uid: uidOf(setup, "royal-james") });
    // one tap shows the ship; the opening initiative still waits, and the display says how to fire from it
    await display.locator(".ship-card.shown[data-ship=royal-james]").waitFor();
    await display.locator(".ship-log[data-ship=royal-james]").waitFor();
    expect(await display.locator("#shown-hint").textContent()).toMatch(/To fire from Royal James, tap the target/i);
    expect((await state()).pending?.type).toBe("initiative");
    expect(await display.locator(".ship-card[class*=role-]").count()).toBe(0);
    await sim("lift", { reader: "reader-1" });
    await sim("tap", { reader: "reader-2", uid: uidOf(setup, "gouda") });
    await display.locator(".ship-card.role-target[data-ship=gouda]").waitFor();
    await display.locator(".ship-card.role-firer[data-ship=royal-james]").waitFor();
    // the demo table knows where the models stand: the range is measured at once (6.9″, Royal James facing Gouda)
    await expect.poll(() => display.locator("#measured [data-field=rangeInches]").textContent(), WAIT).toMatch(/6\.89″ base to base/);
    // the initiative is set aside, said on the display; it comes back after the broadside
    expect(await display.locator("#aside").textContent()).toBe("Waiting: Initiative");

    // a range a person gives on /control, the phone at the table, wins over the measurement
    await control.locator("#fields input[name=rangeInches]").fill("4");
    await control.locator("#fields button[type=submit]").click();
    await expect.poll(() => display.locator("#instruction").textContent(), WAIT).toBe("10 dice — roll 9, then 1");
    // the odds before the roll: the rule set's headline, the very figures `quarterdeck odds` gives for this broadside
    const action = { type: "broadside", firer: "royal-james", target: "gouda", rangeInches: 4, rake: false };
    const cli = await runRulesCommand("odds", rs.id, { readStdin: async () => JSON.stringify({ ...setup.start, action }) });
    expect(cli.code).toBe(0);
    const exact = JSON.parse(cli.stdout).headline as Headline;
    expect(exact.title).toBe("Hits on Gouda");
    expect((await state()).pending?.odds?.headline).toEqual(exact);
    const odds = display.locator(".odds[data-kind=headline]");
    expect(await odds.locator(".kicker").textContent()).toBe(exact.title);
    expect(await odds.locator(".odds-head b").textContent()).toBe(exact.mostLikely);
    // the hits distribution, bar for bar (labels and exact p); past ten bars only those of 5% or more carry their
    // percentage on screen, every one is in the bars' accessible label
    const cols = await odds
      .locator(".odds-col")
      .evaluateAll((els) => els.map((e) => [e.getAttribute("data-value"), Number(e.getAttribute("data-p"))]));
    expect(cols).toEqual(exact.bars.map((b) => [b.label, b.p]));
    const shown = (p: number) => columnPct(p, exact.bars.length);
    expect(await odds.locator(".odds-col .odds-p").allTextContents()).toEqual(exact.bars.map((b) => shown(b.p)));
    expect(await odds.locator(".odds-bars").getAttribute("aria-label")).toBe(
      `${exact.title}: ${exact.bars.map((b) => `${b.label} ${pct(b.p)}`).join("; ")}`,
    );
    expect(await odds.locator(".odds-facts li").allTextContents()).toEqual(exact.facts.map((f) => `${f.label} ${pct(f.p)}`));
    expect(await display.locator(".odds").textContent()).not.toMatch(/Most likely: \d+ to/);
    // beside the headline, the summary's mean as the rule set types it: expected hits are never a percentage
    const meanHits = (JSON.parse(cli.stdout).summary as { expectedHits: number }).expectedHits;
    expect(await odds.locator(".odds-figures li").allTextContents()).toEqual([`Hits to expect ${meanHits.toFixed(2)} hits`]);
    // started in the Initiative phase: allowed, with a note under the action's kicker, legible from the table's edge
    const note = display.locator("#phase-note");
    expect(await note.textContent()).toBe(
      "Broadside is played in Broadsides / Boarding; now: Initiative. Allowed — check with your opponent.",
    );
    expect(await note.evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(24);
    // and, small, on /control (at least 16 px)
    const small = control.locator("#phase-note");
    await expect.poll(() => small.textContent(), WAIT).toMatch(/^Broadside is played in Broadsides \/ Boarding; now: Initiative\./);
    expect(await small.evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(16);
    mkdirSync(ARTIFACTS, { recursive: true });
    await screenshot(display, join(ARTIFACTS, "display-before-broadside.png"));
    const size = display.viewportSize();
    await display.setViewportSize({ width: 1280, height: 800 });
    await screenshot(display, join(ARTIFACTS, "display-before-broadside-1280.png"));
    if (size) await display.setViewportSize(size);

    for (const [i, die] of DICE.entries()) await sim("roll", { die, face: FACES[i] });
    await expect.poll(() => display.locator("#instruction").textContent(), WAIT).toBe("roll 1 die");
    await sim("roll", { die: "pixel-1", face: FACES[9] });
    await display.locator("#result[data-seq='1']").waitFor();

    const start = rs.parseState(setup.start);
    if (!start.ok) throw new Error(start.error.message);
    const expected = transition(rs, start.value, action, FACES);
    if (!expected.ok) throw new Error(expected.error.message);
    const outcome = JSON.parse((await display.locator(".result-outcome").getAttribute("data-outcome")) ?? "{}");
    expect(outcome.hits).toBe(expected.value.outcome.hits);
    expect(await display.locator("#result-text").textContent()).toBe(rs.describe(expected.value.state, action, expected.value.outcome));
    expect(await display.locator("#result .die").count()).toBe(10);
    // each die shows how the rules counted it (the kernel's marks), in words as well as by look
    const marks = expected.value.marks?.flat() ?? [];
    expect(marks).toHaveLength(10);
    expect(await display.locator("#result .die").evaluateAll((els) => els.map((e) => e.getAttribute("data-mark")))).toEqual(marks);
    const hits = marks.filter((m) => m === "hit").length;
    expect(await display.locator("#result .die.hit .mark").allTextContents()).toEqual(Array(hits).fill("✔ hit"));
    expect(await display.locator("#result .die.miss .mark").count()).toBe(10 - hits);
    expect(await display.locator("#result .mark-tally").textContent()).toBe(`✔ ${hits} hit✖ ${10 - hits} missed`);
    // the figures are words a player reads, not the outcome's raw keys
    expect(await display.locator("#result .result-outcome").textContent()).toContain(`Hits ${expected.value.outcome.hits}`);
    expect(await display.locator("#result .result-outcome").textContent()).not.toMatch(/levelsLost|firstBroadside|no destroyed/);
    const gouda = rs.shipViews(expected.value.state).find((v) => v.id === "gouda");
    const marked = await display
      .locator(".ship-card[data-ship=gouda] .track")
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-marked"))));
    expect(marked).toEqual(gouda?.tracks.map((t) => t.marked));
    await screenshot(display, join(ARTIFACTS, "display-after-broadside.png"));
  });

  it("taps a ship and shows its log", async () => {
    await sim("tap", { reader: "reader-1", uid: uidOf(setup, "gouda") });
    const log = display.locator(".ship-log[data-ship=gouda]");
    await log.waitFor();
    expect(await log.locator(".log-entries li[data-seq='1']").textContent()).toMatch(/hits on Gouda/);
    await sim("lift", { reader: "reader-1" });
    await sim("tap", { reader: "reader-1", uid: uidOf(setup, "stavoren") });
    await display.locator(".ship-log[data-ship=stavoren]").waitFor();
    expect(await display.locator(".ship-log .log-entries").textContent()).toMatch(/Nothing yet/);
    await sim("lift", { reader: "reader-1" });
  });

  it("a person sets the windward edge: the dial turns on the page and on the servo; undo turns it back and restores the log", async () => {
    const before = await settled(host.url);
    expect(await display.locator(".dial-box").getAttribute("data-bearing")).toBe("90");
    await control.locator("#type").selectOption("set-wind");
    await control.locator("#fields select[name=windward]").waitFor();
    await control.locator("#fields select[name=windward]").selectOption("W");
    await control.locator("#fields button[type=submit]").click();
    await control.getByRole("button", { name: "Confirm" }).click();
    await display.locator(".dial-box[data-bearing='270']").waitFor();
    const turned = await settled(host.url);
    expect(turned).not.toBe(before);

    await control.getByRole("button", { name: "Undo last" }).click();
    await display.locator(".dial-box[data-bearing='90']").waitFor();
    expect(await settled(host.url)).toBe(before);

    await control.getByRole("button", { name: "Undo last" }).click();
    await expect
      .poll(
        () =>
          display.locator(".ship-card[data-ship=gouda] .track").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-marked")))),
        WAIT,
      )
      .toEqual([0, 0, 0, 0]);
    expect(await display.locator("#result").getAttribute("data-seq")).toBe("");
  });

  it("on /devices a player is switched to manual dice mid-game; typed dice on /control resolve, marked as typed", async () => {
    const devices = await browser.newPage();
    await devices.goto(`${host.url}/devices`);
    await devices.locator("[data-device=pixel-1]").waitFor();
    expect(await devices.locator("[data-device=pixel-1]").textContent()).toMatch(/connected/);
    await screenshot(devices, join(ARTIFACTS, "devices.png"));
    const blink = await call(`${host.url}/api/devices/pixel-1/identify`, "POST", {});
    expect(blink.status).toBe(200);
    await devices.locator("#players select").nth(1).selectOption("manual");
    await until(state, (s) => s.players.find((p) => p.side === "Dutch")?.mode === "manual");
    await devices.close();

    await call(`${host.url}/api/actions`, "POST", {
      action: { type: "broadside", firer: "gouda", target: "royal-james", rangeInches: 10 },
    });
    await expect.poll(() => display.locator("#instruction").textContent(), WAIT).toMatch(/type them on the control page/);
    await sim("roll", { die: "pixel-2", face: 6 });
    const needed = (await state()).pending?.needed ?? 0;
    expect(needed).toBeGreaterThan(0);
    await control.locator("#dice-values").fill(Array(needed).fill(6).join(" "));
    await control.getByRole("button", { name: "Enter dice" }).click();
    await display.locator("#result[data-seq]:not([data-seq=''])").waitFor();
    await expect.poll(() => display.locator("#result .die[data-source=manual]").count(), WAIT).toBe(needed);
    expect(await display.locator("#result .die[data-source=die]").count()).toBe(0);
    expect(await display.locator("#result-text").textContent()).toMatch(/Royal James/);
  });

  it("a choice the rules demand is a form on /control; the chain goes on from the answer", async () => {
    const needed = async () => (await state()).pending?.needed ?? 0;
    const type = async (values: number[]) => call(`${host.url}/api/dice`, "POST", { values });
    // the last broadside hit a flagship: the rules first demand the flag officer's risk rolls
    for (let i = 0; i < 5 && (await state()).followUps.length > 0; i++) await type(Array(await needed()).fill(6));
    expect((await state()).followUps).toEqual([]);
    await call(`${host.url}/api/actions`, "POST", {
      action: { type: "broadside", firer: "royal-prince", target: "stavoren", rangeInches: 4, rake: true },
    });
    await type(Array(await needed()).fill(6));
    await expect.poll(async () => (await state()).pending?.type, WAIT).toBe("explosion-roll");
    await expect.poll(() => display.locator(".kicker").first().textContent(), WAIT).toMatch(/The rules demand: Stavoren is destroyed/);
    await type([6, 6]);
    await type([6]);
    const form = control.locator("#choice form");
    await form.waitFor();
    await display.locator("#action .kicker", { hasText: "The rules ask" }).waitFor();
    // the display lists what may be chosen and what the rules demand after it
    const asked = await state();
    // each option's name beside its tick (the ships the table measured within reach come ticked), then the pad's Done
    const listed = await display.locator(".choice-options li:not(.done)").evaluateAll((els) =>
      els.map((e) =>
        Array.from(e.childNodes)
          .filter((n) => !(n instanceof Element && n.classList.contains("tick")))
          .map((n) => n.textContent)
          .join("")
          .trim(),
      ),
    );
    expect(listed).toEqual((asked.choice?.options as { label: string }[] | undefined)?.map((o) => o.label));
    expect(await display.locator(".choice-options li.done").textContent()).toMatch(/Done: 1 ticked$/);
    expect(await display.locator("#action .waiting li").allTextContents()).toEqual(asked.followUps.slice(1).map((f) => f.purpose));
    await screenshot(display, join(ARTIFACTS, "display-choice-pending.png"));
    const phone = await browser.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${host.url}/control`);
    await phone.locator("#choice form").waitFor();
    await screenshot(phone, join(ARTIFACTS, "control-phone.png"));
    await phone.close();
    expect(await form.locator("h2").textContent()).toMatch(/within 6" of Stavoren/);
    await form.getByLabel("Edgar").check();
    await form.getByRole("button", { name: "Choose" }).click();
    await expect.poll(async () => (await state()).pending?.type, WAIT).toBe("explosion-hits");
    await type(Array(await needed()).fill(6));
    await expect
      .poll(
        () =>
          display
            .locator(".ship-card[data-ship=edgar] .track")
            .evaluateAll((els) => els.reduce((n, e) => n + Number(e.getAttribute("data-marked")), 0)),
        WAIT,
      )
      .toBeGreaterThan(0);
  });
});
