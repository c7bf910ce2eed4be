import { describe, expect, it } from "vitest";
import { gameOver } from "../../../host/session/game-over.ts";
import type { TableState } from "../../../src/game/types.ts";
import { demoSetup } from "../helpers.ts";

/** Age of Sail's demo with the French flagship's hull shot through: GB has inflicted the most damage. */
function damaged() {
  const setup = demoSetup("age-of-sail");
  const s = setup.ruleset.parseState(setup.start, setup.data);
  if (!s.ok) throw new Error(s.error.message);
  const state = s.value as TableState & { ships: { side: string; hull: number }[] };
  const fr = state.ships.findIndex((x) => x.side === "FR");
  const ships = state.ships.map((x, i) => (i === fr ? { ...x, hull: 1 } : x));
  return { rs: setup.ruleset, state: { ...state, ships } as TableState };
}

describe("the game's end names the summary's winner (issue 38 item 4)", () => {
  it("ended by the organiser with no winner named: the winner by the text's victory condition, as the summary says", () => {
    const { rs, state } = damaged();
    expect(rs.victory?.(state).winner).toBe("GB");
    const over = gameOver(rs, state, null, { status: "ended", winner: null, endedAt: 5 });
    expect(over).toMatchObject({ by: "organiser", winner: "GB", headline: "Game over — GB win" });
    expect(over?.reason).toBe("Ended by the organiser, with no winner named; GB win by the rules.");
  });

  it("a game going on has no end", () => {
    const { rs, state } = damaged();
    expect(gameOver(rs, state, null, { status: "active", winner: null, endedAt: null })).toBeNull();
  });
});
