import { describe, expect, it } from "vitest";
import { applyCodes } from "../../../../src/rulesets/quickfire/damage.ts";
import { applyQuickfireEvent } from "../../../../src/rulesets/quickfire/events.ts";
import type { QuickfireState } from "../../../../src/rulesets/quickfire/ship.ts";
import { borodino, run, shipIn, table } from "./helpers.ts";

/** Applies codes to Borodino and returns her log after, with the follow-ups. */
function damage(over: Record<string, unknown>, codes: Parameters<typeof applyCodes>[2], chain: Parameters<typeof applyCodes>[3] = "heavy") {
  const state = table([borodino(over)]);
  const applied = applyCodes(state, "borodino", codes, chain, "test");
  const after = applied.events.reduce<QuickfireState>((s, e) => applyQuickfireEvent(s, e), state);
  return { ship: shipIn(after, "borodino"), followUps: applied.followUps, events: applied.events };
}

describe("G hits (4.1 G): heavy chain HROF > LROF > T > R > F", () => {
  it("marks heavy ROF while it lasts", () => expect(damage({}, ["G"]).ship.heavyRofLost).toBe(1));
  it("heavy ROF at 0 → light ROF", () => expect(damage({ heavyRofLost: 4 }, ["G"]).ship.lightRofLost).toBe(1));
  it("all ROF at 0 → torpedo rating", () => expect(damage({ heavyRofLost: 4, lightRofLost: 5 }, ["G"]).ship.torpedoLost).toBe(1));
  it("torpedo rating also 0 → repair point", () =>
    expect(damage({ heavyRofLost: 4, lightRofLost: 5, torpedoLost: 2 }, ["G"]).ship.repairUsed).toBe(1));
  it("repair points at 0 → fire", () =>
    expect(damage({ heavyRofLost: 4, lightRofLost: 5, torpedoLost: 2, repairUsed: 6 }, ["G"]).ship.fires).toBe(1));
  it("two G hits on one heavy point walk the chain", () => {
    expect(damage({ heavyRofLost: 3 }, ["G", "G"]).ship).toMatchObject({ heavyRofLost: 4, lightRofLost: 1 });
  });
});

describe("G hits by light fire: LROF > T > R > F", () => {
  it("marks light ROF, never heavy", () => {
    expect(damage({}, ["G"], "light").ship).toMatchObject({ lightRofLost: 1, heavyRofLost: 0 });
    expect(damage({ lightRofLost: 5 }, ["G"], "light").ship).toMatchObject({ torpedoLost: 1, heavyRofLost: 0 });
  });
  it("a spent torpedo rating counts as 0", () => {
    expect(damage({ lightRofLost: 5, torpedoSpent: true }, ["G"], "light").ship.repairUsed).toBe(1);
  });
});

describe("explosion G hits are split between heavy and light ROF (4.1 E)", () => {
  it("alternates heavy, light, heavy", () => {
    expect(damage({}, ["G", "G", "G"], "split").ship).toMatchObject({ heavyRofLost: 2, lightRofLost: 1 });
  });
  it("a column at 0 gives its share to the other column", () => {
    expect(damage({ lightRofLost: 5 }, ["G", "G"], "split").ship).toMatchObject({ heavyRofLost: 2, lightRofLost: 5 });
  });
  it("the E line's G hits go through the split even when the roll came from heavy fire", () => {
    const s = table([borodino()]);
    const t = run(s, { type: "damage-roll", ship: "borodino", line: "explosion", chain: "heavy" }, [1, 2]);
    expect(t.outcome.codes).toEqual(["G", "G", "S"]); // house E line, 3
    expect(shipIn(t.state, "borodino")).toMatchObject({ heavyRofLost: 1, lightRofLost: 1, speedLost: 1 });
  });
});

describe("other codes (4.1)", () => {
  it("S crosses out a speed box, and keeps counting past the last box", () => {
    expect(damage({ speedLost: 8 }, ["S"]).ship.speedLost).toBe(9);
  });
  it("T subtracts a torpedo point; with none it is no effect", () => {
    expect(damage({}, ["T"]).ship.torpedoLost).toBe(1);
    const none = damage({ torpedo: 0 }, ["T"]);
    expect(none.events).toEqual([expect.objectContaining({ type: "no-effect", code: "T" })]);
  });
  it("R marks a repair point; with none left it becomes an F hit", () => {
    expect(damage({}, ["R"]).ship.repairUsed).toBe(1);
    expect(damage({ repairUsed: 6 }, ["R"]).ship).toMatchObject({ repairUsed: 6, fires: 1 });
  });
  it("F starts a fire; out puts one out", () => {
    expect(damage({}, ["F", "F"]).ship.fires).toBe(2);
    expect(damage({ fires: 2 }, ["out"]).ship.fires).toBe(1);
  });
  it("B and E ask for a 2D6 roll on their Damage table line, D for a 1D6 direction roll", () => {
    const d = damage({}, ["B", "E", "D"]);
    expect(d.followUps.map((f) => f.action)).toEqual([
      { type: "damage-roll", ship: "borodino", line: "blast", chain: "heavy" },
      { type: "damage-roll", ship: "borodino", line: "explosion", chain: "split" },
      { type: "direction", ship: "borodino" },
    ]);
  });
  it("the direction table: 1 = 135° left … 6 = 135° right", () => {
    const s = table([borodino()]);
    const turns = [1, 2, 3, 4, 5, 6].map((r) => run(s, { type: "direction", ship: "borodino" }, [r]).outcome.turn);
    expect(turns).toEqual(["135° left", "90° left", "45° left", "45° right", "90° right", "135° right"]);
    expect(shipIn(run(s, { type: "direction", ship: "borodino" }, [2]).state, "borodino").directionHits).toEqual([2]);
  });
  it("the B line resolves with the house chart (2 → E, another roll)", () => {
    const t = run(table([borodino()]), { type: "damage-roll", ship: "borodino", line: "blast" }, [1, 1]);
    expect(t.outcome).toMatchObject({ codes: ["E"], chart: "house default — not the official chart" });
    expect(t.followUps[0]?.action).toMatchObject({ type: "damage-roll", line: "explosion" });
  });
});
