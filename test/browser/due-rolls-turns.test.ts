/**
 * Issue 38 item 1 in a real browser: three turns from the table's devices only (the emulated button box's next-phase,
 * the emulated dice) on a demo's table file with a ship burning, every roll the text makes due asked for and shown.
 * Sole Bay (St Michael): each end of movement asks her fire damage (1d3 "per move") and then her fire fighting (4+
 * "until a successful Fire Fighting roll puts it out"); each turn's end is played, so no ship keeps last turn's
 * broadsides. 1666 (Royal Charles): "roll 1D ave each move" in each move's fires phase. Quickfire (Mikasa): her fire
 * rolls on the Damage table on entering Repair, each turn; Oryol, immobilised, rolls for sinking as each turn ends.
 * WS&IM: the wind change rolled every turn, the phase's opening. Nothing is set up on /control.
 * (Age of Sail's fire removal: due-rolls.test.ts.)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { colorFits } from "../../host/public/lib/table.js";
import type { TableView } from "../../host/server/view-schema.ts";
import { call, devicesUp, freshDataDir, type OpenDisplay, openDisplay, until } from "./harness.ts";
import { padPresser, stuckAt } from "./pad-press.ts";

const WAIT = { timeout: 20_000, interval: 50 };
interface Case {
  readonly scenario: string;
  /** The demo's file with a ship set burning. */
  burning(yaml: string): string;
  /** The rolls the phases open with (rolled as players would). */
  readonly openings: readonly string[];
  /** The due rolls looked for, and a face that keeps the fire burning. */
  readonly fires: readonly string[];
  readonly fireFace: number;
  readonly expected: readonly string[];
}

const CASES: readonly Case[] = [
  {
    scenario: "sole-bay-1672",
    burning: (y) => y.replace("{ id: st-michael, name: St Michael,", "{ id: st-michael, name: St Michael, fireTurns: 1,"),
    openings: ["initiative"],
    fires: ["fire-damage", "fire-fighting"],
    fireFace: 1,
    expected: ["1 fire-damage", "1 fire-fighting", "2 fire-damage", "2 fire-fighting", "3 fire-damage", "3 fire-fighting"],
  },
  {
    scenario: "anglo-dutch-1666",
    burning: (y) => y.replace("id: royal-charles,\n", "id: royal-charles,\n          onFire: true,\n"),
    openings: ["wind", "initiative", "fires"],
    fires: ["fire-check"],
    fireFace: 3,
    expected: ["1 fire-check", "2 fire-check", "3 fire-check"],
  },
  {
    // 1.4 phase 4: "All ships with fires burning on board must roll for automatic fire effects" — asked on entering
    // Repair each turn; 2D6 of 4–7 burns on (the house chart's Fire line)
    scenario: "quickfire",
    // 4.3: "At the end of each turn, roll two six sided dice (2D6) for each immobilized vessel" — Oryol at zero
    // speed is asked as each turn ends (seen as the next turn opens); 3 + 3 keeps her afloat (size 7 sinks on 2)
    burning: (y) =>
      y.replace("id: mikasa,\n", "id: mikasa,\n          fires: 1,\n").replace("id: oryol,\n", "id: oryol,\n          speedLost: 8,\n"),
    openings: [],
    fires: ["fire", "sinking"],
    fireFace: 3,
    expected: ["1 fire", "2 sinking", "2 fire", "3 sinking", "3 fire"],
  },
  {
    // "Wind change is rolled for every turn": the wind change phase opens with it, each turn (no data file: the
    // scenario's tables path is relative to the bundled folder)
    scenario: "wsim-battle-v3",
    burning: (y) => y.replace(/^data: .*$/m, ""),
    openings: [],
    fires: ["wind"],
    fireFace: 3,
    expected: ["1 wind", "2 wind", "3 wind"],
  },
];

let c: Case;
let t: OpenDisplay;
const state = () => t.state();
let n = 0;

const press = padPresser(() => t);
const stuck = stuckAt(() => t);

/** Rolls the emulated dice the pending roll needs: a 1 for the fire's rolls (she burns on), mixed faces for the rest. */
async function roll(): Promise<TableView> {
  const s = await state();
  const p = s.pending;
  if (!p?.plan) throw new Error(`nothing to roll: ${p?.instruction}`);
  const fire = c.fires.includes(p.type);
  const dice = s.devices.filter((d) => d.kind === "die" && d.connected);
  for (const [i, e] of p.plan.entries()) {
    const have = p.dice.filter((d) => d.entry === i).length;
    const fit = dice.filter((d) => colorFits(d.color ? [d.color] : [], e, p.plan ?? []));
    for (let k = have; k < e.count; k++)
      await call(`${t.host.url}/api/sim/roll`, "POST", { die: fit[k % fit.length]?.id, face: fire ? c.fireFace : (n++ % 6) + 1 });
  }
  return until(state, (x) => x.version > s.version && (x.pending?.dice.length ?? 0) === 0, 10_000);
}

for (const one of CASES) {
  describe(`${one.scenario}: its own rolls, asked by the table (three turns, the pad and the dice only)`, { timeout: 180_000 }, () => {
    beforeAll(async () => {
      c = one;
      const dir = freshDataDir();
      const table = `${dir}-burning.yaml`;
      const demo = readFileSync(resolve(import.meta.dirname, "..", "..", "host", "scenarios", `${one.scenario}.yaml`), "utf8");
      const burning = one.burning(demo);
      expect(burning).not.toBe(demo);
      writeFileSync(table, burning);
      t = await openDisplay({ args: ["--config", table, "--sim"], dataDir: dir, ready: devicesUp(12) });
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    it("every roll of the fire or the wind the text makes due, each turn, prompted and shown on the display", async () => {
      const asked: string[] = [];
      const phases = (await state()).ruleset.phases.length;
      for (let turn = 1; turn <= 3; turn++) {
        for (let phase = 0; phase < phases; phase++) {
          // the phase itself, not the first push after the press (a device's health may come first under load)
          let s = await until(state, (x) => x.turn === turn && x.phase.index === phase, 10_000);
          expect([s.turn, s.phase.index], stuck(s)).toEqual([turn, phase]);
          for (let guard = 0; guard < 30 && s.pending; guard++) {
            if (s.choice) {
              s = await press("next-choice");
              s = await press("confirm");
              continue;
            }
            if (!s.pending.plan || s.pending.plan.length === 0) break;
            // a roll the text makes due: a follow-up the rules demand, or the phase's own opening roll (WS&IM's wind)
            if (s.pending.origin !== "follow-up" && one.fires.includes(s.pending.type)) asked.push(`${s.turn} ${s.pending.type}`);
            else if (s.pending.origin === "follow-up") {
              asked.push(`${s.turn} ${s.pending.type}`);
              await expect
                .poll(async () => Number(await t.display.locator("body").getAttribute("data-version")), WAIT)
                .toBeGreaterThanOrEqual(s.version);
              expect(await t.display.locator("#action").textContent()).toContain(`The rules demand: ${s.followUps[0]?.purpose}`);
            } else if (!one.openings.includes(s.pending.type)) break; // the phase's tap action: nothing owed
            s = await roll();
          }
          if ((await state()).phase.index === phase) await press("next-phase");
        }
      }
      expect(asked.filter((a) => one.fires.some((f) => a.endsWith(` ${f}`)))).toEqual(one.expected);
      expect((await state()).turn).toBe(4);
    });
  });
}
