/**
 * Every page speaks the players' language (issue 26, "Done when"; issue 38 item 7): for every bundled scenario, a game
 * of three turns played through the API (the scenario's broadside once a phase and the phases' own rolls on host
 * dice, the first option of each choice), the display read after every result; then the display, /control, /devices,
 * /games, /games/new, the game's summary and its report (every result of the game) rendered in chromium at 1920×1080,
 * 1280×800, 1024×600 and 390×844, each screenshot kept in test-artifacts/words/, and their visible text holds no state
 * key (a camelCase word), no id with a hyphen that is not a name, no `undefined`, `null`, `NaN`, `[object`, JSON (a
 * bracketed list of figures, a quoted key), "Player 1", doubled punctuation (".." "," ",," ". ."), a plural in
 * brackets (`hit(s)`, `ship(s)`) or `>99.9`, and the display no URL path. Emulated dice roll in the first roll of each game and a die and a reader are unplugged
 * before the pages are read, so the dice of a result, the notices and the devices' health are on them: each device is
 * said by its name, never by its id. Run by each scenario's file (scenario-play.ts) on its host, after the first
 * result played there.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { derivedName } from "../../host/devices.ts";
import type { TableView } from "../../host/session/view.ts";
import { call, until } from "./harness.ts";
import { screenshot } from "./page-checks.ts";
import { FIRE, type Scenario } from "./scenario-fire.ts";

/** Turns played: the game is walked until the table's turn is past the third. */
const TURNS = 3;
const SIZES = [
  [1920, 1080],
  [1280, 800],
  [1024, 600],
  [390, 844],
] as const;
const ARTIFACTS = resolve(import.meta.dirname, "..", "..", "test-artifacts", "words");
/**
 * Words the players use that look like keys: a signal's unit, English hyphenated words of the texts, the WS&IM demo's
 * tables' name ("House stand-in").
 */
const PLAYERS_WORDS = ["dBm", "re-roll", "stand-in", "set-up"];
/**
 * Plays `TURNS` turns: a choice gets its first option, a roll host dice, an action set up is confirmed; with the table
 * idle (its action waiting for taps) the scenario's broadside is fired once a phase, else the phase ends (a rule set's
 * own rolls come with its phases: initiative, wind). `onResult` reads the display after each new result.
 */
async function playSome(url: string, scenario: Scenario, onResult: (s: TableView) => Promise<void>): Promise<TableView> {
  const state = async () => (await call(`${url}/api/state`)).json as unknown as TableView;
  let fired = false;
  let rolled = false;
  let seen = 0;
  for (let step = 0; step < 400; step++) {
    const s = await state();
    if ((s.last?.number ?? 0) > seen) {
      seen = s.last?.number ?? 0;
      await onResult(s);
    }
    if (s.turn > TURNS || s.ended) return s;
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
  // (a name stands as a word, so the punctuation round it still reads as it stood: "now: Movement." is no ": .")
  for (const n of [...names].sort((a, b) => b.length - a.length)) rest = rest.split(n).join("Name");
  const bad: string[] = [];
  for (const m of rest.matchAll(/undefined|\bnull\b|NaN|\[object|[a-z]\(s\)|>\s?99\.9|Player [12]\b/g)) bad.push(m[0]);
  // JSON: a bracketed list of figures or quoted words, a quoted key, an object's braces
  for (const m of rest.matchAll(/\[\s*-?\d[\d.,\s-]*\]|\[\s*"|"\w+"\s*:|\{\s*"/g)) bad.push(`JSON ${m[0]}`);
  // doubled punctuation ("…first A ship may only….."): two stops, a stop after a comma or colon, a doubled comma
  for (const m of rest.matchAll(/(?<!\.)\.\.(?!\.)|\.\s+\.|[,;:]\s*\.(?!\d)|,\s*,|…\./g))
    bad.push(`“${rest.slice(Math.max(0, (m.index ?? 0) - 40), (m.index ?? 0) + 10).replace(/\s+/g, " ")}”`);
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
 * A game of `TURNS` turns on the host at `url`, the display read after every result; then the display, /control,
 * /devices, /games, /games/new, the summary and the report at the four sizes hold no key, id, JSON or broken figure
 * (a page of its own in `browser`; screenshots in test-artifacts/words/).
 */
export async function checkPlayersWords(url: string, browser: BrowserContext, scenario: Scenario): Promise<void> {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${url}/`);
  await page.waitForSelector("body[data-version]", { timeout: 20_000 });
  const found: string[] = [];
  const first = (await call(`${url}/api/state`)).json as unknown as TableView;
  const ids0 = first.devices.map((d) => d.id);
  const names0 = [...first.ships.map((x) => x.name), first.ruleset.title, ...first.ruleset.actions.map((a) => a.title)];
  const devices0 = first.devices.flatMap((d) => (d.name ? [d.name] : []));
  // the display after each result: what the result says, its dice, facts and the next prompt
  const s = await playSome(url, scenario, async (now) => {
    await page.waitForFunction((v) => Number(document.body.dataset.version) >= v, now.version, { timeout: 10_000 }).catch(() => undefined);
    for (const w of wordsWrong(await textOf(page), [...names0, ...devices0, ...PLAYERS_WORDS], true, ids0))
      found.push(`display after #${now.last?.number}: ${w}`);
  });
  expect(s.turn > TURNS || s.ended !== null, `${scenario}: three turns played (turn ${s.turn})`).toBe(true);
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
    ["games", "/games"],
    ["new-game", "/games/new"],
    ["summary", `/games/${s.game}/summary`],
    ["report", `/api/games/${s.game}/report`],
  ];
  const dir = join(ARTIFACTS, scenario);
  mkdirSync(dir, { recursive: true });
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    for (const [name, path] of pages) {
      await page.goto(`${url}${path}`);
      if (name !== "report") await page.waitForSelector("body[data-version], main, h1", { timeout: 20_000 });
      await until(
        () => textOf(page),
        (t) => t.trim().length > 0,
        10_000,
      );
      await page.waitForTimeout(300);
      const text = await textOf(page);
      for (const w of wordsWrong(text, names, name === "display", ids)) found.push(`${name} at ${width}: ${w}`);
      // dice named the same everywhere: a die the table names ("White gunnery die 1") never by its family and number
      for (const d of s.devices.filter((x) => x.kind === "die" && x.name)) {
        const family = derivedName({ id: d.id, kind: "die", family: d.family });
        if (family !== d.name && new RegExp(`\\b${family}\\b`).test(text)) found.push(`${name}: ${family} for ${d.name}`);
      }
      await screenshot(page, join(dir, `${name}-${width}.png`), { fullPage: width < 600 });
    }
  }
  expect([...new Set(found)]).toEqual([]);
  await page.close();
}
