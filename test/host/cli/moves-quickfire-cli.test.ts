/**
 * Quickfire's moves measured and judged through `quarterdeck plan/resolve` with `table.before` (issue 43; text 2.0–2.2),
 * each case worked by hand. HMS Hannibal of the text's example: "an original maximum speed of 60mm … Using the first
 * speed box … she can turn a maximum of 45° … her fourth speed box (38mm) … 90°"; her boxes 60/52/45/38/30/23/15/8.
 * Small scale, metric: millimetres.
 */
import { describe, expect, it } from "vitest";
import { runRulesCommand } from "../../../host/cli/commands/rules.ts";
import { MIKASA } from "../../../src/rulesets/quickfire/examples/index.ts";

const HANNIBAL = { ...MIKASA.ship, id: "hannibal", name: "HMS Hannibal", side: "britain", speedBoxes: [60, 52, 45, 38, 30, 23, 15, 8] };
type Pose = { x: number; y: number; heading: number };
const START: Pose = { x: 500, y: 500, heading: 0 };

async function run(command: "plan" | "resolve", now: Pose, ship: Record<string, unknown> = {}) {
  const request = {
    ships: [{ ...HANNIBAL, ...ship }],
    action: { type: "move", ship: "hannibal" },
    table: { ships: { hannibal: now }, before: { hannibal: START } },
    dice: [],
  };
  const r = await runRulesCommand(command, "quickfire", { readStdin: async () => JSON.stringify(request) });
  return { code: r.code, json: JSON.parse(r.stdout) };
}

/** Pivot `turn` degrees on the centre ("pivoting on its centerpoint and then moving in the new direction"), then `mm`. */
const pivotThen = (turn: number, mm: number): Pose => {
  const r = (turn * Math.PI) / 180;
  return { x: START.x + mm * Math.sin(r), y: START.y + mm * Math.cos(r), heading: turn };
};

describe("Quickfire moves via the CLI", () => {
  it('"limited by the number shown in the topmost undamaged speed box": 60 mm straight is legal, measured', async () => {
    const r = await run("resolve", { x: 500, y: 560, heading: 0 });
    expect(r.code, JSON.stringify(r.json)).toBe(0);
    expect(r.json.measured).toMatchObject({ distance: 60, turn: 0, turns: 0 });
    expect(r.json.move).toMatchObject({ distance: 60, unit: "mm", turns: [], allowance: 60, legal: true });
    expect(r.json.move.words).toBe("HMS Hannibal moved 60 mm of her 60 mm, no turn");
  });

  it("2 mm over her 60 mm: plan says why, resolve refuses", async () => {
    const plan = await run("plan", { x: 500, y: 562, heading: 0 });
    expect(plan.code, JSON.stringify(plan.json)).toBe(0);
    expect(plan.json.move).toMatchObject({ legal: false, why: "62 mm — her allowance is 60 mm" });
    const r = await run("resolve", { x: 500, y: 562, heading: 0 });
    expect(r.json.error).toMatchObject({ code: "rules.illegal", path: "table.ships.hannibal" });
    expect(r.json.error.message).toContain("62 mm — her allowance is 60 mm");
  });

  it('"Using the first speed box … she can turn a maximum of 45°": a 45° pivot then 60 mm is legal', async () => {
    const r = await run("resolve", pivotThen(45, 60));
    expect(r.code, JSON.stringify(r.json)).toBe(0);
    expect(r.json.measured).toMatchObject({ distance: 60, turn: 45, turns: 1 });
    expect(r.json.move).toMatchObject({ turns: [45], legal: true });
  });

  it("a 90° pivot on the first box is too much; on the fourth (38 mm) it is legal", async () => {
    const fast = await run("plan", pivotThen(90, 60));
    expect(fast.json.move).toMatchObject({ legal: false, why: "a turn of 90° — she may turn at most 45° this move" });
    const slow = await run("resolve", pivotThen(90, 38));
    expect(slow.code, JSON.stringify(slow.json)).toBe(0);
    expect(slow.json.move).toMatchObject({ turns: [90], legal: true, distance: 38 });
  });

  it('"A ship may only turn once during each movement phase": a sidestep needs two', async () => {
    const r = await run("plan", { x: 520, y: 550, heading: 0 });
    expect(r.json.move.legal).toBe(false);
    expect(r.json.move.why).toBe(
      "where she stands needs more than one turn from where she stood — a ship may only turn once during each movement phase (2.1)",
    );
  });

  it('"may change their previous speed by the equivalent of two boxes": 52 mm after 30 mm last turn is refused', async () => {
    const r = await run("resolve", { x: 500, y: 552, heading: 0 }, { lastSpeed: 30 });
    expect(r.json.error.code).toBe("rules.illegal");
    expect(r.json.error.message).toContain("moved 30 last turn");
  });
});
