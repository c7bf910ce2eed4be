/**
 * A movement phase of 1666 and of WS&IM played from the table's devices in a real browser against the real host (the
 * demos, on their 2″ hex cloth): a ship's tag tapped on a reader sets up her move — the display says Movement and her
 * name, never a collision or a grapple to tap a second ship for — her model moved a hex ahead along the hexside she
 * faces is said in words, and the next ship tapped logs it and sets up hers. At 1920×1080 and 1024×600; screenshots
 * in test-artifacts/.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { TableView } from "../../host/server/view-schema.ts";
import { demoSetup, uidOf } from "../host/helpers.ts";
import { call, devicesUp, type OpenDisplay, openDisplay, until } from "./harness.ts";
import { screenshot } from "./page-checks.ts";

const ARTIFACTS = resolve(import.meta.dirname, "..", "..", "test-artifacts");
const WAIT = { timeout: 15_000, interval: 50 };
/** The demos' hexes: 2″ across the flats. */
const HEX = 50.8;
let t: OpenDisplay | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The demo's host and display, walked to the phase named (rolls on the way rolled by the host, choices the first). */
async function openAt(scenario: string, phase: string): Promise<OpenDisplay> {
  const d = await openDisplay({ args: ["--scenario", scenario], ready: (s) => devicesUp(12)(s) && (s.table?.ships.length ?? 0) === 4 });
  d.display.on("pageerror", (e) => console.log(`${scenario} pageerror:`, e.message));
  for (let i = 0; i < 20; i++) {
    const s = await d.state();
    if (s.phase.name === phase && !s.pending?.needed && !s.choice) break;
    const before = s.version;
    if (s.choice) await d.post("/api/choose", { value: (s.choice as { options?: { value: unknown }[] }).options?.[0]?.value });
    else if (s.pending?.needed) await d.post("/api/dice/software", {});
    else await d.post("/api/phase/next", {});
    await until(d.state, (x) => x.version > before, 10_000);
  }
  expect((await d.state()).phase.name).toBe(phase);
  return d;
}

/** A ship's tag on the first reader, then lifted, as a player does; resolves once the display shows the state after it. */
async function tap(d: OpenDisplay, scenario: string, ship: string): Promise<TableView> {
  const uid = uidOf(demoSetup(scenario), ship);
  await call(`${d.host.url}/api/sim/tap`, "POST", { reader: "reader-1", uid });
  await call(`${d.host.url}/api/sim/lift`, "POST", { reader: "reader-1" });
  const s = await until(d.state, (x) => x.pending?.action.ship === ship);
  await expect
    .poll(async () => Number(await d.display.locator("body").getAttribute("data-version")), WAIT)
    .toBeGreaterThanOrEqual(s.version);
  return s;
}

/** Her model moved `hexes` hexes straight ahead along the hexside she faces. */
async function ahead(d: OpenDisplay, ship: string, hexes: number): Promise<void> {
  const p = (await d.state()).table?.ships.find((s) => s.id === ship);
  if (!p) throw new Error(`${ship} is not on the table`);
  const rad = (p.heading * Math.PI) / 180;
  const to = { x: p.x + hexes * HEX * Math.sin(rad), y: p.y + hexes * HEX * Math.cos(rad), heading: p.heading };
  expect((await call(`${d.host.url}/api/sim/move`, "POST", { ship, ...to })).status).toBe(200);
}

/** The action panel: Movement and her name, what the display asks; never a pair action's title. */
async function actionPanel(d: OpenDisplay, name: string): Promise<void> {
  const text = (await d.display.locator("#action").textContent()) ?? "";
  expect(text).toMatch(/movement/i);
  expect(text).toContain(name);
  expect(text).not.toMatch(/collision|grapple/i);
}

async function shots(d: OpenDisplay, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await screenshot(d.display, join(ARTIFACTS, `${name}-1920.png`));
  await d.display.setViewportSize({ width: 1024, height: 600 });
  await expect.poll(() => d.display.locator("#move-line .move-words").isVisible(), WAIT).toBe(true);
  await screenshot(d.display, join(ARTIFACTS, `${name}-1024.png`));
  await d.display.setViewportSize({ width: 1920, height: 1080 });
}

describe("a movement phase from the table's devices", { timeout: 180_000 }, () => {
  it("1666: a ship tapped has her move set up; moved a hex, it is said; the next ship tapped logs it", async () => {
    t = await openAt("anglo-dutch-1666", "movement");
    const d = t;
    // every demo ship faces a hexside of the cloth (60°, 240°), not 90°/270°
    expect(new Set((await d.state()).table?.ships.map((s) => s.heading))).toEqual(new Set([60, 240]));
    const s = await tap(d, "anglo-dutch-1666", "royal-charles");
    expect(s.pending?.type).toBe("move");
    await actionPanel(d, "Royal Charles");
    await ahead(d, "royal-charles", 1);
    await expect
      .poll(() => d.display.locator("#move-line .move-words").textContent(), WAIT)
      .toBe("Royal Charles moved 1 hex of her 3 hexes, no turn");
    await shots(d, "move-taps-1666");
    // the next ship tapped is the next move: Royal Charles's is logged
    const next = await tap(d, "anglo-dutch-1666", "swiftsure");
    expect(next.pending?.type).toBe("move");
    await until(d.state, (x) => x.history.some((h) => h.description === "Royal Charles moved 1 hex of her 3 hexes, no turn"));
    await actionPanel(d, "Swiftsure");
  });

  it("WS&IM: her plot made, a ship tapped in movement has her move set up; moved as plotted, it is said; the next tap logs it", async () => {
    t = await openAt("wsim-battle-v3", "movement plotting");
    const d = t;
    // the plot is typed on /control (no device says it)
    const plotted = await d.post("/api/actions", { action: { type: "plot", ship: "victory", plot: "1", allowanceMP: 3 } });
    expect(plotted.status, JSON.stringify(plotted.json)).toBe(200);
    await d.post("/api/phase/next", {});
    await until(d.state, (x) => x.phase.name === "movement");
    // a ship with no plot is told so as she is tapped
    const unplotted = await tap(d, "wsim-battle-v3", "temeraire");
    expect(unplotted.pending?.instruction).toMatch(/^Temeraire has no plot this turn/);
    const s = await tap(d, "wsim-battle-v3", "victory");
    expect(s.pending?.type).toBe("move");
    await actionPanel(d, "Victory");
    await ahead(d, "victory", 1);
    await expect.poll(() => d.display.locator("#move-line .move-words").textContent(), WAIT).toMatch(/^Victory moved one hex, no turn/);
    expect(await d.display.locator("#move-line").getAttribute("data-legal")).toBe("true");
    await shots(d, "move-taps-wsim");
    await tap(d, "wsim-battle-v3", "redoutable");
    await until(d.state, (x) => x.history.some((h) => h.description.startsWith("Victory moved one hex")));
    await actionPanel(d, "Redoutable");
  });
});
