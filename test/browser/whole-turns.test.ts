/**
 * Issue 24's "Done when", per rule set, in a real browser against the real host: three full turns played with only
 * the emulated pad (next-phase, next-choice, confirm) and emulated dice (`/api/sim/*`) — every phase's opening roll,
 * every end of a phase and of the turn prompted and resolved — the turn on the display, in `/api/state` and on
 * `/api/games` agreeing at every step; then the organiser's End, shown on the display. One host, one chromium: each
 * rule set's bundled scenario is a game of the same table file, opened in turn. (The club feed's turn is the same
 * rule, `gameTurn`, checked at every step by `test/host/session/turn-walk.test.ts`.)
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { colorFits } from "../../host/public/lib/table.js";
import type { TableView } from "../../host/server/view-schema.ts";
import { RULE_SETS } from "../../src/rulesets/index.ts";
import { call, freshDataDir, type HostProcess, launchChromium, startHost, until } from "./harness.ts";

const WAIT = { timeout: 20_000, interval: 50 };
let host: HostProcess;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let display: Page;
const state = async () => (await call(`${host.url}/api/state`)).json as unknown as TableView;
const sim = (what: string, body: unknown) => call(`${host.url}/api/sim/${what}`, "POST", body);
let face = 0;

/** When each pad button was last pressed (ms). */
const pressed = new Map<string, number>();

/**
 * A pad press, waiting for the state it brings. Presses of one button closer than the pad's debounce (50 ms) are
 * bounce: a button pressed again waits until 80 ms have passed since its last press (another button need not).
 */
async function press(command: string): Promise<void> {
  const wait = (pressed.get(command) ?? 0) + 80 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const before = (await state()).version;
  pressed.set(command, Date.now());
  await sim("press", { command });
  await until(state, (s) => s.version > before, 10_000).catch(() => undefined);
}

/** Rolls the emulated dice the pending roll still needs, each of a colour that fits its plan entry. */
async function rollPending(): Promise<void> {
  const s = await state();
  const p = s.pending;
  if (!p?.plan) throw new Error(`nothing to roll: ${p?.instruction}`);
  const dice = s.devices.filter((d) => d.kind === "die" && d.connected);
  for (const [i, e] of p.plan.entries()) {
    const have = p.dice.filter((d) => d.entry === i).length;
    const fit = dice.filter((d) => colorFits(d.color ? [d.color] : [], e, p.plan ?? []));
    for (let k = have; k < e.count; k++) await sim("roll", { die: fit[k % fit.length]?.id, face: (face++ % 6) + 1 });
  }
  await until(state, (x) => x.version > s.version && (x.pending?.dice.length ?? 0) === 0, 10_000);
}

/** Plays what the table waits for, as players at the table would: a choice by the pad, a roll by the dice. */
async function playOwed(): Promise<void> {
  for (let guard = 0; guard < 40; guard++) {
    const s = await state();
    if (s.choice) {
      await press("next-choice");
      await press("confirm");
      continue;
    }
    if (s.followUps.length === 0) return;
    if (s.pending?.plan && s.pending.plan.length > 0) await rollPending();
    else await press("cancel"); // a demanded action that needs what only a person can state: skipped, and said
  }
  throw new Error("the table never stopped asking");
}

/** The turn agrees everywhere: /api/state, the display's "Turn N · Phase i of n", /api/games. */
async function agrees(turn: number): Promise<void> {
  const s = await state();
  expect(s.turn).toBe(turn);
  await expect.poll(async () => Number(await display.locator("body").getAttribute("data-version")), WAIT).toBeGreaterThanOrEqual(s.version);
  expect(await display.locator("#phase").textContent()).toMatch(new RegExp(`^Turn ${turn} · Phase ${s.phase.index + 1} of `));
  const games = (await call(`${host.url}/api/games`)).json as unknown as Array<{ open: boolean; turn: number }>;
  expect(games.find((g) => g.open)?.turn).toBe(turn);
}

beforeAll(async () => {
  host = await startHost(freshDataDir(), ["--scenario", "sole-bay-1672"]);
  await until(state, (s) => s.devices.filter((d) => d.connected).length >= 12, 30_000);
  browser = await launchChromium();
  display = await browser.newPage();
  display.on("pageerror", (e) => console.log("pageerror:", e.message));
  await display.goto(`${host.url}/`);
  await display.waitForSelector("body[data-version]");
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

describe("three whole turns of every rule set, by the pad and the dice", () => {
  for (const rs of RULE_SETS) {
    it(`${rs.id}: every opening and every end prompted and resolved, the turn agreeing everywhere; ended by the organiser`, {
      timeout: 240_000,
    }, async () => {
      if (rs.id !== "sole-bay-1672") {
        const made = await call(`${host.url}/api/games`, "POST", { ruleset: rs.id, scenario: rs.id });
        expect(made.status, JSON.stringify(made.json)).toBe(201);
        expect((await call(`${host.url}/api/games/${made.json.id}/open`, "POST")).status).toBe(200);
        await until(state, (s) => s.ruleset.id === rs.id, 20_000);
      }
      const n = rs.turn.phases.length;
      let played = 0;
      for (let turn = 1; turn <= 3; turn++) {
        for (let phase = 0; phase < n; phase++) {
          await agrees(turn);
          expect((await state()).phase.index).toBe(phase);
          const opening = rs.turn.phases[phase]?.opens;
          const s = await state();
          if (opening && s.pending?.type === opening && s.followUps.length === 0) {
            await rollPending();
            await playOwed();
            if ((await state()).phase.index !== phase) continue; // the round's end (Age of Sail's wind) moved the table on
          }
          await press("next-phase");
          // the end of the phase left (and of the turn, leaving the last) is played at once, or asked for as a roll
          const due = [rs.turn.phases[phase]?.ends?.action, phase === n - 1 ? rs.turn.ends?.action : undefined].filter(Boolean);
          const after = await state();
          if (due.length > 0) {
            expect([after.last?.action.type, after.pending?.type]).toContainEqual(due.at(-1));
            played += due.length;
          }
          await playOwed();
        }
      }
      await agrees(4);
      const game = ((await call(`${host.url}/api/games`)).json as unknown as Array<{ id: number; open: boolean }>).find((g) => g.open);
      // every end of a phase and of the turn played, each time the table passed it (Age of Sail's wind, the round's end,
      // is rolled as the last stage opens, so next-phase does not ask for it again)
      const perTurn =
        rs.turn.phases.filter((p) => p.ends).length + (rs.turn.ends && rs.turn.phases.at(-1)?.opens !== rs.turn.ends.action ? 1 : 0);
      expect(played).toBe(3 * perTurn);
      expect((await state()).notices.filter((x) => /put away unresolved/.test(x.text))).toEqual([]);
      // the organiser's End (issue 24 item 4) shows on the display
      expect((await call(`${host.url}/api/games/${game?.id}/end`, "POST", {})).status).toBe(200);
      await display.locator("#game-over").waitFor({ timeout: 20_000 });
    });
  }
});
