/**
 * Every bundled scenario in a real browser against the real host (issue 11): from the start to a resolved result
 * driven only through /api/sim (taps, emulated rolls, the button pad; Quickfire's battery and range, which no tap
 * can say, with the pad's next-choice), the odds drawn as the server states them and equal to the CLI's `odds`, type
 * and damage boxes large enough to read from the table's edge at 1920×1080 and 1280×800, /control's touch targets
 * and type on a 390×844 phone, no serious or critical axe-core violations on /, /control and /devices.
 * Screenshots before and after each roll are saved in test-artifacts/. Then, on the same host, the players' words
 * on every page after a few more results (words.ts). One file per scenario (scenario-<id>.test.ts), so the lane's
 * workers share them out.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRulesCommand } from "../../host/cli/commands/rules.ts";
import { columnPct, oddsView } from "../../host/public/lib/format.js";
import { colorFits, phaseView } from "../../host/public/lib/table.js";
import type { TableView } from "../../host/server/view-schema.ts";
import { demoSetup } from "../host/helpers.ts";
import { call, freshDataDir, type HostProcess, launchChromium, startHost, until } from "./harness.ts";
import { axeViolations, boxSizes, screenshot, smallTargets, smallText } from "./page-checks.ts";
import type { Scenario } from "./scenario-fire.ts";
import { checkPlayersWords } from "./words.ts";

const ARTIFACTS = resolve(import.meta.dirname, "..", "..", "test-artifacts");
const WAIT = { timeout: 20_000, interval: 50 };
const SIZES = [
  { name: "1920", width: 1920, height: 1080, text: 24, box: 20 },
  { name: "1280", width: 1280, height: 800, text: 18, box: 14 },
] as const;

type Host = HostProcess & { state(): Promise<TableView>; sim(what: string, body: unknown): Promise<unknown> };

/** How each scenario reaches its first roll with the table's own devices (null: the roll is pending at the start). */
const TO_ROLL: Record<Scenario, (h: Host, display: Page) => Promise<void>> = {
  "sole-bay-1672": async () => {}, // initiative
  "anglo-dutch-1666": async () => {}, // wind
  "wsim-battle-v3": async () => {}, // wind
  "age-of-sail": async (h) => {
    // the end-of-round wind is the round's last phase, named after its roll: the pad's next-phase button walks
    // there and the wind roll is set up by itself (presses of one button less than the pad's debounce apart, 50 ms,
    // are contact bounce: a hand is slower)
    const last = (await h.state()).ruleset.phases.length - 1;
    for (let i = 1; i <= last; i++) {
      await h.sim("press", { command: "next-phase" });
      await until(h.state, (s) => s.phase.index === i);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await until(h.state, (s) => s.pending?.type === "wind")).pending?.type).toBe("wind");
  },
  quickfire: async (h, display) => {
    // a tap in movement records a move (issue 38: taps mean the phase's own action): the pad's next-phase goes on to
    // the first gunnery phase, the movement's end played at once
    await h.sim("press", { command: "next-phase" });
    await until(h.state, (x) => x.phase.index === 1);
    await new Promise((r) => setTimeout(r, 100));
    const s = await h.state();
    const [a, b] = [s.ships[0], s.ships.find((x) => x.side !== s.ships[0]?.side)];
    await h.sim("tap", { reader: "reader-1", uid: a?.tags[0] });
    await h.sim("lift", { reader: "reader-1" });
    await h.sim("tap", { reader: "reader-2", uid: b?.tags[0] });
    await until(h.state, (x) => x.pending?.choosing?.name === "battery");
    // the battery and the range are what a tap cannot say: the pad's next-choice cycles each, confirm keeps it
    // (presses of one button less than the pad's debounce apart, 50 ms, are contact bounce: a hand is slower)
    const press = async (command: string, done: (x: TableView) => boolean) => {
      await h.sim("press", { command });
      await until(h.state, done);
      await new Promise((r) => setTimeout(r, 100));
    };
    await press("next-choice", (x) => x.pending?.action.battery === "heavy");
    // the range is measured from the ships' positions on the table (issue 29), so the pad is asked the battery only
    expect((await h.state()).pending?.action.distance).toBeGreaterThan(0);
    const shown = (await h.state()).version;
    await expect.poll(async () => Number(await display.locator("body").getAttribute("data-version")), WAIT).toBeGreaterThanOrEqual(shown);
    expect(await display.locator("#pad-choice li.now").textContent()).toBe("heavy");
    await screenshot(display, join(ARTIFACTS, "quickfire-display-1920x1080-choosing.png"));
    await press("confirm", (x) => x.pending?.choosing === null);
    expect((await until(h.state, (x) => (x.pending?.needed ?? 0) > 0)).pending?.needed).toBe(3);
  },
};

async function rollAll(h: Host): Promise<void> {
  const s = await h.state();
  const p = s.pending;
  if (!p?.plan) throw new Error("no roll pending");
  const dice = s.devices.filter((d) => d.kind === "die" && d.connected);
  let n = 0;
  for (const [i, e] of p.plan.entries()) {
    const have = p.dice.filter((d) => d.entry === i).length;
    const fit = dice.filter((d) => colorFits(d.color ? [d.color] : [], e, p.plan ?? []));
    if (fit.length === 0) throw new Error(`no emulated ${e.color} die for ${e.purpose}`);
    for (let k = have; k < e.count; k++) await h.sim("roll", { die: fit[k % fit.length]?.id, face: (n++ % 6) + 1 });
  }
}

/**
 * At each display size: no text or damage box too small to read from the table's edge, and a screenshot; then the
 * phone's screenshot (the display resized once per size for both).
 */
async function legibleAndShot(display: Page, phone: Page, scenario: string, when: "before" | "after"): Promise<void> {
  const label = `${scenario} display ${when} the roll`;
  for (const size of SIZES) {
    await display.setViewportSize({ width: size.width, height: size.height });
    await display.waitForTimeout(100);
    expect(await smallText(display, size.text), `${label} text at ${size.name}`).toEqual([]);
    const boxes = await boxSizes(display);
    expect(Math.min(...boxes, 99), `${label} damage boxes at ${size.name}`).toBeGreaterThanOrEqual(size.box - 0.01);
    await screenshot(display, join(ARTIFACTS, `${scenario}-display-${size.width}x${size.height}-${when}.png`));
  }
  await screenshot(phone, join(ARTIFACTS, `${scenario}-control-390x844-${when}.png`), { fullPage: true });
}

/** The scenario's file: its host and chromium, the play to a result, then the players' words on every page. */
export function describeScenario(scenario: Scenario): void {
  describe(`${scenario} in a browser`, { timeout: 180_000 }, () => {
    let browser: BrowserContext;
    let h: Host;
    let display: Page;
    let phone: Page;
    beforeAll(async () => {
      mkdirSync(ARTIFACTS, { recursive: true });
      const [context, host] = await Promise.all([launchChromium(), startHost(freshDataDir(), ["--scenario", scenario])]);
      browser = context;
      const state = async () => (await call(`${host.url}/api/state`)).json as unknown as TableView;
      h = { ...host, state, sim: (what, body) => call(`${host.url}/api/sim/${what}`, "POST", body) };
      await until(state, (s) => s.devices.filter((d) => d.connected).length >= 12, 30_000);
      display = await browser.newPage();
      phone = await browser.newPage();
      await phone.setViewportSize({ width: 390, height: 844 });
      for (const p of [display, phone]) p.on("pageerror", (e) => console.log(`${scenario} pageerror:`, e.message));
      await display.goto(`${host.url}/`);
      await phone.goto(`${host.url}/control`);
      await display.waitForSelector("body[data-version]");
      await phone.waitForSelector("body[data-version]");
    }, 90_000);
    afterAll(async () => {
      await browser?.close();
      await h?.stop();
    });

    it("plays from the start to a resolved result; odds as the server states them; legible; accessible", async () => {
      await TO_ROLL[scenario](h, display);
      const before = await h.state();
      await expect
        .poll(async () => Number(await display.locator("body").getAttribute("data-version")), WAIT)
        .toBeGreaterThanOrEqual(before.version);

      // the odds: exactly the headline the server sent (every rule set states one for every roll)
      const odds = oddsView(before.pending?.odds);
      expect(odds, "a headline for the first roll").not.toBeNull();
      if (odds) {
        expect(await display.locator(".odds h3").textContent()).toBe(odds.title);
        expect(await display.locator(".odds-col .odds-p").allTextContents()).toEqual(
          odds.bars.map((b) => columnPct(b.p, odds.bars.length)),
        );
        // exact over the whole distribution: the bars the rule set states sum to 1
        expect(odds.bars.reduce((sum, b) => sum + b.p, 0)).toBeCloseTo(1, 9);
        // the very figures `quarterdeck odds` gives for this roll on the scenario's start (no action resolved yet)
        // nothing resolved before the first roll but the end of a phase the pad walked past (Quickfire's movement)
        expect(
          before.history.filter((r) => !r.description.startsWith("End of")),
          "no action resolved before the first roll",
        ).toHaveLength(0);
        if (before.pending) {
          const start = demoSetup(scenario).start;
          const cli = await runRulesCommand("odds", before.ruleset.id, {
            readStdin: async () => JSON.stringify({ ...start, action: before.pending?.action }),
          });
          expect(cli.code, cli.stdout).toBe(0);
          expect(before.pending.odds?.headline).toEqual(JSON.parse(cli.stdout).headline);
        }
        expect(await display.locator(".odds").textContent()).not.toMatch(/Most likely: \d+ to/);
      }

      // the rule set's phase order in a row, the current phase marked (legible with the rest, below)
      const phases = phaseView(before);
      const current = phases.groups.flatMap((g) => g.phases).find((p) => p.index === before.phase.index);
      expect(await display.locator("#phase-order [aria-current=step] .phase-name").textContent()).toBe(current?.name);
      expect(await display.locator("#phase").textContent()).toBe(
        `Turn ${before.turn} · Phase ${before.phase.index + 1} of ${phases.count}`,
      );

      await legibleAndShot(display, phone, scenario, "before");

      // speech switched on from the phone by keyboard alone; the display speaks the result it announces
      await display.evaluate(() => {
        const spoken: string[] = [];
        (window as unknown as { spoken: string[] }).spoken = spoken;
        speechSynthesis.speak = (u: SpeechSynthesisUtterance) => {
          spoken.push(u.text);
        };
      });
      await phone.locator("#speech").focus();
      await phone.keyboard.press("Space");
      await expect.poll(async () => (await call(`${h.url}/api/display`)).json.speech, WAIT).toBe(true);

      await rollAll(h);
      const first = before.history.length + 1;
      await display.locator(`#result[data-seq='${first}']`).waitFor({ timeout: 20_000 });
      const after = await h.state();
      expect(await display.locator("#result-text").textContent()).toBe(after.last?.description);
      await expect.poll(() => display.locator("#announce").textContent(), WAIT).toBe(`#${first}: ${after.last?.description}`);
      await expect
        .poll(() => display.evaluate(() => (window as unknown as { spoken: string[] }).spoken.at(-1)), WAIT)
        .toEqual(`#${first}: ${after.last?.description}`);
      await legibleAndShot(display, phone, scenario, "after");

      // the display's scale, changed from the phone
      await phone.getByRole("button", { name: "Larger" }).click();
      await expect.poll(() => display.evaluate(() => document.documentElement.style.getPropertyValue("--scale")), WAIT).toBe("1.1");
      await call(`${h.url}/api/display`, "POST", { scale: 1, speech: false });

      // the phone: type and touch targets
      await phone.setViewportSize({ width: 390, height: 844 });
      expect(await smallText(phone, 16), "control text").toEqual([]);
      expect(await smallTargets(phone, 44), "control touch targets").toEqual([]);

      for (const [name, page] of [
        ["display", display],
        ["control", phone],
      ] as const) {
        expect(await axeViolations(page), `axe on ${name}`).toEqual([]);
      }
      const devices = await browser.newPage();
      await devices.goto(`${h.url}/devices`);
      await devices.locator("#devices [data-device]").first().waitFor();
      // the phones' panel (its pairing code shows once phones may join)
      await devices.locator(".pairing").waitFor();
      expect(await axeViolations(devices), "axe on devices").toEqual([]);
      await devices.close();
    });

    it("a game of three turns: every result on the display, and every page at four sizes, holds no key, id, JSON or broken figure", async () => {
      await checkPlayersWords(h.url, browser, scenario);
    }, 600_000);
  });
}
