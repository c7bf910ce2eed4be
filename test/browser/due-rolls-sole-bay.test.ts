/**
 * Issue 38 item 1 in a real browser, Sole Bay: three turns from the table's devices only (the emulated button box's
 * next-phase, the emulated dice) on the demo's table file with St Michael burning. Each turn the end of movement asks
 * for her fire damage (1d3 "per move") and then her fire fighting (4+ "until a successful Fire Fighting roll puts it
 * out"); each turn's end is played, so no ship keeps last turn's broadsides. Nothing is set up on /control.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { colorFits } from "../../host/public/lib/table.js";
import type { TableView } from "../../host/server/view-schema.ts";
import { call, devicesUp, freshDataDir, type OpenDisplay, openDisplay, until } from "./harness.ts";

const WAIT = { timeout: 20_000, interval: 50 };
let t: OpenDisplay;
const state = () => t.state();
let lastPress = 0;
let n = 0;

async function press(command: string): Promise<TableView> {
  const wait = lastPress + 80 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const before = (await state()).version;
  lastPress = Date.now();
  await call(`${t.host.url}/api/sim/press`, "POST", { command });
  return until(state, (s) => s.version > before, 10_000);
}

/** Rolls the emulated dice the pending roll needs: a 1 for the fire's rolls (she burns on), mixed faces for the rest. */
async function roll(): Promise<TableView> {
  const s = await state();
  const p = s.pending;
  if (!p?.plan) throw new Error(`nothing to roll: ${p?.instruction}`);
  const fire = p.type === "fire-damage" || p.type === "fire-fighting";
  const dice = s.devices.filter((d) => d.kind === "die" && d.connected);
  for (const [i, e] of p.plan.entries()) {
    const have = p.dice.filter((d) => d.entry === i).length;
    const fit = dice.filter((d) => colorFits(d.color ? [d.color] : [], e, p.plan ?? []));
    for (let k = have; k < e.count; k++)
      await call(`${t.host.url}/api/sim/roll`, "POST", { die: fit[k % fit.length]?.id, face: fire ? 1 : (n++ % 6) + 1 });
  }
  return until(state, (x) => x.version > s.version && (x.pending?.dice.length ?? 0) === 0, 10_000);
}

beforeAll(async () => {
  const dir = freshDataDir();
  const table = `${dir}-burning.yaml`;
  const demo = readFileSync(resolve(import.meta.dirname, "..", "..", "host", "scenarios", "sole-bay-1672.yaml"), "utf8");
  writeFileSync(table, demo.replace("{ id: st-michael, name: St Michael,", "{ id: st-michael, name: St Michael, fireTurns: 1,"));
  t = await openDisplay({ args: ["--config", table, "--sim"], dataDir: dir, ready: devicesUp(12) });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("Sole Bay's own rolls, asked by the table (three turns, the pad and the dice only)", { timeout: 180_000 }, () => {
  it("fire damage and fire fighting at each end of movement; the initiative each turn; the turn's end played", async () => {
    const asked: string[] = [];
    const phases = (await state()).ruleset.phases.length;
    for (let turn = 1; turn <= 3; turn++) {
      for (let phase = 0; phase < phases; phase++) {
        let s = await state();
        expect([s.turn, s.phase.index]).toEqual([turn, phase]);
        for (let guard = 0; guard < 20 && s.pending?.plan && s.pending.plan.length > 0; guard++) {
          if (s.pending.origin === "follow-up") {
            asked.push(`${turn} ${s.pending.type}`);
            await expect
              .poll(async () => Number(await t.display.locator("body").getAttribute("data-version")), WAIT)
              .toBeGreaterThanOrEqual(s.version);
            expect(await t.display.locator("#action").textContent()).toContain(`The rules demand: ${s.followUps[0]?.purpose}`);
          } else if (s.pending.type !== "initiative") break; // the phase's tap action: nothing owed
          s = await roll();
        }
        await press("next-phase");
      }
    }
    const fires = asked.filter((a) => / fire-(damage|fighting)$/.test(a));
    expect(fires).toEqual(["1 fire-damage", "1 fire-fighting", "2 fire-damage", "2 fire-fighting", "3 fire-damage", "3 fire-fighting"]);
    const s = await state();
    expect(s.turn).toBe(4);
    expect(s.history.filter((h) => h.description.startsWith("End of the turn"))).toHaveLength(3);
  });
});
