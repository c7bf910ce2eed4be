/**
 * The odds bars drawn to their percentages (issue 38 item 4): the display's own odds component (components/odds.js,
 * bundled as the pages are) in the display's own style sheet, in every way the fit may draw it — columns or rows,
 * staggered percentages, the small ones' percentages hidden (`fit-odds-sparse`), the chart shortened
 * (`fit-odds-short`) — each bar's drawn length is its p over the largest p times the largest bar's, within 2 px. Mid-roll
 * at 1280×800 "1 hit" (8.7 %) once stood taller than "3 hits" (26 %): a column whose percentage the fit hid had a
 * taller track. display-fit.ts makes the same check in every state of every scenario.
 */
import { resolve } from "node:path";
import { build } from "esbuild";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./harness.ts";

const ROOT = resolve(import.meta.dirname, "..", "..");
let browser: BrowserContext;
let page: Page;

/** A broadside's hits, 0 to `n`, as a binomial at 1/3 (Sole Bay's 5+): many columns, several under 10 %. */
function hitsBars(n: number) {
  const choose = (k: number) => {
    let c = 1;
    for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
    return c;
  };
  return Array.from({ length: n + 1 }, (_, k) => ({ label: String(k), p: choose(k) * (1 / 3) ** k * (2 / 3) ** (n - k) }));
}

beforeAll(async () => {
  const bundle = await build({
    stdin: {
      contents: `import { render } from "preact";
        import { html } from "./host/public/lib/html.js";
        import { Odds } from "./host/public/components/odds.js";
        window.show = (odds, fit) => {
          document.getElementById("app").className = fit;
          render(html\`<section class="panel action" id="action"><\${Odds} odds=\${odds} /></section>\`, document.getElementById("app"));
        };`,
      resolveDir: ROOT,
      loader: "js",
    },
    bundle: true,
    write: false,
    format: "iife",
  });
  browser = await launchChromium();
  page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  // the pages' style sheet as the build bundles it (style.css imports a file per page or component)
  const sheet = await build({ entryPoints: [resolve(ROOT, "host", "public", "style.css")], bundle: true, write: false });
  const css = sheet.outputFiles[0]?.text ?? "";
  await page.setContent(`<!doctype html><html><head><style>${css}</style></head><body class="display"><div id="app"></div></body></html>`);
  await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? "" });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** Each bar's length against its p: the bars off by more than 2 px. */
function offBars(): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const chart of Array.from(document.querySelectorAll(".odds-bars"))) {
      const rows = chart.classList.contains("odds-rows");
      const bars = Array.from(chart.querySelectorAll<HTMLElement>(".odds-col")).map((col) => {
        const r = col.querySelector(".odds-bar")?.getBoundingClientRect();
        return { label: col.dataset.value ?? "", p: Number(col.dataset.p), size: r ? (rows ? r.width : r.height) : 0 };
      });
      const top = bars.reduce((a, b) => (b.p > a.p ? b : a));
      for (const b of bars) {
        const want = (b.p / top.p) * top.size;
        if (Math.abs(b.size - want) > 2)
          out.push(`"${b.label}" ${(b.p * 100).toFixed(1)} %: ${b.size.toFixed(1)} px, not ${want.toFixed(1)} px`);
      }
    }
    return out;
  });
}

describe("the odds bars are drawn to their percentages", { timeout: 60_000 }, () => {
  const charts = {
    "ten dice (staggered columns)": hitsBars(10),
    "four dice (columns)": hitsBars(4),
    "worded bars (rows)": [
      { label: "The wind holds", p: 0.75 },
      { label: "The wind rises", p: 0.087 },
      { label: "The wind falls", p: 0.163 },
    ],
  };
  for (const [name, bars] of Object.entries(charts))
    it(name, async () => {
      for (const fit of ["", "fit-odds-sparse", "fit-odds-short", "fit-odds-sparse fit-odds-short"]) {
        await page.evaluate(
          ([b, f]) =>
            (window as unknown as { show: (o: unknown, f: string) => void }).show({ headline: { title: "Hits", bars: b } }, f as string),
          [bars, fit] as const,
        );
        expect(await page.locator(".odds-col").count()).toBe(bars.length);
        expect(await offBars(), `${name}, ${fit || "no fit"}`).toEqual([]);
      }
    });
});
