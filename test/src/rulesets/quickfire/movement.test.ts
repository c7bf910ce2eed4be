import { describe, expect, it } from "vitest";
import { mikasa, refused, run, shipIn, table } from "./helpers.ts";

// Mikasa's example log: speed boxes 60, 52, 45, 38, 30, 23, 15, 8 mm (the text's Hannibal has 60, 38 and 8 mm
// in boxes 1, 4 and 8).
const MOVE = { type: "move", ship: "mikasa" } as const;

describe("movement (2.0–2.2)", () => {
  it("the Hannibal example: box 1 (60mm) turns 45°, box 4 (38mm) turns 90°, box 8 (8mm) cannot turn", () => {
    const s = table([mikasa()]);
    expect(run(s, { ...MOVE, distance: 60, turn: 45 }, []).outcome).toMatchObject({ legal: true, box: 1, maxTurn: 45 });
    expect(refused(s, { ...MOVE, distance: 60, turn: 90 })).toMatchObject({ code: "rules.illegal", path: "action.turn" });
    expect(run(s, { ...MOVE, distance: 38, turn: 90 }, []).outcome).toMatchObject({ box: 4, maxTurn: 90 });
    expect(run(s, { ...MOVE, distance: 8 }, []).outcome).toMatchObject({ box: 8, maxTurn: 0 });
    expect(refused(s, { ...MOVE, distance: 8, turn: 10 }).code).toBe("rules.illegal");
  });
  it("the available speed is the topmost unmarked speed box", () => {
    const s = table([mikasa({ speedLost: 2 })]);
    expect(refused(s, { ...MOVE, distance: 50 })).toMatchObject({ code: "rules.illegal", path: "action.distance" });
    expect(run(s, { ...MOVE, distance: 45 }, []).outcome).toMatchObject({ available: 45, box: 3 });
  });
  it("speed changes by at most two boxes from last turn's actual speed", () => {
    const s = table([mikasa({ lastSpeed: 30 })]); // box 5
    expect(run(s, { ...MOVE, distance: 45 }, []).outcome.box).toBe(3);
    expect(refused(s, { ...MOVE, distance: 52 }).code).toBe("rules.illegal");
    expect(run(s, { ...MOVE, distance: 15 }, []).outcome.box).toBe(7);
    expect(refused(s, { ...MOVE, distance: 8 }).code).toBe("rules.illegal");
  });
  it('2.2 "change their previous speed by the equivalent of two boxes worth of movement" is a distance: from 30 (60/52/45/38/30/23/15/8) no slower than 15, though 10 is also in the seventh box', () => {
    const s = table([mikasa({ lastSpeed: 30 })]);
    expect(refused(s, { ...MOVE, distance: 10 })).toMatchObject({ code: "rules.illegal", path: "action.distance" });
    expect(refused(s, { ...MOVE, distance: 14.9 }).code).toBe("rules.illegal");
    expect(refused(s, { ...MOVE, distance: 46 }).code).toBe("rules.illegal");
    // from between two box speeds the same distances are added or taken off: 25 → 10–40
    const mid = table([mikasa({ lastSpeed: 25 })]);
    expect(run(mid, { ...MOVE, distance: 40 }, []).outcome.legal).toBe(true);
    expect(refused(mid, { ...MOVE, distance: 41 }).code).toBe("rules.illegal");
    expect(run(mid, { ...MOVE, distance: 10 }, []).outcome.legal).toBe(true);
    expect(refused(mid, { ...MOVE, distance: 9 }).code).toBe("rules.illegal");
    // from a standstill: up to the seventh box (15)
    const stopped = table([mikasa({ lastSpeed: 0 })]);
    expect(run(stopped, { ...MOVE, distance: 15 }, []).outcome.legal).toBe(true);
    expect(refused(stopped, { ...MOVE, distance: 16 }).code).toBe("rules.illegal");
  });
  it("a ship whose top speed fell below that window may still move at her available speed", () => {
    const s = table([mikasa({ lastSpeed: 60, speedLost: 5 })]);
    expect(run(s, { ...MOVE, distance: 23 }, []).outcome.box).toBe(6);
  });
  it("only one turn per movement phase", () => {
    expect(refused(table([mikasa()]), { ...MOVE, distance: 38, turn: 45, turns: 2 }).path).toBe("action.turns");
  });
  it("records the distance moved this turn; only in the movement phase", () => {
    const t = run(table([mikasa()], { game: { phase: "movement" } }), { ...MOVE, distance: 30 }, []);
    expect(shipIn(t.state, "mikasa").moved).toBe(30);
    expect(t.plan).toEqual([]);
    expect(refused(table([mikasa()], { game: { phase: "repair" } }), { ...MOVE, distance: 30 }).path).toBe("game.phase");
  });
  it("shows direction hits to steer by", () => {
    expect(run(table([mikasa({ directionHits: [2] })]), { ...MOVE, distance: 30 }, []).outcome.uncontrolled).toEqual([2]);
  });
});

describe("move order roll (1.4, optional)", () => {
  const s = table([mikasa()]);
  const ROLL = { type: "initiative", first: "japan", second: "russia" };
  it("the high roller decides who moves first; a tie rolls again", () => {
    expect(run(s, ROLL, [5, 2]).outcome.decides).toBe("japan");
    expect(run(s, ROLL, [1, 2]).outcome.decides).toBe("russia");
    const tie = run(s, ROLL, [3, 3]);
    expect(tie.outcome.decides).toBeNull();
    expect(tie.followUps[0]?.action).toEqual(ROLL);
  });
});
