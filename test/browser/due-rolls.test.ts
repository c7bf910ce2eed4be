/**
 * Issue 38 item 1 in a real browser: Age of Sail's own rolls prompted by the table, played three rounds from the
 * table's devices only (the emulated button box's next-phase, the emulated dice) on the demo's table file with
 * Victory burning (set on fire in round 1) and Fougueux aground. Round 2's fire removal stage asks for Victory's roll
 * (5–6) and the display says so; a 2 lets the fire grow, and round 3 asks for the 6; the refloat stage asks Fougueux
 * each round; the end of round asks for the wind. Nothing is set up on /control.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { colorFits } from "../../host/public/lib/table.js";
import type { TableView } from "../../host/server/view-schema.ts";
import { call, devicesUp, freshDataDir, type OpenDisplay, openDisplay, until } from "./harness.ts";
import { padPresser, stuckAt } from "./pad-press.ts";
import { screenshot } from "./page-checks.ts";

const ARTIFACTS = resolve(import.meta.dirname, "..", "..", "test-artifacts");

const WAIT = { timeout: 20_000, interval: 50 };
let t: OpenDisplay;
let display: Page;
const state = () => t.state();

const press = padPresser(() => t);
const stuck = stuckAt(() => t);

/** Rolls the emulated dice the pending roll needs, each to `face` (of a colour that fits its plan entry). */
async function roll(face: number): Promise<TableView> {
  const s = await state();
  const p = s.pending;
  if (!p?.plan) throw new Error(`nothing to roll: ${p?.instruction}`);
  const dice = s.devices.filter((d) => d.kind === "die" && d.connected);
  for (const [i, e] of p.plan.entries()) {
    const have = p.dice.filter((d) => d.entry === i).length;
    const fit = dice.filter((d) => colorFits(d.color ? [d.color] : [], e, p.plan ?? []));
    for (let k = have; k < e.count; k++) await call(`${t.host.url}/api/sim/roll`, "POST", { die: fit[k % fit.length]?.id, face });
  }
  return until(state, (x) => x.version > s.version && (x.pending?.dice.length ?? 0) === 0, 10_000);
}

/** What the display's action panel says, once it has drawn `s`. */
async function shown(s: TableView): Promise<string> {
  await expect.poll(async () => Number(await display.locator("body").getAttribute("data-version")), WAIT).toBeGreaterThanOrEqual(s.version);
  return (await display.locator("#action").textContent()) ?? "";
}

beforeAll(async () => {
  const dir = freshDataDir();
  const table = `${dir}-burning.yaml`;
  const demo = readFileSync(resolve(import.meta.dirname, "..", "..", "host", "scenarios", "age-of-sail.yaml"), "utf8");
  writeFileSync(
    table,
    demo
      .replace("{ id: victory, name: Victory,", "{ id: victory, name: Victory, fire: 1, fireRound: 1,")
      .replace("{ id: fougueux, name: Fougueux,", "{ id: fougueux, name: Fougueux, aground: true,"),
  );
  t = await openDisplay({ args: ["--config", table, "--sim"], dataDir: dir, ready: devicesUp(12) });
  display = t.display;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("Age of Sail's own rolls, asked by the table (three rounds, the pad and the dice only)", { timeout: 180_000 }, () => {
  it("fire removal in the next round (5–6, then 6), refloating each round, the wind at each round's end", async () => {
    const asked: string[] = [];
    const n = (await state()).ruleset.phases.length;
    for (let round = 1; round <= 3; round++) {
      for (let phase = 0; phase < n; phase++) {
        // the stage itself, not the first push after the press (a device's health may come first under load)
        let s = await until(state, (x) => x.turn === round && x.phase.index === phase, 10_000);
        expect([s.turn, s.phase.index], stuck(s)).toEqual([round, phase]);
        // every roll the stage makes due, as the display asks for it; Victory's first removal roll fails (a 2)
        while (s.followUps.length > 0 && s.pending?.origin === "follow-up") {
          const purpose = String(s.followUps[0]?.purpose ?? "");
          expect(await shown(s)).toContain(`The rules demand: ${purpose}`);
          asked.push(`${round}.${phase} ${purpose}`);
          if (purpose.startsWith("Victory"))
            await screenshot(display, join(ARTIFACTS, `due-roll-fire-removal-round-${round}-1920x1080.png`));
          s = await roll(purpose.startsWith("Victory is on fire") ? 2 : 6);
        }
        if (s.pending?.type === "wind") {
          asked.push(`${round}.${phase} wind`);
          await roll(3);
          continue; // the wind ends the round: the table is at the next round's first stage
        }
        await press("next-phase");
      }
    }
    expect(asked).toEqual([
      "1.2 Fougueux is aground: she tries to refloat (a 6)",
      "1.12 wind",
      "2.0 Victory is on fire: fire removal, 5–6 puts it out",
      "2.12 wind",
      "3.0 Victory's fire has grown: fire removal, a 6 or she blows up",
      "3.12 wind",
    ]);
    const s = await state();
    expect(s.notices.filter((x) => /put away unresolved/.test(x.text))).toEqual([]);
  });
});
