import { describe, expect, it } from "vitest";
import { borodino, odds, refused, run, shipIn, table } from "./helpers.ts";

const REPAIR = { game: { phase: "repair" } };
/** The French cruiser of 4.3: size 7, nine speed hits (all boxes and one extra S), one fire. */
const dupuy = (over: Record<string, unknown> = {}) => ({
  ...borodino(),
  id: "dupuy",
  name: "Dupuy de Lome",
  side: "france",
  size: 7,
  speedLost: 9,
  fires: 1,
  ...over,
});

describe("sinking (4.3) — the Dupuy de Lome example", () => {
  it("size 7 with one fire sinks on 2 through 4", () => {
    const s = table([dupuy()]);
    expect(run(s, { type: "sinking", ship: "dupuy" }, [2, 2]).outcome).toMatchObject({ sunk: true, sinksOn: 4 });
    expect(run(s, { type: "sinking", ship: "dupuy" }, [2, 3]).outcome.sunk).toBe(false);
    expect(odds(s, { type: "sinking", ship: "dupuy" }).summary.sinks).toBeCloseTo(6 / 36, 12);
    expect(shipIn(run(s, { type: "sinking", ship: "dupuy" }, [1, 1]).state, "dupuy").sunk).toBe(true);
  });
  it("if the fire goes out, on 2 or 3", () => {
    const s = table([dupuy({ fires: 0 })]);
    expect(odds(s, { type: "sinking", ship: "dupuy" }).summary.sinks).toBeCloseTo(3 / 36, 12);
  });
  it("an explosion that causes a fire and two more S hits makes it 2 through 7", () => {
    const s = table([dupuy()], REPAIR);
    const boom = run(s, { type: "damage-roll", ship: "dupuy", line: "explosion" }, [3, 4]); // house E line 7: F, S, S
    expect(boom.outcome.codes).toEqual(["F", "S", "S"]);
    expect(shipIn(boom.state, "dupuy")).toMatchObject({ fires: 2, speedLost: 11 });
    expect(run(boom.state, { type: "sinking", ship: "dupuy" }, [3, 4]).outcome).toMatchObject({ sunk: true, sinksOn: 7 });
    expect(odds(boom.state, { type: "sinking", ship: "dupuy" }).summary.sinks).toBeCloseTo(21 / 36, 12);
  });
  it("only ships at zero speed roll; a sunk ship does not roll again", () => {
    expect(refused(table([dupuy({ speedLost: 7 })]), { type: "sinking", ship: "dupuy" }).code).toBe("rules.illegal");
    expect(refused(table([dupuy({ sunk: true })]), { type: "sinking", ship: "dupuy" }).code).toBe("rules.illegal");
  });
});

describe("fires (4.1 F): each fire rolls on the Damage table in the repair phase", () => {
  const s = table([dupuy({ speedLost: 0 })], REPAIR);
  it("goes out, burns on, or causes B or E (house Fire line)", () => {
    expect(run(s, { type: "fire", ship: "dupuy" }, [4, 4]).outcome).toMatchObject({ codes: ["out"], burnsOn: false });
    expect(shipIn(run(s, { type: "fire", ship: "dupuy" }, [4, 4]).state, "dupuy").fires).toBe(0);
    expect(run(s, { type: "fire", ship: "dupuy" }, [3, 3]).outcome).toMatchObject({ codes: [], burnsOn: true });
    const e = run(s, { type: "fire", ship: "dupuy" }, [1, 1]);
    expect(e.followUps[0]?.action).toEqual({ type: "damage-roll", ship: "dupuy", line: "explosion", chain: "split" });
  });
  it("needs a fire, and the repair phase", () => {
    expect(refused(table([dupuy({ fires: 0 })], REPAIR), { type: "fire", ship: "dupuy" }).code).toBe("rules.illegal");
    expect(refused(table([dupuy()], { game: { phase: "first-gunnery" } }), { type: "fire", ship: "dupuy" }).path).toBe("game.phase");
  });
  it("odds of the Fire line sum to 1", () => {
    const o = odds(s, { type: "fire", ship: "dupuy" });
    expect((o.summary.out as number) + (o.summary.burnsOn as number)).toBeCloseTo(1, 12);
    expect(o.summary.out).toBeCloseTo(15 / 36, 12);
  });
});

describe("repairs (4.2): 2D6 per repair point spent", () => {
  it("S hits are repaired on 8–11", () => {
    const s = table([borodino({ speedLost: 2 })], REPAIR);
    const t = run(s, { type: "repair", ship: "borodino", damage: "speed", points: 3 }, [4, 4, 6, 6, 5, 6]);
    expect(t.outcome.fixed).toBe(2);
    expect(shipIn(t.state, "borodino")).toMatchObject({ speedLost: 0, repairUsed: 3 });
    expect(run(s, { type: "repair", ship: "borodino", damage: "speed" }, [1, 6]).outcome.fixed).toBe(0);
    expect(odds(s, { type: "repair", ship: "borodino", damage: "speed" }).summary.anyFixed).toBeCloseTo(14 / 36, 12);
  });
  it("direction hits are repaired on 2–7", () => {
    const s = table([borodino({ directionHits: [5] })], REPAIR);
    const t = run(s, { type: "repair", ship: "borodino", damage: "direction" }, [3, 4]);
    expect(shipIn(t.state, "borodino").directionHits).toEqual([]);
    expect(run(s, { type: "repair", ship: "borodino", damage: "direction" }, [4, 4]).outcome.fixed).toBe(0);
  });
  it("G hits are repaired on the chart's gun line (house 9–12)", () => {
    const s = table([borodino({ heavyRofLost: 1 })], REPAIR);
    expect(shipIn(run(s, { type: "repair", ship: "borodino", damage: "heavy-rof" }, [4, 5]).state, "borodino").heavyRofLost).toBe(0);
  });
  it("needs repair points left, damage of that kind, and the repair phase", () => {
    expect(
      refused(table([borodino({ speedLost: 1, repairUsed: 6 })], REPAIR), { type: "repair", ship: "borodino", damage: "speed" }).path,
    ).toBe("action.points");
    expect(refused(table([borodino()], REPAIR), { type: "repair", ship: "borodino", damage: "speed" }).path).toBe("action.damage");
    expect(
      refused(table([borodino({ speedLost: 1 })], { game: { phase: "movement" } }), { type: "repair", ship: "borodino", damage: "speed" })
        .code,
    ).toBe("rules.illegal");
  });
});

describe("the turn sequence (1.4) through end-phase", () => {
  it("second gunnery → repair asks for a roll for every fire", () => {
    const s = table([dupuy({ speedLost: 0, fires: 2 }), borodino()], { game: { phase: "second-gunnery" } });
    const t = run(s, { type: "end-phase" }, []);
    expect(t.state.game.phase).toBe("repair");
    expect(t.followUps.map((f) => f.action)).toEqual([
      { type: "fire", ship: "dupuy" },
      { type: "fire", ship: "dupuy" },
    ]);
  });
  it("repair → next turn's movement asks for sinking rolls of ships at zero speed, and last speed becomes this turn's move", () => {
    const s = table([dupuy(), borodino({ moved: 34 })], REPAIR);
    const t = run(s, { type: "end-phase" }, []);
    expect(t.state.game).toMatchObject({ phase: "movement", turn: 2, shots: [] });
    expect(t.followUps.map((f) => f.action)).toEqual([{ type: "sinking", ship: "dupuy" }]);
    expect(shipIn(t.state, "borodino")).toMatchObject({ lastSpeed: 34, moved: 0 });
  });
  it("phases run movement → first gunnery → second gunnery → repair", () => {
    let s = table([borodino()], { game: { phase: "movement" } });
    const seen: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      s = run(s, { type: "end-phase" }, []).state;
      seen.push(s.game.phase);
    }
    expect(seen).toEqual(["first-gunnery", "second-gunnery", "repair", "movement"]);
  });
});
