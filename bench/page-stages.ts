/**
 * Where the display's time goes, stage by stage, for each update the latency bench waits for: the page notes when
 * each stage of the last update ran (host/public/lib/stages.js, `window.__qdStages`); this reads them after the
 * paint and sums them up per stage, from the state written to the live sockets to the frame painted.
 */
import type { Page } from "playwright-core";
import { quantile } from "./stats.ts";

/** The stages in order, each with the words the report gives the time up to it from the one before. */
const STAGES = [
  ["received", "state written to the socket → received by the page (the socket, and the page's queue)"],
  ["handled", "→ parsed and shared with the last state (JSON.parse, lib/share.js)"],
  ["render", "→ the display's render begins (Preact's queue)"],
  ["fit", "→ rendered: Preact's diff and the DOM written (components, the map's layers and labels)"],
  ["laidout", "→ the style and layout of what the render wrote, with the fit's steps (forced by the fit's first measure)"],
  ["fitted", "→ fitted (lib/fit.js: its reading of the boxes, and the layouts its steps force)"],
  ["frame", "→ the next animation frame begins (the wait for the display's frame)"],
  ["painted", "→ that frame's style, layout and paint done"],
] as const;

type Stages = Partial<Record<(typeof STAGES)[number][0], number>> & { fitHow?: string };

/**
 * The stages of the update of `version` the page has just painted, as epoch ms (the bench's clock); none when a later
 * push has cleared them before they were read (or the page drew that state with another).
 */
export async function readStages(page: Page, version: number): Promise<Stages> {
  const handle = await page
    .waitForFunction(
      (v) => {
        const s = (window as unknown as { __qdStages?: Record<string, number> }).__qdStages;
        if (!s || s.painted === undefined || s.version !== v) return undefined;
        const at = Object.entries(s).flatMap(([k, t]) => (k === "version" ? [] : [[k, performance.timeOrigin + t] as const]));
        return { ...Object.fromEntries(at), fitHow: document.getElementById("app")?.dataset.fitHow ?? "" };
      },
      version,
      { polling: "raf", timeout: 500 },
    )
    .catch(() => null);
  return handle ? ((await handle.jsonValue()) as Stages) : {};
}

/** Collects the stages of many updates; `table()` gives each stage's p50 and p99 and the runs that had it. */
export class StageTimes {
  private readonly times = new Map<string, number[]>();
  /** How many fits were made each way (lib/fit.js: known, kept, tried, scratch). */
  private readonly fitHow = new Map<string, number>();

  /** One update: `pushed`, when the host had written the state to the live sockets (epoch ms). */
  add(pushed: number, stages: Stages): void {
    if (stages.fitHow) this.fitHow.set(stages.fitHow, (this.fitHow.get(stages.fitHow) ?? 0) + 1);
    let before = pushed;
    for (const [name] of STAGES) {
      const at = stages[name];
      if (at === undefined) continue;
      const list = this.times.get(name) ?? [];
      list.push(Math.max(0, at - before));
      this.times.set(name, list);
      before = at;
    }
  }

  /** A Markdown table of the stages, titled `what`. */
  table(what: string): string {
    const rows = STAGES.flatMap(([name, words]) => {
      const ms = this.times.get(name);
      return ms?.length ? [`| ${words} | ${quantile(ms, 0.5).toFixed(1)} ms | ${quantile(ms, 0.99).toFixed(1)} ms | ${ms.length} |`] : [];
    });
    const how = [...this.fitHow].map(([k, n]) => `${k} ${n}`).join(", ");
    return [`| ${what}: the page's stages | p50 | p99 | runs |`, "|---|---|---|---|", ...rows, "", `Fits made (lib/fit.js): ${how}.`].join(
      "\n",
    );
  }
}
