/**
 * The display fits its content (issue 26 item 1): for every bundled scenario, in the states a game goes through —
 * an action set up with its odds, its dice half in, a result with the most dice the rule set rolls at once, the
 * follow-up with the longest choice list its rules ask — at 1920×1080, 1280×800 and 1024×600 and at every text scale
 * /control offers: no box that holds text overflows (scrollWidth/scrollHeight within 1 px of its client size), the
 * page does not scroll, and the instruction, the dice count and the odds headline are on screen.
 *
 * Each scenario's largest roll and longest choice, reached through legal actions (damage and phases included):
 * - Sole Bay: Royal Prince's first raking broadside (a fresh elite first rate) at Gouda gone to full sail, 15 dice
 *   (9 + 3 raking + 1 first broadside + 1 target at full sail + 1 elite crew); a second broadside destroys Gouda, she
 *   explodes and the rules ask which of the 11 other ships are within the radius.
 * - Quickfire: Mikasa, damaged by Knyaz Suvorov's fire, spends her 7 repair points in the repair phase, 14 dice
 *   ("Each repair roll is conducted using two six sided dice (2D6)… Players may use as many of their repair die rolls
 *   as they wish on any one turn", 4.2). The text asks no choice of a player: every damage result is rolled or read
 *   off the Damage table, so there is no follow-up choice to check.
 * - Anglo-Dutch 1666: a boarding round, 4 dice ("Once grappled, each roll 2D Ave"): the text's largest single roll
 *   (fire is "Roll 1D6", the wind 2D6, a critical 2 D Ave). Its rules ask no choice either (criticals, fires and helm
 *   damage are rolled).
 * - WS&IM: a fire combat, 2 dice ("Two dice are rolled per fire combat: a normal and a red one", X.1), its most;
 *   read without the club's tables, the Fire Table's hits are a choice of 21 (0 to 20), longer than the 18 critical
 *   entries.
 * - Age of Sail: a boarding between two ships of the line, 12 dice ("each remaining gun deck giving a dice throw",
 *   3 + 3 a side); then Redoutable set on fire by a pair of sixes fails her two fire removal rolls, blows up, and the
 *   rules ask which of the 5 ships are within 12 cm and how far: 15 options.
 *
 * One browser, one host per scenario, one page per size; the states are driven through the API: the actions checked
 * are rolled on the emulated dice, die by die, and the rolls that only lead to them are typed (`POST /api/dice`, as
 * /control's Enter dice), one step each, since every step redraws and refits the three pages.
 * A state is checked with one request per scale (`POST /api/display`) and the three pages measured side by side, each
 * in one call that waits for the scale and the state in the page itself. Each scenario is its own test file
 * (display-fit-<scenario>.test.ts), so the lanes' workers take them side by side.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCALES } from "../../host/public/lib/scales.js";
import { colorFits } from "../../host/public/lib/table.js";
import type { TableView } from "../../host/server/view-schema.ts";
import { devicesUp, freshDataDir, launchChromium, type OpenDisplay, openDisplay, until } from "./harness.ts";

const ARTIFACTS = resolve(import.meta.dirname, "..", "..", "test-artifacts");

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 800 },
  { width: 1024, height: 600 },
] as const;

type Action = Record<string, unknown>;

/** What a scenario's play does to the table, and `at(name)`, which checks the display in the state it is in. */
interface Drive {
  readonly t: OpenDisplay;
  /** Sends an action whole (`POST /api/actions`); it must be accepted. */
  act(action: Action): Promise<TableView>;
  /** Rolls `n` of the dice the pending action needs (`face` each, else 1–6 in turn), waiting for each to count. */
  roll(n: number, face?: number): Promise<TableView>;
  /** Types every die the pending action needs, each showing `face` (`POST /api/dice`): one step, for a roll not checked. */
  type(face: number): Promise<TableView>;
  /** Sets up `action`, checks it set up, with half its dice in and with its result; returns the state after. */
  rollThrough(action: Action, face?: number): Promise<TableView>;
  /** Sets aside what waits (`POST /api/cancel`). */
  cancel(): Promise<void>;
  /** The next phase (or, when the turn demands a roll first, that roll: `face` each). */
  nextPhase(face?: number): Promise<TableView>;
  /** Checks the display in the state the table is in now. */
  at(name: string): Promise<void>;
}

/** Each scenario's way through its states, and the most dice and options it must have shown. */
interface Plan {
  readonly args: (dir: string) => string[];
  readonly play: (d: Drive) => Promise<void>;
  readonly most: { readonly dice: number; readonly options: number };
}

/** WS&IM without the demo's house tables: the Fire Table's hits are then a choice the rules ask (0 to the most). */
const wsimWithoutTables = (dir: string): string[] => {
  const table = `${dir}-no-tables.yaml`;
  const demo = readFileSync(resolve(import.meta.dirname, "..", "..", "host", "scenarios", "wsim-battle-v3.yaml"), "utf8");
  writeFileSync(table, demo.replace(/^data: .*$/m, ""));
  return ["--config", table, "--sim"];
};

const PLANS = {
  "sole-bay-1672": {
    args: () => ["--scenario", "sole-bay-1672"],
    async play(d) {
      await d.cancel();
      // a fresh ship may go to full sail with no enemy within 12": +1 die to whoever fires at her
      await d.act({ type: "movement", ship: "gouda", fullSail: true, enemyWithin12: false });
      await d.rollThrough({ type: "broadside", firer: "royal-prince", target: "gouda", rangeInches: 1, rake: true }, 6);
      // Royal James's first broadside finishes her: destroyed, she explodes (11+ on 2d6), 1d6" of radius
      await d.act({ type: "broadside", firer: "royal-james", target: "gouda", rangeInches: 1, rake: true });
      let s = await d.type(6);
      while (!s.choice && s.pending?.needed) s = await d.type(6);
      await d.at("the ships within the explosion");
    },
    most: { dice: 15, options: 11 },
  },
  quickfire: {
    args: () => ["--scenario", "quickfire"],
    async play(d) {
      // Knyaz Suvorov's heavy guns hit Mikasa (a G hit on her heavy ROF), then the explosion line of the Damage table
      await d.act({ type: "gunnery", firer: "knyaz-suvorov", target: "mikasa", battery: "heavy", range: "short", arc: "broadside" });
      let s = await d.type(1);
      while (s.pending?.needed) s = await d.type(3);
      while (!s.phase?.name?.startsWith("Repair")) s = await d.nextPhase();
      await d.rollThrough({ type: "repair", ship: "mikasa", damage: "heavy-rof", points: 7 });
    },
    most: { dice: 14, options: 0 },
  },
  "anglo-dutch-1666": {
    args: () => ["--scenario", "anglo-dutch-1666"],
    async play(d) {
      await d.cancel();
      await d.act({ type: "grapple", attacker: "royal-charles", defender: "zeven-provincien", defenderAvoids: false });
      await d.rollThrough({ type: "board", attacker: "royal-charles", defender: "zeven-provincien" });
    },
    most: { dice: 4, options: 0 },
  },
  "wsim-battle-v3": {
    args: wsimWithoutTables,
    async play(d) {
      await d.cancel();
      const s = await d.rollThrough({ type: "fire", firer: "victory", target: "redoutable", rangeHexes: 2, gunsFiring: 10 });
      if (s.choice) await d.at(`the Fire Table's hits`);
    },
    most: { dice: 2, options: 21 },
  },
  "age-of-sail": {
    args: () => ["--scenario", "age-of-sail"],
    async play(d) {
      await d.rollThrough({ type: "board", attacker: "bellerophon", defender: "fougueux" });
      // a pair of sixes sets Redoutable on fire; she fails 5–6 the next round and 6 the round after, and blows up
      await d.act({ type: "fire", firer: "victory", target: "redoutable", aim: "hull", rangeCm: 8, side: "port" });
      let s = await d.type(6);
      for (let round = 0; round < 2; round++) {
        // the end of the round's wind roll (2–5: no change) brings the next round, whose first stage is fire removal
        await d.act({ type: "wind" });
        await d.type(3);
        await d.act({ type: "fire-removal", ship: "redoutable" });
        s = await d.type(1);
      }
      if (s.choice) await d.at("the ships near the explosion");
    },
    most: { dice: 12, options: 15 },
  },
} satisfies Record<string, Plan>;

/** What a page shows wrong: boxes whose text overflows, a page that scrolls, the table's needs off screen. */
function problems(page: Page, want: { version: number; scale: number; dice: boolean; odds: boolean }): Promise<string[]> {
  return page.evaluate(async (want) => {
    // this state at this scale drawn (the fit runs in the same frame as the scale), then one more frame
    const start = performance.now();
    const drawn = () =>
      Number(document.body.dataset.version) >= want.version &&
      document.documentElement.style.getPropertyValue("--scale") === String(want.scale);
    while (!drawn()) {
      if (performance.now() - start > 30_000) return [`the page did not show version ${want.version} at scale ${want.scale}`];
      await new Promise((r) => requestAnimationFrame(r));
    }
    await new Promise((r) => requestAnimationFrame(r));
    const out: string[] = [];
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${String(el.className).replace(/ /g, ".")}`;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("#app *"))) {
      if (el.clientWidth === 0 && el.clientHeight === 0) continue;
      if (el.closest("svg, .sr-only") || (el.textContent ?? "").trim() === "") continue;
      if (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)
        out.push(`${name(el)} holds ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`);
    }
    const doc = document.documentElement;
    if (doc.scrollHeight > innerHeight + 1 || doc.scrollWidth > innerWidth + 1)
      out.push(`the page scrolls (${doc.scrollWidth}×${doc.scrollHeight})`);
    /** On screen: a box of its own, inside the viewport and inside the panel that holds it. */
    const onScreen = (sel: string) => {
      const el = document.querySelector(sel);
      if (!el) return `${sel} is missing`;
      const r = el.getBoundingClientRect();
      const panel = el.closest(".panel")?.getBoundingClientRect() ?? r;
      const inside = (a: DOMRect, b: { left: number; top: number; right: number; bottom: number }) =>
        a.left >= b.left - 1 && a.top >= b.top - 1 && a.right <= b.right + 1 && a.bottom <= b.bottom + 1;
      if (r.width === 0 || r.height === 0) return `${sel} is hidden`;
      if (!inside(r, { left: 0, top: 0, right: innerWidth, bottom: innerHeight }) || !inside(r, panel))
        return `${sel} is off screen (${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)})`;
      return null;
    };
    // the odds bars drawn to their percentages (issue 38 item 4): each bar's length is its p over the largest p times
    // the largest bar's, within 2 px (columns by height, worded rows by width)
    for (const chart of Array.from(document.querySelectorAll(".odds-bars"))) {
      const rows = chart.classList.contains("odds-rows");
      const bars = Array.from(chart.querySelectorAll<HTMLElement>(".odds-col")).map((col) => {
        const r = col.querySelector(".odds-bar")?.getBoundingClientRect();
        return { label: col.dataset.value ?? "", p: Number(col.dataset.p), size: r ? (rows ? r.width : r.height) : 0 };
      });
      const top = bars.reduce((a, b) => (b.p > a.p ? b : a), bars[0] ?? { label: "", p: 0, size: 0 });
      if (top.p <= 0 || top.size === 0) continue;
      for (const b of bars) {
        const want = (b.p / top.p) * top.size;
        if (Math.abs(b.size - want) > 2)
          out.push(`the odds bar "${b.label}" (${(b.p * 100).toFixed(1)} %) is ${b.size.toFixed(1)} px, not ${want.toFixed(1)} px`);
      }
    }
    const wanted = ["#instruction, #choice-options", ...(want.dice ? ["#dice-count"] : []), ...(want.odds ? [".odds > .kicker"] : [])];
    for (const sel of wanted) {
      const bad = onScreen(sel);
      if (bad) out.push(bad);
    }
    return out;
  }, want);
}

/** The display-fit checks for one bundled scenario (a key of the plans above), in its own browser. */
export function describeDisplayFit(scenario: keyof typeof PLANS): void {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  describe(`the display of ${scenario} fits its content`, { timeout: 300_000 }, () => {
    const plan: Plan = PLANS[scenario];
    let t: OpenDisplay;
    let pages: Page[] = [];
    beforeAll(async () => {
      const dir = freshDataDir();
      t = await openDisplay({ args: plan.args(dir), dataDir: dir, ready: devicesUp(9), browser, width: 1920, height: 1080 });
      pages = [t.display];
      for (const size of SIZES.slice(1)) {
        const page = await browser.newPage();
        await page.setViewportSize(size);
        await page.goto(`${t.host.url}/`);
        await page.waitForSelector("body[data-version]");
        pages.push(page);
      }
    }, 90_000);
    afterAll(async () => {
      for (const p of pages.slice(1)) await p.close();
      await t?.close();
    });

    /** Every size at every scale: the problems found, by size and scale (empty when the display fits). */
    async function check(state: string): Promise<string[]> {
      const s = await t.state();
      const need = { dice: (s.pending?.dice.length ?? 0) > 0 && !s.choice, odds: s.pending?.odds != null && !s.choice };
      const found: string[] = [];
      for (const scale of SCALES) {
        expect((await t.post("/api/display", { scale })).status).toBe(200);
        const each = await Promise.all(pages.map((page) => problems(page, { version: s.version, scale, ...need })));
        for (const [i, list] of each.entries()) {
          const size = SIZES[i] ?? SIZES[0];
          for (const p of list) found.push(`${state} at ${size.width}×${size.height}, ${Math.round(scale * 100)} %: ${p}`);
          // what was wrong, kept to be looked at (test-artifacts/ is not committed)
          if (list.length > 0) {
            const file = `fit-${scenario}-${state.replace(/\W+/g, "-")}-${size.width}x${size.height}-${Math.round(scale * 100)}.png`;
            await pages[i]?.screenshot({ path: join(ARTIFACTS, file) });
          }
        }
      }
      return found;
    }

    it("an action set up with its odds, its dice half in, its largest result, and its longest choice", async () => {
      const found: string[] = [];
      const seen = { dice: 0, options: 0 };
      const state = t.state;
      async function at(name: string) {
        const s = await state();
        seen.options = Math.max(seen.options, (s.choice?.options as unknown[] | undefined)?.length ?? 0);
        found.push(...(await check(name)));
      }
      /** Rolls `n` of the dice the pending action still needs, each on an emulated die of its entry's colour. */
      async function roll(n: number, face?: number): Promise<TableView> {
        const s = await state();
        const p = s.pending;
        if (!p?.plan) throw new Error(`no roll pending (${s.pending?.instruction ?? "nothing pending"})`);
        const dice = s.devices.filter((x) => x.kind === "die" && x.connected);
        const have = p.dice.length;
        let rolled = 0;
        for (const [i, e] of p.plan.entries()) {
          const fit = dice.filter((x) => colorFits(x.color ? [x.color] : [], e, p.plan ?? []));
          for (let k = p.dice.filter((x) => x.entry === i).length; k < e.count && rolled < n; k++) {
            await t.post("/api/sim/roll", { die: fit[k % fit.length]?.id, face: face ?? ((have + rolled) % 6) + 1 });
            rolled++;
            await until(state, (x) => (x.pending?.dice.length ?? 0) >= have + rolled || x.history.length > s.history.length, 10_000);
          }
        }
        return state();
      }
      const act = async (action: Action) => {
        const r = await t.post("/api/actions", { action });
        expect(r.status, JSON.stringify(r.json)).toBe(200);
        return state();
      };
      const drive: Drive = {
        t,
        act,
        roll,
        async type(face) {
          const s = await state();
          const r = await t.post("/api/dice", { values: Array.from({ length: s.pending?.needed ?? 0 }, () => face) });
          expect(r.status, JSON.stringify(r.json)).toBe(200);
          return until(state, (x) => x.version > s.version);
        },
        async rollThrough(action, face) {
          await act(action);
          const set = await until(state, (s) => (s.pending?.needed ?? 0) > 0);
          expect(set.pending?.odds).toBeTruthy();
          await at("set up");
          const needed = set.pending?.needed ?? 0;
          if (needed >= 2) {
            await roll(Math.floor(needed / 2), face);
            await at("dice half in");
          }
          const after = await roll(needed, face);
          const dice = after.last?.dice.length ?? 0;
          expect(dice).toBe(needed);
          seen.dice = Math.max(seen.dice, dice);
          await at(`a result with ${dice} dice`);
          return after;
        },
        async cancel() {
          await t.post("/api/cancel", {});
          await until(state, (s) => !s.pending?.plan?.length);
        },
        async nextPhase(face = 3) {
          const s = await state();
          // a roll the turn demands (the end of a round's wind) moves the turn on once it is in
          if (s.pending?.needed) return drive.type(face);
          const r = await t.post("/api/phase/next", {});
          expect(r.status, JSON.stringify(r.json)).toBe(200);
          return until(state, (x) => x.version > s.version);
        },
        at,
      };
      await plan.play(drive);
      await t.post("/api/display", { scale: 1 });
      expect(seen).toEqual(plan.most);
      expect(found).toEqual([]);
    });
  });
}
