/**
 * Age of Sail's moves judged through `quarterdeck plan/resolve` with `table.before` (issue 43), each case worked by
 * hand from the text: "if a ship of the line has 3 masts and the wind speed is 4 and it's sailing +180° (running by
 * the wind), the ship may move 3×4 = 12 units of distance, which equals 12 cm"; "to alter course by 90° would take 4
 * units of movement, i.e 4 cm". The wind blows toward S at 4 (from N).
 */
import { describe, expect, it } from "vitest";
import { runRulesCommand } from "../../../host/cli/commands/rules.ts";

type Pose = { x: number; y: number; heading: number };
const VICTORY = { id: "victory", name: "Victory", side: "GB", class: "ship-of-the-line", heading: "S" };
const REDOUTABLE = { id: "redoutable", name: "Redoutable", side: "FR", class: "ship-of-the-line" };
const START: Pose = { x: 500, y: 800, heading: 180 };

async function run(command: "plan" | "resolve", now: Pose, redoutable: Pose = { x: 1500, y: 1500, heading: 0 }) {
  const request = {
    ships: [VICTORY, REDOUTABLE],
    wind: { direction: "S", speed: 4 },
    action: { type: "speed", ship: "victory" },
    table: { ships: { victory: now, redoutable }, before: { victory: START } },
    dice: [],
  };
  const r = await runRulesCommand(command, "age-of-sail", { readStdin: async () => JSON.stringify(request) });
  return { code: r.code, json: JSON.parse(r.stdout) };
}

describe("Age of Sail moves via the CLI", () => {
  it('"running by the wind … 3×4 = 12 units … 12 cm": 12 cm straight is legal', async () => {
    const r = await run("resolve", { x: 500, y: 680, heading: 180 });
    expect(r.code, JSON.stringify(r.json)).toBe(0);
    expect(r.json.move).toMatchObject({ distance: 12, unit: "cm", turns: [], allowance: 12, legal: true });
    expect(r.json.move.words).toBe("Victory moved 12 cm of her 12 cm, no turn");
  });

  it("2 mm over the 12 cm: plan says why, resolve refuses", async () => {
    const plan = await run("plan", { x: 500, y: 678, heading: 180 });
    expect(plan.json.move).toMatchObject({ legal: false, why: "12.2 cm — her allowance is 12 cm" });
    const r = await run("resolve", { x: 500, y: 678, heading: 180 });
    expect(r.json.error).toMatchObject({ code: "rules.illegal", path: "table.ships.victory" });
  });

  it('"to alter course by 90° would take 4 units": 90° to starboard then 8 cm west uses 12 cm of her 15 cm reaching', async () => {
    // heading W the wind is on her beam: "+45° to 135° … increase the speed by one": 3 × (4 + 1) = 15 cm
    const r = await run("resolve", { x: 420, y: 800, heading: 270 });
    expect(r.code, JSON.stringify(r.json)).toBe(0);
    expect(r.json.move).toMatchObject({ distance: 12, turns: [90], allowance: 15, legal: true });
  });

  it('"close hauled, then reduce the speed by one": 10 cm NE is over her 9 cm', async () => {
    const d = 100 * Math.SQRT1_2;
    const r = await run("plan", { x: START.x + d, y: START.y + d, heading: 45 });
    expect(r.json.move.allowance).toBe(9);
    expect(r.json.move.legal).toBe(false);
    expect(r.json.move.why).toMatch(/— her allowance is 9 cm$/);
  });

  it('"Ships may sail in any direction": a sidestep is the straight line, its turns paid', async () => {
    // 4 cm east and 6 cm south: she turns toward it, sails √52 = 7.2 cm, turns back — 2 × 33.7° = 3 cm of turning
    const r = await run("plan", { x: 540, y: 740, heading: 180 });
    expect(r.json.move.legal).toBe(true);
    expect(r.json.move.turns).toHaveLength(2);
    expect(r.json.move.distance).toBeCloseTo(7.2 + (2 * 33.69) / 22.5, 1);
  });

  it('"Boarding a ship occurs when two ships contact each other": an enemy touched is offered', async () => {
    // Redoutable lies across her bow where she ends: her bow edge at y = 680 - 35, Redoutable's side at that line
    const r = await run("resolve", { x: 500, y: 680, heading: 180 }, { x: 500, y: 680 - 35 - 12.5, heading: 90 });
    expect(r.json.move.contacts).toEqual([{ ship: "redoutable", kind: "boarding" }]);
    expect(r.json.followUps).toContainEqual(
      expect.objectContaining({ action: { type: "board", attacker: "victory", defender: "redoutable" } }),
    );
  });
});
