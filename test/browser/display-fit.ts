/**
 * The display fits its content (issue 26 item 1): for every bundled scenario, in the states a game goes through —
 * an action set up with its odds, its dice half in, a result with the most dice the rule set rolls at once (twelve
 * for Sole Bay's raking broadside), a follow-up with a choice to make — at 1920×1080, 1280×800 and 1024×600 and at
 * every text scale /control offers: no box that holds text overflows (scrollWidth/scrollHeight within 1 px of its
 * client size), the page does not scroll, and the instruction, the dice count and the odds headline are on screen.
 * One browser, one host per scenario, one page per size; the states are driven through the API and the emulated dice.
 * Each scenario is its own test file (display-fit-<scenario>.test.ts), so the lanes' workers take them side by side.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCALES } from "../../host/public/lib/scales.js";
import { colorFits } from "../../host/public/lib/table.js";
import type { TableView } from "../../host/server/view-schema.ts";
import { devicesUp, freshDataDir, launchChromium, type OpenDisplay, openDisplay, until } from "./harness.ts";

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 800 },
  { width: 1024, height: 600 },
] as const;

type Action = Record<string, unknown>;
/** Each scenario's firing action (its geometric fields given, so no positions are needed) and what it needs first. */
interface Plan {
  readonly args: (dir: string) => string[];
  readonly fire: Action;
  /** Before the action: what waits at the start is set aside. */
  readonly clear?: boolean;
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
    // 9 dice for a first rate, 3 for raking: twelve
    fire: { type: "broadside", firer: "royal-james", target: "gouda", rangeInches: 1, rake: true },
    clear: true,
  },
  quickfire: {
    args: () => ["--scenario", "quickfire"],
    fire: { type: "gunnery", firer: "mikasa", target: "knyaz-suvorov", battery: "heavy", range: "short", arc: "broadside" },
  },
  "anglo-dutch-1666": {
    args: () => ["--scenario", "anglo-dutch-1666"],
    fire: { type: "fire", firer: "royal-charles", target: "zeven-provincien", range: "short" },
    clear: true,
  },
  "wsim-battle-v3": {
    args: wsimWithoutTables,
    fire: { type: "fire", firer: "victory", target: "redoutable", rangeHexes: 2, gunsFiring: 10 },
    clear: true,
  },
  "age-of-sail": {
    args: () => ["--scenario", "age-of-sail"],
    fire: { type: "fire", firer: "victory", target: "redoutable", aim: "hull", rangeCm: 8, side: "port" },
  },
} satisfies Record<string, Plan>;

/** Rolls `n` of the dice the pending action still needs, each on an emulated die of its entry's colour. */
async function roll(t: OpenDisplay, n: number): Promise<void> {
  const s = await t.state();
  const p = s.pending;
  if (!p?.plan) throw new Error("no roll pending");
  const dice = s.devices.filter((d) => d.kind === "die" && d.connected);
  const have = p.dice.length;
  let rolled = 0;
  for (const [i, e] of p.plan.entries()) {
    const fit = dice.filter((d) => colorFits(d.color ? [d.color] : [], e, p.plan ?? []));
    for (let k = p.dice.filter((d) => d.entry === i).length; k < e.count && rolled < n; k++) {
      await t.post("/api/sim/roll", { die: fit[k % fit.length]?.id, face: ((have + rolled) % 6) + 1 });
      rolled++;
      await until(t.state, (x) => (x.pending?.dice.length ?? 0) >= have + rolled || x.history.length > s.history.length, 10_000);
    }
  }
}

/** What a page shows wrong: boxes whose text overflows, a page that scrolls, the table's needs off screen. */
function problems(page: Page, need: { dice: boolean; odds: boolean }): Promise<string[]> {
  return page.evaluate((need) => {
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
    const wanted = ["#instruction, #choice-options", ...(need.dice ? ["#dice-count"] : []), ...(need.odds ? [".odds > .kicker"] : [])];
    for (const sel of wanted) {
      const bad = onScreen(sel);
      if (bad) out.push(bad);
    }
    return out;
  }, need);
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
      // every page shows this state
      for (const page of pages)
        await expect
          .poll(async () => Number(await page.locator("body").getAttribute("data-version")), { timeout: 10_000 })
          .toBeGreaterThanOrEqual(s.version);
      const need = { dice: (s.pending?.dice.length ?? 0) > 0 && !s.choice, odds: s.pending?.odds != null && !s.choice };
      const found: string[] = [];
      for (const scale of SCALES) {
        await t.post("/api/display", { scale });
        for (const [i, page] of pages.entries()) {
          await page.waitForFunction((v) => document.documentElement.style.getPropertyValue("--scale") === String(v), scale);
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
          const size = SIZES[i] ?? SIZES[0];
          for (const p of await problems(page, need))
            found.push(`${state} at ${size.width}×${size.height}, ${Math.round(scale * 100)} %: ${p}`);
        }
      }
      await t.post("/api/display", { scale: 1 });
      return found;
    }

    it("an action set up with its odds, its dice half in, its result, and the follow-up after it", async () => {
      if (plan.clear) {
        await t.post("/api/cancel", {});
        await until(t.state, (s) => !s.pending?.plan?.length);
      }
      expect((await t.post("/api/actions", { action: plan.fire })).status).toBe(200);
      const set = await until(t.state, (s) => (s.pending?.needed ?? 0) > 0);
      expect(set.pending?.odds).toBeTruthy();
      const found = await check("set up");
      const needed = set.pending?.needed ?? 0;
      if (needed >= 2) {
        await roll(t, Math.floor(needed / 2));
        found.push(...(await check("dice half in")));
      }
      const before = set.history.length;
      await roll(t, needed);
      const after = await until(t.state, (s: TableView) => s.history.length > before);
      expect(after.last?.dice.length).toBe(needed);
      found.push(...(await check(`a result with ${needed} dice`)));
      // what the rules ask next: a choice (WS&IM's Fire Table read by hand: 0 hits to the most), else the next action
      if (after.choice) {
        const options = (after.choice.options as unknown[] | undefined)?.length ?? 0;
        expect(options).toBeGreaterThan(0);
        found.push(...(await check(`a follow-up choice of ${options} options`)));
      }
      expect(found).toEqual([]);
    });
  });
}
