/**
 * The games pages in a real browser against the real host (issue 12): a game created on /games/new from a roster
 * CSV chosen in the page, opened on the table, two ships' tags given by emulated taps and a die bound by an emulated
 * roll, and shown by the display; three actions played with the emulated readers and dice, one undone, the host
 * restarted with nothing lost; a roster with a bad row names its line and
 * field and adds nothing; an earlier game resumed from /games; a game ended there with its winner chosen from its
 * sides, then its summary and its after-action report (a new tab, and a download). Every page read on a 390×844
 * phone (text ≥ 16 px, touch targets ≥ 44 px) and at 1280×800 and 1920×1080, with no serious or critical axe-core
 * violations. Screenshots in test-artifacts/games-*.png.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableView } from "../../host/server/view-schema.ts";
import { call, freshDataDir, type HostProcess, launchChromium, startHost, until } from "./harness.ts";
import { axeViolations, screenshot, smallTargets, smallText } from "./page-checks.ts";

const ARTIFACTS = resolve(import.meta.dirname, "..", "..", "test-artifacts");
const WAIT = { timeout: 15_000, interval: 50 };
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

const ROSTER = `side,id,name,tag,rating,speed,hull,crew,squadron
English,royal-james,Royal James,04AA0000000001,1,slow,stout,elite,red
English,london,London,,2,slow,average,regular,red
Dutch,gouda,Gouda,04BB0000000001,3,medium,average,regular,blue
Dutch,oosterwijk,Oosterwijk,,4,medium,weak,poor,blue
`;
// line 3: a hull the rules do not know
const BAD_ROSTER = `side,id,name,rating,speed,hull
English,royal-james,Royal James,1,slow,stout
Dutch,gouda,Gouda,3,medium,leaky
`;

let host: HostProcess;
let browser: BrowserContext;
let page: Page;
let rosterFile: string;
let badRosterFile: string;
let dataDir: string;

interface Game {
  id: number;
  title: string;
  status: string;
  open: boolean;
  winner: string | null;
}
const state = async () => (await call(`${host.url}/api/state`)).json as unknown as TableView;
const sim = (what: string, body: unknown) => call(`${host.url}/api/sim/${what}`, "POST", body);
const games = async () => (await call(`${host.url}/api/games`)).json as unknown as Game[];

/** Type and targets on the phone, axe everywhere, a screenshot at each size. */
async function checkPage(p: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await p.setViewportSize(size);
    await p.waitForTimeout(100);
    if (size.width === 390) {
      expect(await smallText(p, 16), `${name} text on the phone`).toEqual([]);
      expect(await smallTargets(p, 44), `${name} touch targets on the phone`).toEqual([]);
      expect(await p.evaluate(() => document.documentElement.scrollWidth), `${name} fits the phone's width`).toBeLessThanOrEqual(390);
    }
    await screenshot(p, join(ARTIFACTS, `games-${name}-${size.width}x${size.height}.png`), { fullPage: true });
  }
  expect(await axeViolations(p), `axe on ${name}`).toEqual([]);
  await p.setViewportSize(SIZES[0]);
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  const dir = freshDataDir();
  dataDir = dir;
  rosterFile = join(dir, "club-night.csv");
  badRosterFile = join(dir, "bad-roster.csv");
  writeFileSync(rosterFile, ROSTER);
  writeFileSync(badRosterFile, BAD_ROSTER);
  host = await startHost(dir);
  await until(state, (s) => s.devices.filter((d) => d.connected).length >= 12, 30_000);
  browser = await launchChromium();
  page = await browser.newPage();
  page.on("pageerror", (e) => console.log("pageerror:", e.message));
  await page.setViewportSize(SIZES[0]);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

describe("the games pages in a browser", { timeout: 120_000 }, () => {
  it("creates a game from a roster CSV on /games/new, opens it, and the display shows it", async () => {
    await page.goto(`${host.url}/games/new`);
    await page.waitForSelector("body[data-ready]");
    await page.selectOption("#ruleset", "sole-bay-1672");
    await page.setInputFiles("#roster-file", rosterFile);
    await page.locator("[data-ship=oosterwijk]").waitFor();
    expect(await page.locator("#roster-said").textContent()).toBe("club-night.csv: 4 ships added.");
    await page.fill("#player-0", "Ann");
    await page.fill("#player-1", "Ruth");
    await page.fill("#title", "Club night");
    await checkPage(page, "new");
    await page.click("#create");
    await page.locator("#open-now").waitFor();
    const created = (await games()).find((g) => g.title === "Club night");
    expect(created).toMatchObject({ status: "active", open: false });

    await page.click("#open-now");
    await page.locator("#opened").waitFor();
    expect((await games()).find((g) => g.open)?.title).toBe("Club night");

    // the last step: the two ships without a tag in the roster get one each by a tap on their bases; a die is bound by a roll
    await page.click("#walk-start");
    await expect.poll(() => page.locator("#walk-now b").textContent(), WAIT).toBe("Tap the base of London on a reader now.");
    await sim("tap", { reader: "reader-1", uid: "04AA0000000001" });
    await sim("lift", { reader: "reader-1" });
    await expect.poll(() => page.locator("#walk-notice").textContent(), WAIT).toMatch(/already on Royal James/);
    expect(await page.locator("#walk-now b").textContent()).toBe("Tap the base of London on a reader now.");
    await checkPage(page, "new-walk");
    await sim("tap", { reader: "reader-1", uid: "04AA0000000002" });
    await sim("lift", { reader: "reader-1" });
    await expect.poll(() => page.locator("#walk-now b").textContent(), WAIT).toBe("Tap the base of Oosterwijk on a reader now.");
    await sim("tap", { reader: "reader-2", uid: "04BB0000000009" });
    await sim("lift", { reader: "reader-2" });
    await page.locator("#all-tagged").waitFor();
    // the rolls a die serves are the rule set's own, by their labels (src/rulesets/sole-bay-1672/dice.ts)
    await page.locator("#bind-by-roll").getByLabel("Initiative", { exact: true }).check();
    await page.locator("#bind-by-roll button[type=submit]").click();
    await until(state, (s) => s.assigning?.kind === "die", 10_000);
    await sim("roll", { die: "pixel-1", face: 3 });
    await until(
      state,
      (s) => s.bindings.some((b) => b.die === "pixel-1" && (b.roles as string[] | undefined)?.includes("initiative")),
      10_000,
    );
    const display = await browser.newPage();
    await display.goto(`${host.url}/`);
    await expect.poll(() => display.locator("#title").textContent(), WAIT).toBe("Club night");
    await display.locator(".ship-card[data-ship=royal-james]").waitFor();
    expect(await display.locator(".ship-card").count()).toBe(4);
    await screenshot(display, join(ARTIFACTS, "games-display-after-open-1920x1080.png"));
    await display.close();
  });

  it("plays three actions on the new game, undoes one, and a restart of the host loses nothing", async () => {
    // only the emulated devices: ships tapped on the readers, dice rolled on the emulated dice (the range, which no
    // tap can say, given as on /control); the rolls the rules demand after a broadside rolled the same way
    const TAGS: Record<string, string> = {
      "royal-james": "04AA0000000001",
      london: "04AA0000000002",
      gouda: "04BB0000000001",
      oosterwijk: "04BB0000000009",
    };
    const tap = async (ship: string) => {
      await sim("tap", { reader: "reader-1", uid: TAGS[ship] });
      await sim("lift", { reader: "reader-1" });
    };
    const DICE = ["pixel-1", "pixel-2", "pixel-3", "pixel-4", "pixel-5", "pixel-6", "godice-1", "godice-2", "godice-3"];
    let rolled = 0;
    const pairs = [
      ["royal-james", "gouda"],
      ["london", "oosterwijk"],
    ];
    for (let i = 0; (await state()).history.length < 3 && i < 60; i++) {
      const s = await state();
      const seen = s.version;
      if ((s.pending?.needed ?? 0) > 0) {
        // one die at a time, each a different one of the table's emulated dice, faces going round
        await sim("roll", { die: DICE[rolled % DICE.length], face: (rolled % 6) + 1 });
        rolled++;
      } else if (s.pending?.type === "broadside" && s.pending.missing.includes("rangeInches")) {
        await call(`${host.url}/api/draft`, "POST", { values: { rangeInches: 4 } });
      } else {
        const [firer, target] = pairs.shift() ?? ["royal-james", "oosterwijk"];
        await tap(firer as string);
        await until(state, (x) => x.focus?.ship?.id === firer, 10_000);
        await tap(target as string);
      }
      await until(state, (x) => x.version > seen, 10_000);
    }
    const played = await state();
    // the initiative, a broadside set up by two taps, and what the rules demanded after it
    expect(played.history[0]?.description).toMatch(/has the initiative/);
    expect(played.history[1]?.description).toMatch(/on Gouda \(11 dice/);
    expect(played.history).toHaveLength(3);
    expect((await call(`${host.url}/api/undo`, "POST")).status).toBe(200);
    const kept = await state();
    expect(kept.history).toHaveLength(2);

    await host.stop();
    host = await startHost(dataDir);
    await until(state, (s) => s.devices.filter((d) => d.connected).length >= 12, 30_000);
    const after = await state();
    expect(after.title).toBe("Club night");
    expect(after.history.map((h) => h.description)).toEqual(kept.history.map((h) => h.description));
    expect(after.ships).toEqual(kept.ships);
    expect(after.untagged).toEqual([]);
    expect(after.bindings.some((b) => b.die === "pixel-1")).toBe(true);
    const display = await browser.newPage();
    await display.goto(`${host.url}/`);
    await display.locator(`#result[data-seq='${after.last?.seq}']`).waitFor();
    expect(await display.locator("#title").textContent()).toBe("Club night");
    await display.close();
  });

  it("a roster with a bad row names its line and field and adds nothing; a bad ship by hand says it at its field", async () => {
    await page.goto(`${host.url}/games/new`);
    await page.waitForSelector("body[data-ready]");
    await page.selectOption("#ruleset", "sole-bay-1672");
    await page.setInputFiles("#roster-file", badRosterFile);
    const row = page.locator("#roster-errors li[data-line='3']");
    await row.waitFor();
    expect(await row.getAttribute("data-field")).toBe("hull");
    expect(await row.textContent()).toBe(`Line 3, Hull: Hull must be one of "stout", "average", "weak".`);
    expect(await page.locator("#no-ships").count()).toBe(1);

    // a table file with a bad value: its line and key, as the file is called
    const badTable = join(dataDir, "bad-table.yaml");
    writeFileSync(
      badTable,
      "ruleset: sole-bay-1672\nfleets:\n  - side: A\n    ships:\n      - { id: a, name: A, rating: 9, speed: slow, hull: stout }\n",
    );
    const count = (await games()).length;
    await page.locator("details.table-file-load summary").click();
    await page.setInputFiles("#table-file", badTable);
    await expect
      .poll(() => page.locator("#table-file-error").getAttribute("data-path"), WAIT)
      .toBe("bad-table.yaml:5 (fleets[0].ships[0].rating)");
    expect(await page.locator("#table-file-error").textContent()).toMatch(
      /^bad-table\.yaml was not loaded: bad-table\.yaml:5 .*rating must be/,
    );
    expect((await games()).length).toBe(count);

    await page.locator("details.add-ship summary").click();
    await page.fill("#ship-side", "English");
    await page.fill("#ship-name", "Henry");
    await page.fill("#ship-rating", "9");
    await page.selectOption("#ship-speed", "slow");
    await page.click(".ship-form button[type=submit]");
    await expect.poll(() => page.locator("#ship-hull-error").textContent(), WAIT).toBe("Hull is needed.");
    await page.selectOption("#ship-hull", "stout");
    await page.click(".ship-form button[type=submit]");
    await expect.poll(() => page.locator("#ship-rating-error").textContent(), WAIT).toMatch(/at most 4; got 9/);
    await checkPage(page, "new-errors");
    await page.fill("#ship-rating", "2");
    await page.fill("#ship-tag", "04CC0000000001");
    await page.click(".ship-form button[type=submit]");
    await page.locator("[data-ship=henry]").waitFor();

    // a second ship with Henry's tag passes alone; the game refuses it and the page marks it in the list (every field
    // of the form was cleared after Henry: only the side stays)
    expect(await page.locator("#ship-rating").inputValue()).toBe("");
    await page.fill("#ship-name", "Mary");
    await page.fill("#ship-rating", "2");
    await page.selectOption("#ship-speed", "slow");
    await page.selectOption("#ship-hull", "stout");
    await page.fill("#ship-tag", "04CC0000000001");
    await page.click(".ship-form button[type=submit]");
    await page.locator("[data-ship=mary]").waitFor();
    const before = (await games()).length;
    await page.click("#create");
    await expect
      .poll(() => page.locator("[data-ship=mary] .field-error").textContent(), WAIT)
      .toBe("Tag 04CC0000000001 is already on henry.");
    expect(await page.locator("#create-error").textContent()).toBe("A ship was refused: see the list.");
    expect((await games()).length).toBe(before);
  });

  it("makes exactly the game it shows: four ships by hand, two ticked Flagship, give a game of two flagships", async () => {
    await page.goto(`${host.url}/games/new`);
    await page.waitForSelector("body[data-ready]");
    await page.selectOption("#ruleset", "sole-bay-1672");
    await page.locator("details.add-ship summary").click();
    const ships = [
      { side: "English", name: "Royal Charles", flag: true },
      { side: "English", name: "Victory", flag: false },
      { side: "Dutch", name: "Eendracht", flag: true },
      { side: "Dutch", name: "Gouda", flag: false },
    ];
    for (const [i, s] of ships.entries()) {
      // a new side is typed; a side already there is chosen from the list
      if (await page.locator("select#ship-side").count()) {
        const sides = await page.locator("select#ship-side option").allTextContents();
        await page.selectOption("#ship-side", sides.includes(s.side) ? s.side : "\u0000new");
      }
      if (await page.locator("input#ship-side").count()) await page.fill("#ship-side", s.side);
      await page.fill("#ship-name", s.name);
      await page.fill("#ship-rating", "3");
      await page.selectOption("#ship-speed", "medium");
      await page.selectOption("#ship-hull", "average");
      await page.fill("#ship-squadron", s.side === "English" ? "red" : "blue");
      expect(await page.locator("#ship-flagship").isChecked(), `the Flagship tick is clear for ship ${i + 1}`).toBe(false);
      if (s.flag) await page.check("#ship-flagship");
      await page.click(".ship-form button[type=submit]");
      await expect.poll(() => page.locator(".fleet-list li").count(), WAIT).toBe(i + 1);
    }
    // the list shows the flags, squadrons and bases; the summary above Create says what will be made
    expect(await page.locator("[data-ship=royal-charles] .ship-mark").allTextContents()).toEqual([
      "Flagship",
      "Squadron red",
      "base 25 × 60 mm (the rules' usual)",
    ]);
    expect(await page.locator("[data-ship=victory] .ship-mark").allTextContents()).toEqual([
      "Squadron red",
      "base 25 × 60 mm (the rules' usual)",
    ]);
    expect(await page.locator("#game-plan [data-plan=side]").allTextContents()).toEqual([
      "English: 2 ships · 1 flagship (Royal Charles)",
      "Dutch: 2 ships · 1 flagship (Eendracht)",
    ]);
    await page.fill("#title", "Two flags");
    await checkPage(page, "new-by-hand");
    await page.click("#create");
    await page.locator("#open-now").waitFor();
    const made = (await games()).find((g) => g.title === "Two flags");
    const file = await fetch(`${host.url}/api/games/${made?.id}/table-file`);
    const text = await file.text();
    expect(text.match(/flagship: true/g) ?? [], text).toHaveLength(2);
  });

  it("resumes an earlier game from /games", async () => {
    await page.goto(`${host.url}/games`);
    const demo = page.locator("article[data-game='1']");
    await demo.waitFor();
    expect(await page.locator("article.game.open h2").textContent()).toBe("Club night");
    await demo.getByRole("button", { name: "Resume" }).click();
    await until(games, (g) => g.find((x) => x.id === 1)?.open === true, 15_000);
    await expect.poll(() => page.locator("article.game.open").getAttribute("data-game"), WAIT).toBe("1");
    const display = await browser.newPage();
    await display.goto(`${host.url}/`);
    await expect.poll(() => display.locator("#title").textContent(), WAIT).toBe("Sole Bay, 28 May 1672");
    await display.close();
    await checkPage(page, "list");
  });

  it("ends a game with its winner chosen from its sides, then shows its summary and report", async () => {
    const club = (await games()).find((g) => g.title === "Club night");
    if (!club) throw new Error("no Club night game");
    await page.goto(`${host.url}/games`);
    const card = page.locator(`article[data-game='${club.id}']`);
    await card.getByRole("button", { name: "End…" }).click();
    const winner = card.locator("select[name=winner]");
    await expect.poll(() => winner.locator("option").allTextContents(), WAIT).toEqual(["no winner named", "English", "Dutch"]);
    await winner.selectOption("Dutch");
    await card.getByRole("button", { name: "End the game" }).click();
    await until(games, (g) => g.find((x) => x.id === club.id)?.status === "ended", 15_000);
    await expect.poll(() => card.locator(".winner").textContent(), WAIT).toBe("Dutch");

    expect(await card.getByRole("link", { name: "Download report" }).getAttribute("download")).toMatch(/\.html$/);
    const saved = await fetch(`${host.url}${await card.getByRole("link", { name: /table file/ }).getAttribute("href")}`);
    const savedText = await saved.text();
    expect(savedText).toMatch(/^# quarterdeck table file: Club night\n[\s\S]*oosterwijk[\s\S]*04BB0000000009/);
    expect(await card.getByRole("link", { name: /table file/ }).getAttribute("download")).toBe("club-night.yaml");
    await card.getByRole("link", { name: "Summary" }).click();
    await page.waitForSelector("body[data-ready]");
    expect(await page.locator("#named-winner").textContent()).toMatch(/Dutch/);
    expect(await page.locator("main > p.muted").first().textContent()).toBe("Ended · 2 actions");
    expect(await page.locator(".side-summary").count()).toBe(2);
    expect(await page.locator(".side-summary[data-side=English] h2").textContent()).toBe("English (Ann)");
    expect(await page.locator(".side-summary[data-side=Dutch] [data-fact=afloat]").textContent()).toBe("2");
    await checkPage(page, "summary");

    const [report] = await Promise.all([page.waitForEvent("popup"), page.click("#report")]);
    await report.waitForLoadState();
    expect(await report.title()).toMatch(/Club night/);
    expect(await report.locator("body").textContent()).toContain("has the initiative");
    await report.close();

    // the saved set-up loaded on /games/new is a new game of the same ships and tags
    const savedFile = join(dataDir, "club-night.yaml");
    writeFileSync(savedFile, savedText);
    await page.goto(`${host.url}/games/new`);
    await page.waitForSelector("body[data-ready]");
    await page.locator("details.table-file-load summary").click();
    await page.setInputFiles("#table-file", savedFile);
    await page.locator("#open-now").waitFor();
    const copies = (await games()).filter((g) => g.title === "Club night");
    expect(copies.map((g) => g.status)).toEqual(["ended", "active"]);
  });

  it("deletes a game only after a confirm", async () => {
    await page.goto(`${host.url}/games`);
    const club = (await games()).find((g) => g.title === "Club night" && g.status === "ended");
    const card = page.locator(`article[data-game='${club?.id}']`);
    await card.getByRole("button", { name: "Delete…" }).click();
    await card.getByRole("button", { name: "Keep it" }).click();
    expect((await games()).some((g) => g.id === club?.id)).toBe(true);
    await card.getByRole("button", { name: "Delete…" }).click();
    await card.getByRole("button", { name: "Delete for good" }).click();
    await until(games, (g) => !g.some((x) => x.id === club?.id), 15_000);
    await expect.poll(() => card.count(), WAIT).toBe(0);
  });
});
