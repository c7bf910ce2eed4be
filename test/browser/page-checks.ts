/**
 * Measurements the browser tests make on a page: text smaller than a size, touch targets smaller than a size,
 * damage boxes, and axe-core's serious or critical violations (axe's own script injected into the page).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import type { Page } from "playwright-core";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** Visible elements with their own text whose computed font size is below `px` (svg and screen-reader-only text aside). */
export function smallText(page: Page, px: number, root = "body"): Promise<string[]> {
  return page.evaluate(
    ({ px, root }) => {
      const out: string[] = [];
      for (const el of Array.from(document.querySelectorAll<HTMLElement>(`${root} *`))) {
        if (el.closest("svg, .sr-only, option, [hidden]")) continue;
        const own = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "");
        const r = el.getBoundingClientRect();
        if (!own || r.width === 0 || r.height === 0) continue;
        const cs = getComputedStyle(el);
        if (cs.visibility === "hidden" || cs.display === "none") continue;
        const size = Number.parseFloat(cs.fontSize);
        if (size < px - 0.01)
          out.push(`${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? "").trim().slice(0, 30)}" ${size}px`);
      }
      return out;
    },
    { px, root },
  );
}

/** Sizes (px) of the damage boxes shown (a compact fleet strip hides some tracks: those are not shown). */
export function boxSizes(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll(".box")).flatMap((b) => {
      const r = b.getBoundingClientRect();
      return r.width === 0 && r.height === 0 ? [] : [Math.min(r.width, r.height)];
    }),
  );
}

/** Buttons, links, inputs and selects whose touch target (a check box's label counts) is below `px` either way. */
export function smallTargets(page: Page, px: number): Promise<string[]> {
  return page.evaluate((px) => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("button, a[href], input, select, textarea"))) {
      const target =
        (el as HTMLInputElement).type === "checkbox" || (el as HTMLInputElement).type === "radio" ? (el.closest("label") ?? el) : el;
      const r = target.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.width < px - 0.5 || r.height < px - 0.5)
        out.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("name") || el.id).trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`,
        );
    }
    return out;
  }, px);
}

/** axe-core's violations of impact serious or critical, as "rule: target" lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is a global injected by its script
    const axe = (window as any).axe;
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations
      .filter((v: { impact: string }) => v.impact === "serious" || v.impact === "critical")
      .flatMap((v: { id: string; nodes: { target: string[]; failureSummary: string }[] }) =>
        v.nodes.map((n) => `${v.id}: ${n.target.join(" ")} — ${n.failureSummary.split("\n")[1] ?? ""}`),
      );
  });
}

/**
 * A PNG of `page` (its viewport, or the whole page) written to `path`, for a person to look at: chromium encodes it
 * for speed rather than size (`optimizeForSpeed`), as its default compression was most of a screenshot's time
 * (1920×1080: ~65 ms instead of 160–290 ms under load). A display is taken as it settles (no fit step waiting to go).
 */
export async function screenshot(page: Page, path: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  // the display as it settles once the table is quiet (lib/fit.js: a result keeps the fleet strip's form a moment)
  await page.waitForFunction(() => document.querySelector("[data-fit-settle]") === null, null, { timeout: 5000 }).catch(() => {});
  const size = opts.fullPage
    ? await page.evaluate(() => ({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight }))
    : null;
  const cdp = await page.context().newCDPSession(page);
  try {
    const shot = (await cdp.send("Page.captureScreenshot", {
      format: "png",
      // in chromium's DevTools protocol since 113, not yet in playwright-core's types
      ...({ optimizeForSpeed: true } as object),
      ...(size ? { captureBeyondViewport: true, clip: { x: 0, y: 0, ...size, scale: 1 } } : {}),
    })) as { data: string };
    mkdirSync(dirname(path), { recursive: true }); // a test run alone has no artifacts folder yet
    writeFileSync(path, Buffer.from(shot.data, "base64"));
  } finally {
    await cdp.detach();
  }
}
