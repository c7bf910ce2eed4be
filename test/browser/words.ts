/**
 * Every page speaks the players' language (issue 26, "Done when"): for every bundled scenario, after a few results
 * played through the API (the scenario's broadside and the phases' own rolls on host dice, the first option of each
 * choice), the display, /control, /devices, the game's summary and its report are rendered in chromium and their
 * visible text holds no state key (a camelCase word), no id with a hyphen that is not a name, no `undefined`, `NaN`, `[object`, a plural in brackets (`hit(s)`, `ship(s)`) or `>99.9`,
 * and the display no URL path. Emulated dice roll in the first roll of each game and a die and a reader are unplugged
 * before the pages are read, so the dice of a result, the notices and the devices' health are on them: each device is
 * said by its name, never by its id. Run by each scenario's file (scenario-play.ts) on its host, after the first
 * result played there.
 */
import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import type { TableView } from "../../host/session/view.ts";
import { call, until } from "./harness.ts";
import { FIRE, type Scenario } from "./scenario-fire.ts";

const RESULTS = 3;
/**
 * Words the players use that look like keys: a signal's unit, English hyphenated words of the texts, the WS&IM demo's
 * tables' name ("House stand-in").
 */
const PLAYERS_WORDS = ["dBm", "re-roll", "stand-in"];
/**
 * Plays until `RESULTS` results are in: a choice gets its first option, a roll host dice, an action set up is
 * confirmed; with the table idle (its action waiting for taps) the scenario's broadside is fired once a phase, else
 * the phase ends (a rule set's own rolls come with its phases: initiative, wind).
 */
async function playSome(url: string, scenario: Scenario): Promise<TableView> {
  const state = async () => (await call(`${url}/api/state`)).json as unknown as TableView;
  let fired = false;
  let rolled = false;
  for (let step = 0; step < 60; step++) {
    const s = await state();
    if ((s.last?.number ?? 0) >= RESULTS) return s;
    const choice = s.choice as { options?: { value: unknown }[] } | null;
    if (choice?.options?.length) await call(`${url}/api/choose`, "POST", { value: choice.options[0]?.value });
    else if (s.pending && (s.pending.needed ?? 0) > 0 && !rolled) {
      // the first roll's dice come from the emulated dice: their names go on the result (a die the roll cannot take
      // says so by its name in a notice)
      rolled = true;
      const dice = s.devices.filter((x) => x.kind === "die").slice(0, Math.min(2, s.pending.needed ?? 0));
      for (const d of dice) await call(`${url}/api/sim/roll`, "POST", { die: d.id, face: 3 });
      // until the dice are in (or said refused): host dice then fill the rest
      const before = s.notices.length;
      await until(
        state,
        (x) => (x.pending?.dice.length ?? 0) >= dice.length || x.notices.length > before || (x.last?.number ?? 0) > (s.last?.number ?? 0),
        5_000,
      );
    } else if (s.pending && (s.pending.needed ?? 0) > 0) await call(`${url}/api/dice/software`, "POST", {});
    else if (s.pending?.ready) await call(`${url}/api/confirm`, "POST", {});
    // a roll the rules demand that the walk cannot set up: put aside
    else if (s.pending && s.pending.origin !== "table") await call(`${url}/api/cancel`, "POST", {});
    else if (!fired) {
      fired = true;
      await call(`${url}/api/actions`, "POST", { action: FIRE[scenario] });
    } else {
      fired = false;
      await call(`${url}/api/phase/next`, "POST", {});
    }
  }
  return state();
}

/** The visible text of a page, with the names a player reads (ships' names may have hyphens). */
const textOf = (page: Page): Promise<string> => page.evaluate(() => document.body.innerText);

/** What a player must never read, found in `text`: each as the offending token. */
function wordsWrong(text: string, names: readonly string[], display: boolean, ids: readonly string[]): string[] {
  let rest = text;
  // names are the players' words even when they hold a hyphen or capitals
  for (const n of [...names].sort((a, b) => b.length - a.length)) rest = rest.split(n).join(" ");
  const bad: string[] = [];
  for (const m of rest.matchAll(/undefined|NaN|\[object|[a-z]\(s\)|>\s?99\.9/g)) bad.push(m[0]);
  // a state key: a camelCase word ("gunsLeft", "firstBroadside")
  for (const m of rest.matchAll(/\b[a-z]+[A-Z][A-Za-z]*\b/g)) bad.push(m[0]);
  // an id with a hyphen ("heavily-damaged", "royal-james", "fire-damage"): lower-case words joined by hyphens
  for (const m of rest.matchAll(/(?<![\w/.])[a-z]+(?:-[a-z0-9]+)+(?![\w/])/g)) bad.push(m[0]);
  // a device's id with no hyphen that is no English word ("ble")
  for (const id of ids) if (!/-/.test(id) && !ENGLISH.has(id) && new RegExp(`\\b${id}\\b`).test(rest)) bad.push(id);
  // a URL path on the display, with the words round it (which sentence says it)
  if (display)
    for (const m of rest.matchAll(/(?<![\w.])\/(?:control|devices|games|api)\b\S*/g))
      bad.push(`${m[0]} in “${rest.slice(Math.max(0, m.index - 60), m.index + 20).replace(/\s+/g, " ")}”`);
  return [...new Set(bad)];
}

/** Device ids that are words players use too ("the table", "the dial"). */
const ENGLISH = new Set(["table", "dial", "pad", "camera"]);

/**
 * After a few results on the host at `url` (its scenario `scenario`), the display, /control, /devices, the summary
 * and the report hold no key, id or broken figure (a page of its own in `browser`, at 1280×800).
 */
export async function checkPlayersWords(url: string, browser: BrowserContext, scenario: Scenario): Promise<void> {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  const s = await playSome(url, scenario);
  expect(s.last?.number ?? 0, "results played").toBeGreaterThanOrEqual(RESULTS);
  // a die and a reader drop out: the display says so, naming them
  for (const device of ["pixel-5", "reader-2"]) await call(`${url}/api/sim/disconnect`, "POST", { device });
  // a device is named in words (the scenario's names, else its family and number), never by its id
  const devices = s.devices.flatMap((d) => (d.name ? [d.name] : []));
  const ids = s.devices.map((d) => d.id);
  const names = [...s.ships.map((x) => x.name), s.ruleset.title, ...s.ruleset.actions.map((a) => a.title), ...devices, ...PLAYERS_WORDS];
  const pages: [string, string][] = [
    ["display", "/"],
    ["control", "/control"],
    ["devices", "/devices"],
    ["summary", `/games/${s.game}/summary`],
    ["report", `/api/games/${s.game}/report`],
  ];
  const found: string[] = [];
  for (const [name, path] of pages) {
    await page.goto(`${url}${path}`);
    if (path !== pages[4]?.[1]) await page.waitForSelector("body[data-version], main, h1", { timeout: 20_000 });
    await until(
      () => textOf(page),
      (t) => t.trim().length > 0,
      10_000,
    );
    await page.waitForTimeout(300);
    for (const w of wordsWrong(await textOf(page), names, name === "display", ids)) found.push(`${name}: ${w}`);
  }
  expect(found).toEqual([]);
  await page.close();
}
