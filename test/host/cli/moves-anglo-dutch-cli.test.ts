/**
 * 1666's moves measured on the hex cloth through `quarterdeck plan/resolve` with `table.before` (issue 43). The
 * Antelope (example ship card) heads SE with the wind from the N: "before the hit she makes 3 hexes on a reach". The
 * cloth is flat-topped, hexside 0 facing north (`table.hexGrid`), 50 mm across the flats.
 */
import { describe, expect, it } from "vitest";
import { runRulesCommand } from "../../../host/cli/commands/rules.ts";
import { hexCenter } from "../../../src/geometry/hex.ts";
import { ANTELOPE } from "../../../src/rulesets/anglo-dutch-1666/cards.ts";

const GRID = { size: 50, origin: { x: 500, y: 500 }, orientation: "flat" as const };
const at = (q: number, r: number, heading: number) => ({ ...hexCenter(GRID, { q, r }), heading });
const START = at(0, 0, 120);

async function run(command: "plan" | "resolve", now: { x: number; y: number; heading: number }) {
  const request = {
    ships: [{ ...ANTELOPE, heading: 2 }],
    wind: { direction: 0, strength: "normal" },
    action: { type: "move", ship: ANTELOPE.id },
    table: { ships: { [ANTELOPE.id]: now }, before: { [ANTELOPE.id]: START }, hexGrid: GRID },
    dice: [],
  };
  const r = await runRulesCommand(command, "anglo-dutch-1666", { readStdin: async () => JSON.stringify(request) });
  return { code: r.code, json: JSON.parse(r.stdout) };
}

describe("1666 moves on the hex cloth via the CLI", () => {
  it('"Ships move hexes": three hexes SE on a reach — the plot F F F measured, legal at her 3', async () => {
    const r = await run("resolve", at(3, -3, 120));
    expect(r.code, JSON.stringify(r.json)).toBe(0);
    expect(r.json.measured).toMatchObject({ plot: "F F F" });
    expect(r.json.move).toMatchObject({ distance: 3, unit: "hex", turns: [], allowance: 3, legal: true });
    expect(r.json.move.words).toBe("Antelope moved 3 hexes of her 3 hexes, no turn");
  });

  it("a fourth hex is more than her allowance: refused by the move's own check", async () => {
    const r = await run("resolve", at(4, -4, 120));
    expect(r.json.error.code).toBe("rules.illegal");
  });

  it('"may make a single hex facing change after moving into a hex": F R F measured as a hex, a turn, a hex', async () => {
    // after a hex SE (1, -1), a hexside to starboard faces S, then a hex S (0, -1)
    const r = await run("resolve", at(1, -2, 180));
    expect(r.code, JSON.stringify(r.json)).toBe(0);
    expect(r.json.measured).toMatchObject({ plot: "F R F" });
    expect(r.json.move).toMatchObject({ distance: 2, turns: [60], legal: true });
  });
});
