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
    for (const [width, height] of [
      [1920, 1080],
      [1280, 800],
    ] as const) {
      await display.setViewportSize({ width, height });
      await settled();
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
      // most ships are named (the rest by initials or, rarely, not at all: the fleet below lists all), none clipped or
      // overlapping, at a size read from the table's edge
      expect(names.length).toBeGreaterThanOrEqual(20);
      const scale = map.width / (await display.locator("#map svg").evaluate((e) => (e as SVGSVGElement).viewBox.baseVal.width));
      for (const [i, a] of names.entries()) {
        expect(a.px * scale).toBeGreaterThanOrEqual(19);
        expect(a.x0).toBeGreaterThanOrEqual(map.x - 1);
        expect(a.x1).toBeLessThanOrEqual(map.x + map.width + 1);
        for (const b of names.slice(i + 1)) expect(a.x0 < b.x1 - 1 && b.x0 < a.x1 - 1 && a.y0 < b.y1 - 1 && b.y0 < a.y1 - 1).toBe(false);
      }
      await screenshot(display, join(ARTIFACTS, `map-24-ships-${width}.png`));
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
