/**
 * The table's positions in a real browser against the real host (issue 29): in the demo, two ships tapped → the
 * broadside is set up with its range and rake measured from where the models stand and drawn on the map → resolved
 * with the emulated dice, no /control; a ship moved out of the firing line (`/api/sim/move`) → the same taps are
 * refused with the reason. Then the map with 24 ships at 1920×1080 and 1280×800, and every bundled scenario's map at
 * 1024×600 and on a phone (390×844): no two ships' names overlap or touch (screenshots in test-artifacts/).
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scenarioNames } from "../../host/config/scenario.ts";
import { demoSetup, uidOf } from "../host/helpers.ts";
import { call, devicesUp, type HostProcess, type OpenDisplay, openDisplay, until } from "./harness.ts";
import { screenshot } from "./page-checks.ts";

const ARTIFACTS = resolve(import.meta.dirname, "..", "..", "test-artifacts");
const setup = demoSetup();
let t: OpenDisplay;
let host: HostProcess;
let display: Page;

const state = () => t.state();
const sim = (what: string, body: unknown) => call(`${host.url}/api/sim/${what}`, "POST", body);
const WAIT = { timeout: 15_000, interval: 50 };
/** A few frames after a resize: the map follows its box (a ResizeObserver) and the display fits itself, then draws. */
const settled = () =>
  display.evaluate(
    () =>
      new Promise<void>((done) => {
        let n = 0;
        const next = () => (++n >= 4 ? done() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
  );
const tapBoth = async () => {
  await sim("tap", { reader: "reader-1", uid: uidOf(setup, "royal-james") });
  await sim("lift", { reader: "reader-1" });
  await sim("tap", { reader: "reader-2", uid: uidOf(setup, "gouda") });
  await sim("lift", { reader: "reader-2" });
};

/**
 * What the map covers that it must not (issue 38 item 5): a ship's name, a range band's word or the measured figure
 * over a ship's base (its outline or bow mark, as drawn) or over another of them. Boxes as the browser lays them out.
 */
async function mapCovers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { x0: r.left, x1: r.right, y0: r.top, y1: r.bottom };
    };
    type Box = ReturnType<typeof box>;
    const meet = (a: Box, b: Box) => a.x0 < b.x1 - 1 && b.x0 < a.x1 - 1 && a.y0 < b.y1 - 1 && b.y0 < a.y1 - 1;
    const labels = Array.from(document.querySelectorAll("#map .map-name, #map .map-ring text, #map #map-measure")).map((e) => ({
      what: `“${e.textContent}”`,
      ...box(e),
    }));
    const bases = Array.from(document.querySelectorAll("#map .map-ship")).flatMap((g) =>
      Array.from(g.querySelectorAll(".map-base, .map-bow")).map((e) => ({ what: `${g.getAttribute("data-ship")}'s base`, ...box(e) })),
    );
    const out: string[] = [];
    for (const [i, a] of labels.entries()) {
      for (const b of labels.slice(i + 1)) if (meet(a, b)) out.push(`${a.what} over ${b.what}`);
      for (const b of bases) if (meet(a, b)) out.push(`${a.what} over ${b.what}`);
    }
    return out;
  });
}

beforeAll(async () => {
  t = await openDisplay({ ready: (s) => devicesUp(12)(s) && (s.table?.ships.length ?? 0) === 12 });
  ({ host, display } = t);
  display.on("pageerror", (e) => console.log("display pageerror:", e.message));
}, 90_000);

afterAll(async () => {
  await t?.close();
});

describe("the table's positions in a browser", { timeout: 90_000 }, () => {
  it("two ships tapped: the broadside is measured and drawn on the map, then resolved with the emulated dice", async () => {
    await display.locator("#map .map-ship[data-ship=gouda]").waitFor();
    await tapBoth();
    await display.locator("#map .map-ship.role-firer[data-ship=royal-james]").waitFor();
    await display.locator("#map .map-ship.role-target[data-ship=gouda]").waitFor();
    await expect.poll(() => display.locator("#instruction").textContent(), WAIT).toBe("10 dice — roll 9, then 1");
    // measured, not asked: range base to base, the side fired at, rake — on the action panel and on the map
    expect(await display.locator("#measured [data-field=rangeInches]").textContent()).toMatch(/6\.89″ base to base/);
    expect(await display.locator("#measured [data-field=rake]").textContent()).toMatch(/no$/);
    expect(await display.locator("#measured [data-field=broadside]").textContent()).toMatch(/port$/);
    expect(await display.locator("#map-measure").textContent()).toBe("6.89″ base to base");
    expect(await display.locator("#map-firing-line").getAttribute("class")).toBe("map-line");
    expect(await display.locator("#map .map-ring").count()).toBe(3);
    const pending = (await state()).pending;
    expect(pending?.action).toMatchObject({ firer: "royal-james", target: "gouda", broadside: "port", rake: false });
    expect(pending?.measured?.fields.map((f) => f.name).sort()).toEqual(["broadside", "rake", "rangeInches"]);
    mkdirSync(ARTIFACTS, { recursive: true });
    await screenshot(display, join(ARTIFACTS, "map-broadside-1920.png"));
    // no name, ring word or measured figure over a base or another of them, at both sizes
    expect(await mapCovers(display), "1920×1080").toEqual([]);
    await display.setViewportSize({ width: 1280, height: 800 });
    await settled();
    expect(await mapCovers(display), "1280×800").toEqual([]);
    await screenshot(display, join(ARTIFACTS, "map-broadside-1280.png"));
    await display.setViewportSize({ width: 1920, height: 1080 });
    await settled();

    const dice = ["pixel-1", "pixel-2", "pixel-3", "pixel-4", "pixel-5", "pixel-6", "godice-1", "godice-2", "godice-3"];
    // three hits (5s at medium range), seven misses: Gouda is damaged, not sunk (no follow-ups)
    for (const [i, die] of dice.entries()) await sim("roll", { die, face: i < 3 ? 5 : 2 });
    await expect.poll(() => display.locator("#instruction").textContent(), WAIT).toBe("roll 1 die");
    await sim("roll", { die: "pixel-1", face: 2 });
    await display.locator("#result[data-seq='1']").waitFor();
    const last = (await state()).last;
    // medium range (4–8″): hits on 5+
    expect(last?.action).toMatchObject({ type: "broadside", firer: "royal-james", target: "gouda", rake: false, broadside: "port" });
    expect(last?.outcome.hits).toBe(3);
    expect((await state()).followUps).toEqual([]);
  });

  it("a ship moved out of the firing line: the same taps are refused, with the measured reason", async () => {
    expect((await sim("move", { ship: "gouda", x: 1150, y: 710, heading: 270 })).status).toBe(200);
    await until(state, (s) => s.table?.ships.find((p) => p.id === "gouda")?.x === 1150);
    // Gouda, the last target, is still shown: a first tap on Royal James would set up Gouda firing at her, so Royal
    // James is tapped once more to stand alone, then the same two taps
    await sim("tap", { reader: "reader-2", uid: uidOf(setup, "royal-james") });
    await sim("lift", { reader: "reader-2" });
    await tapBoth();
    const refused = display.locator("#instruction.refused");
    await expect.poll(() => refused.textContent(), WAIT).toMatch(/^Royal James's firing lines? .*miss(es)? Gouda's base by [\d.]+″/);
    expect(await display.locator("#map-firing-line").getAttribute("class")).toBe("map-line misses");
    const s = await state();
    expect(s.pending?.plan).toBeNull();
    expect(s.pending?.measured?.refusal).toMatch(/Gouda/);
    await screenshot(display, join(ARTIFACTS, "map-refused-1920.png"));
  });

  it("24 ships: the map stays inside the viewport with its names legible and apart at 1920×1080 and 1280×800", async () => {
    const names = [
      [
        "Royal Prince",
        "St Michael",
        "Edgar",
        "Royal James",
        "Henry",
        "Cambridge",
        "London",
        "Charles",
        "Victory",
        "Rainbow",
        "Dreadnought",
        "Resolution",
      ],
      [
        "De Zeven Provinciën",
        "Gouda",
        "Oliphant",
        "Dolfijn",
        "Groot Hollandia",
        "Stavoren",
        "Eendracht",
        "Oranje",
        "Wapen van Utrecht",
        "Tholen",
        "Delft",
        "Maagd van Enkhuizen",
      ],
    ];
    const fleets = ["Allied", "Dutch"].map((side, k) => ({
      side,
      ships: (names[k] ?? []).map((name, i) => ({
        id: `${side.toLowerCase()}-${i + 1}`,
        name,
        rating: 3,
        speed: "medium",
        hull: "average",
      })),
    }));
    const made = await call(`${host.url}/api/games`, "POST", { ruleset: "sole-bay-1672", fleets });
    expect(made.status).toBe(201);
    expect((await call(`${host.url}/api/games/${made.json.id}/open`, "POST", {})).status).toBe(200);
    await until(state, (s) => s.table?.ships.length === 24);
    await display.locator("#map .map-ship[data-ship=dutch-12]").waitFor();
    for (const [width, height, action] of [
      [1920, 1080, false],
      [1280, 800, false],
      [1920, 1080, true],
      [1280, 800, true],
    ] as const) {
      // then with a broadside set up in the thick of it: its rings, their words and the measured figure
      if (action) {
        // the two ships tapped, as at the table: the phase's pair action (the broadside) is set up between them
        for (const ship of ["allied-6", "dutch-6"]) {
          const tapped = await call(`${host.url}/api/tap`, "POST", { ship });
          expect(tapped.status, JSON.stringify(tapped.json)).toBe(200);
        }
        await until(state, (x) => x.pending?.action.firer === "allied-6" && x.pending?.action.target === "dutch-6");
      }
      await display.setViewportSize({ width, height });
      await settled();
      await screenshot(display, join(ARTIFACTS, `map-24-ships-${width}${action ? "-action" : ""}.png`));
      expect(await mapCovers(display), `24 ships at ${width}×${height}${action ? ", an action set up" : ""}`).toEqual([]);
      // every ship named on the map or listed under it in full; a short name never less than the first word
      const shown = await display.locator("#map .map-name").evaluateAll((els) => els.map((e) => e.textContent ?? ""));
      const key = (await display.locator("#map-unnamed").count()) ? await display.locator("#map-unnamed").textContent() : "";
      const fleet = (await display.locator("#fleet").textContent()) ?? "";
      const all = fleets.flatMap((f) => f.ships.map((x) => x.name));
      const off = all.filter((ship) => !shown.some((t) => ship.startsWith(t) && t.startsWith(ship.split(" ")[0] ?? ship)));
      // the rest under the map by name, or counted there with every ship in the fleets' list beside it
      if (off.length) expect(key, `${width}×${height}`).toMatch(new RegExp(`^(Not named on the map|${off.length} ships not named)`));
      for (const ship of off) expect((key ?? "").includes(ship) || fleet.includes(ship), `${ship} at ${width}×${height}`).toBe(true);
      const map = await display.locator("#map svg").boundingBox();
      expect(map).not.toBeNull();
      if (!map) return;
      expect(map.x).toBeGreaterThanOrEqual(0);
      expect(map.y).toBeGreaterThanOrEqual(0);
      expect(map.x + map.width).toBeLessThanOrEqual(width);
      expect(map.y + map.height).toBeLessThanOrEqual(height);
      const names = await display.locator("#map .map-name").evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { x0: r.left, x1: r.right, y0: r.top, y1: r.bottom, px: Number.parseFloat(getComputedStyle(e).fontSize) };
        }),
      );
      // none clipped or overlapping, at a size read from the table's edge
      // names are never stubs shorter than a ship's first word ("Dol", "GH", "SM"), so fewer fit than initials did:
      // 20 of 24 at 1920×1080, 10 at 1280×800 or with a broadside's rings widening the map, 6 with both; the rest
      // named under the map or counted there, every ship in the fleets' list (checked above)
      const least = width > 1500 ? (action ? 10 : 20) : action ? 6 : 10;
      expect(names.length, `names at ${width}×${height}${action ? ", an action set up" : ""}`).toBeGreaterThanOrEqual(least);
      const scale = map.width / (await display.locator("#map svg").evaluate((e) => (e as SVGSVGElement).viewBox.baseVal.width));
      for (const [i, a] of names.entries()) {
        expect(a.px * scale).toBeGreaterThanOrEqual(19);
        expect(a.x0).toBeGreaterThanOrEqual(map.x - 1);
        expect(a.x1).toBeLessThanOrEqual(map.x + map.width + 1);
        for (const b of names.slice(i + 1)) expect(a.x0 < b.x1 - 1 && b.x0 < a.x1 - 1 && a.y0 < b.y1 - 1 && b.y0 < a.y1 - 1).toBe(false);
      }
    }
  });

  it("bad names: a 200-character name and a name with markup among 24 ships — read as text, nothing overlaps, nothing runs", async () => {
    const long = `Wapen van ${"Groot ".repeat(31)}Hollandia`.slice(0, 200);
    const markup = `<img src=x onerror="window.__ran=1">Evil <b>bold</b><script>window.__ran=2</script>`;
    const fleets = ["Allied", "Dutch"].map((side, k) => ({
      side,
      ships: Array.from({ length: 12 }, (_, i) => ({
        id: `${side.toLowerCase()}-${i + 1}`,
        name: k === 0 && i === 3 ? long : k === 1 && i === 5 ? markup : `${side} ship ${i + 1}`,
        rating: 3,
        speed: "medium",
        hull: "average",
      })),
    }));
    const made = await call(`${host.url}/api/games`, "POST", { ruleset: "sole-bay-1672", fleets });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect((await call(`${host.url}/api/games/${made.json.id}/open`, "POST", {})).status).toBe(200);
    await until(state, (s) => s.game === made.json.id && s.table?.ships.length === 24);
    for (const [width, height] of [
      [1024, 600],
      [1920, 1080],
    ] as const) {
      await display.setViewportSize({ width, height });
      await display.reload();
      // at 1024×600 the map may give way to what the table needs now (display-fit): it is then not drawn
      await display.locator("#map .map-ship[data-ship=dutch-12]").waitFor({ state: "attached" });
      await settled();
      await screenshot(display, join(ARTIFACTS, `map-bad-names-${width}.png`));
      // the markup is text on the page, never an element, and nothing of it ran
      expect(await display.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
      expect(await display.locator("#app img, #app script, #fleet b").count()).toBe(0);
      expect(await display.locator("#fleet").textContent()).toContain("Evil <b>bold</b>");
      // nothing overlaps on the map; no box of text overflows, the page does not scroll
      expect(await mapCovers(display), `${width}×${height}`).toEqual([]);
      const overflows = await display.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>("#app *"))
          .filter((el) => el.clientWidth > 0 && !el.closest("svg, .sr-only") && (el.textContent ?? "").trim() !== "")
          .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
          .map(
            (el) =>
              `${el.tagName.toLowerCase()}.${el.className}: ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`,
          ),
      );
      expect(overflows, `${width}×${height}`).toEqual([]);
      expect(await display.evaluate(() => document.documentElement.scrollHeight <= innerHeight + 1)).toBe(true);
    }
  });

  it("every bundled scenario: at 1024×600 and on a phone no two ships' names overlap or touch", async () => {
    const seen: string[] = [];
    for (const scenario of scenarioNames()) {
      const made = await call(`${host.url}/api/games`, "POST", { ruleset: scenario, scenario });
      expect(made.status, scenario).toBe(201);
      expect((await call(`${host.url}/api/games/${made.json.id}/open`, "POST", {})).status).toBe(200);
      const ships = (await until(state, (s) => s.game === made.json.id && (s.table?.ships.length ?? 0) > 0)).table?.ships ?? [];
      await display.locator(`#map .map-ship[data-ship="${ships.at(-1)?.id}"]`).waitFor();
      for (const [width, height] of [
        [1024, 600],
        [390, 844],
      ] as const) {
        await display.setViewportSize({ width, height });
        await settled();
        // the map may give way to what the table needs now at 1024×600: its names are checked where it is shown
        if (!(await display.locator("#map svg").isVisible())) continue;
        const names = await display.locator("#map .map-name").evaluateAll((els) =>
          els.map((e) => {
            const r = e.getBoundingClientRect();
            return { text: e.textContent ?? "", x0: r.left, x1: r.right, y0: r.top, y1: r.bottom };
          }),
        );
        expect(names.length, `${scenario} at ${width}×${height}: ships named`).toBeGreaterThanOrEqual(Math.min(ships.length, 4));
        // apart by 4 px across (two short names side by side never read as one word) and 1 px down
        for (const [i, a] of names.entries())
          for (const b of names.slice(i + 1))
            expect(
              a.x0 < b.x1 + 4 && b.x0 < a.x1 + 4 && a.y0 < b.y1 - 1 && b.y0 < a.y1 - 1,
              `${scenario} at ${width}×${height}: ${a.text} and ${b.text}`,
            ).toBe(false);
        seen.push(`${scenario} ${width}`);
        await screenshot(display, join(ARTIFACTS, `map-${scenario}-${width}.png`), { fullPage: width < 600 });
      }
    }
    // on a phone the map is always there (below the fold is fine: the phone scrolls)
    expect(seen.filter((s) => s.endsWith(" 390"))).toHaveLength(scenarioNames().length);
  });
});
