/**
 * The CLI's plan and resolve with the table's positions (issue 37 item 2: "through every path … the CLI"): a target
 * 1,400 mm away is refused in every rule set with the measured figure in words, before any dice are asked — `resolve`
 * given no dice says the refusal, not "this roll needs 2 dice" (WS&IM's Hit Determination Table, read only when the
 * odds or the result are worked out, asked for the dice first and `plan` gave a plan).
 */
import { describe, expect, it } from "vitest";
import { runRulesCommand } from "../../../host/cli/commands/rules.ts";
import { demoSetup } from "../helpers.ts";

const CASES = [
  ["anglo-dutch-1666", "fire", "royal-charles", "zeven-provincien", /^Zeven Provinciën is \d+ hexes away, beyond long range/],
  ["sole-bay-1672", "broadside", "royal-james", "gouda", /^Gouda is [\d.]+″ from Royal James, base to base; broadsides reach 12″/],
  ["quickfire", "gunnery", "mikasa", "knyaz-suvorov", /^Knyaz Suvorov is \d+ mm from Mikasa, funnel to funnel; long range ends/],
  ["wsim-battle-v3", "fire", "victory", "redoutable", /reaches 6 hexes; \d+ is out of range — measured: \d+ hexes, nearest hex/],
  ["age-of-sail", "fire", "victory", "redoutable", /^Redoutable is [\d.]+ cm away, beyond the range table \(12 cm\)/],
] as const;
const DATA: Readonly<Record<string, string>> = { "wsim-battle-v3": "host/scenarios/data/wsim-house-tables.yaml" };

describe("plan and resolve with positions: a target out of reach refused first, with the measured figure", () => {
  for (const [scenario, type, firer, target, words] of CASES)
    it(scenario, async () => {
      const setup = demoSetup(scenario);
      const table = {
        ...(setup.table?.hexGrid ? { hexGrid: setup.table.hexGrid } : {}),
        ships: { [firer]: { x: 150, y: 1050, heading: 0 }, [target]: { x: 150 + 25 + 1400, y: 1050, heading: 0 } },
      };
      const request = { ...setup.start, action: { type, firer, target }, table, dice: [] };
      for (const command of ["plan", "resolve"] as const) {
        const r = await runRulesCommand(command, scenario, { readStdin: async () => JSON.stringify(request) }, DATA[scenario]);
        expect(r.code, `${command}: ${r.stdout}`).toBe(2);
        const error = JSON.parse(r.stdout).error;
        expect(error.code).toMatch(/^rules\./);
        expect(error.message).toMatch(words);
      }
    });
});
