/**
 * The board's check of a game's start against the rule set's set-up (host/club/start-check.ts): each bundled
 * scenario's start passes; in each of the five rule sets, a ship started sunk, struck or damaged is refused with
 * her name, unless the scenario the start names starts her so; a start with one side gone is refused as over.
 */
import { describe, expect, it } from "vitest";
import { bundledScenarioShips, type ScenarioShips, startProblem } from "../../host/club/start-check.ts";
import type { RuleSet, ShipView, TableState } from "../../src/game/types.ts";
import { demoSetup } from "../host/helpers.ts";

const bundled = bundledScenarioShips();

/** A raw field that removes or damages a ship, in each rule set's own ship schema. */
const FORGED: Record<string, Record<string, unknown>[]> = {
  "age-of-sail": [{ sunk: true }, { fire: 2 }],
  "anglo-dutch-1666": [{ exploded: true }, { damage: 2 }],
  quickfire: [{ sunk: true }, { speedLost: 3 }],
  "sole-bay-1672": [{ damage: 12 }, { fireTurns: 1 }],
  "wsim-battle-v3": [{ sunk: true }, { captured: true }],
};

function parsed(name: string, change: (ships: Record<string, unknown>[], game: Record<string, unknown>) => void = () => {}) {
  const setup = demoSetup(name);
  const start = structuredClone(setup.start) as { ships: Record<string, unknown>[]; game?: Record<string, unknown> };
  start.game ??= {};
  change(start.ships, start.game);
  const rs = setup.ruleset as RuleSet;
  const s = rs.parseState(start as never, setup.data);
  if (!s.ok) throw new Error(`${name}: ${s.error.message}`);
  return { rs, state: s.value as TableState, scenario: setup.scenario };
}

describe("startProblem", () => {
  for (const name of Object.keys(FORGED)) {
    it(`${name}: the scenario's start passes; a ship started removed or damaged is refused`, () => {
      const honest = parsed(name);
      expect(startProblem(honest.rs, honest.state, honest.scenario, bundled)).toBeNull();
      expect(startProblem(honest.rs, honest.state, null, bundled)).toBeNull();
      for (const field of FORGED[name] ?? []) {
        const forged = parsed(name, (ships) => Object.assign(ships[ships.length - 1] as object, field));
        const name0 = forged.rs.shipViews(forged.state).at(-1)?.name;
        expect(startProblem(forged.rs, forged.state, forged.scenario, bundled), JSON.stringify(field)).toMatch(
          new RegExp(`^${name0} starts`),
        );
      }
    });
  }

  it("a ship the named scenario starts damaged passes only as the scenario has her", () => {
    const damaged = parsed("sole-bay-1672", (ships) => Object.assign(ships[0] as object, { damage: 3 }));
    const views = damaged.rs.shipViews(damaged.state);
    const scenario: ScenarioShips = (n) => (n === "sole-bay-1672" ? new Map<string, ShipView>(views.map((v) => [v.id, v])) : null);
    expect(startProblem(damaged.rs, damaged.state, "sole-bay-1672", scenario)).toBeNull();
    expect(startProblem(damaged.rs, damaged.state, null, scenario)).toMatch(/starts with 3 of \d+ "Fresh" boxes marked/);
    const worse = parsed("sole-bay-1672", (ships) => Object.assign(ships[0] as object, { damage: 4 }));
    expect(startProblem(worse.rs, worse.state, "sole-bay-1672", scenario)).toMatch(/starts with 4 of/);
  });

  it("a ship removed in the game's own state (Sole Bay's exploded list) is refused too", () => {
    const removed = parsed("sole-bay-1672", (ships, game) => {
      game.removed = [ships.at(-1)?.id];
    });
    expect(startProblem(removed.rs, removed.state, removed.scenario, bundled)).toMatch(/starts exploded/);
  });
});
