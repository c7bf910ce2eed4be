import { describe, expect, it } from "vitest";
import { antelope, odds, refused, run, shipIn, shipOf, table } from "./helpers.ts";

const flagship = () => shipOf("flag", 80, 30, 7.5, { flagship: true, squadron: "maas" });

describe("critical hits (text: Critical hits, 2 D Ave)", () => {
  it.each([
    [[2, 2], 4, "fire"],
    [[2, 3], 5, "fire"],
    [[3, 3], 6, "none"],
    [[3, 4], 7, "none"],
    [[4, 4], 8, "gun-deck-swept"],
    [[4, 5], 9, "helm"],
    [[5, 5], 10, "flag-officer"],
  ])("%j scores %i: %s", (dice, score, effect) => {
    const t = run(table([flagship()]), { type: "critical", ship: "flag" }, dice as number[]);
    expect(t.outcome).toEqual({ score, effect });
  });
  it("fire: the ship burns and rolls at once ('inc move inflicted')", () => {
    const t = run(table([flagship()]), { type: "critical", ship: "flag" }, [2, 3]);
    expect(shipIn(t.state, "flag").onFire).toBe(true);
    expect(t.followUps.map((f) => f.action)).toEqual([{ type: "fire-check", ship: "flag" }]);
  });
  it("gun deck swept: 1 average die of turns, counted from the next move (criticals are step 5, after all ships fire)", () => {
    let s = table([flagship()]);
    const t = run(s, { type: "critical", ship: "flag" }, [4, 4]);
    expect(t.followUps.map((f) => f.action)).toEqual([{ type: "gun-deck-swept", ship: "flag" }]);
    s = run(t.state, { type: "gun-deck-swept", ship: "flag" }, [3]).state;
    expect(shipIn(s, "flag")).toMatchObject({ gunDeckSweptTurns: 3, gunDeckSweptSince: 1 });
    s = run(s, { type: "end-turn" }).state;
    expect(shipIn(s, "flag").gunDeckSweptTurns).toBe(3);
    s = run(s, { type: "end-turn" }).state;
    expect(shipIn(s, "flag").gunDeckSweptTurns).toBe(2);
  });
  it('"Gun deck swept by fire: lose additional gunnery step for 1D Ave turns" with "5. Check for critical hits" after "4. All ships fire": a roll of 2 costs the next two moves\' fire, whoever fired first', () => {
    const enemy = { ...antelope(), id: "enemy" }; // English; the flagship is Dutch
    const FIRE = { type: "fire", firer: "flag", target: "enemy", range: "medium" } as const;
    let s = table([flagship(), enemy]);
    const full = run(s, FIRE, [1]).outcome.firePoints;
    s = run(s, { type: "gun-deck-swept", ship: "flag" }, [2]).state;
    // still move 1: the flagship had not fired yet when the roll was made out of order — it costs nothing now
    expect(run(s, FIRE, [1]).outcome.firePoints).toBe(full);
    const firePoints: unknown[] = [];
    for (let move = 2; move <= 4; move++) {
      s = run(s, { type: "end-turn" }).state;
      firePoints.push(run(s, FIRE, [1]).outcome.firePoints);
    }
    expect(firePoints[0]).toBeLessThan(full as number);
    expect(firePoints).toEqual([firePoints[0], firePoints[0], full]);
    expect(shipIn(s, "flag")).toMatchObject({ gunDeckSweptTurns: 0, gunDeckSweptSince: null });
  });
  it("helm: 2 port, 3–4 no turn, 5 starboard", () => {
    const s = run(table([flagship()]), { type: "critical", ship: "flag" }, [4, 5]).state;
    expect(run(s, { type: "helm", ship: "flag" }, [2]).outcome).toEqual({ next: "port" });
    expect(run(s, { type: "helm", ship: "flag" }, [3]).outcome).toEqual({ next: "none" });
    expect(run(s, { type: "helm", ship: "flag" }, [5]).state.ships[0]?.helm).toBe("starboard");
  });
  it("flag officer hit: killed on a flagship; nothing on a private ship", () => {
    const t = run(table([flagship(), antelope()]), { type: "critical", ship: "flag" }, [5, 5]);
    expect(shipIn(t.state, "flag").flagOfficer).toBe("killed");
    expect(run(table([antelope()]), { type: "critical", ship: "antelope" }, [5, 5]).events).toEqual([]);
  });
  it("exact odds of the critical types (2 average dice)", () => {
    const o = odds(table([flagship()]), { type: "critical", ship: "flag" });
    expect(o.summary.fire).toBeCloseTo(5 / 36, 12);
    expect(o.summary.none).toBeCloseTo(18 / 36, 12);
    expect(o.summary["gun-deck-swept"]).toBeCloseTo(8 / 36, 12);
    expect(o.summary.helm).toBeCloseTo(4 / 36, 12);
    expect(o.summary["flag-officer"]).toBeCloseTo(1 / 36, 12);
  });
});

describe("fire aboard (1 average die each move)", () => {
  const burning = () => table([antelope({ onFire: true, damage: 5 })]);
  it("2 explodes", () => {
    const t = run(burning(), { type: "fire-check", ship: "antelope" }, [2]);
    expect(t.outcome).toMatchObject({ result: "explodes" });
    expect(shipIn(t.state, "antelope")).toMatchObject({ exploded: true, sinking: true, onFire: false, damage: 22 });
  });
  it("an exploding or sinking ship lets go of the ship she held", () => {
    const held = table([
      antelope({ onFire: true, damage: 21, grappledWith: "d", grappleKind: "fire-ship" }),
      shipOf("d", 40, 20, 3, { grappledWith: "antelope", grappleKind: "fire-ship" }),
    ]);
    expect(shipIn(run(held, { type: "fire-check", ship: "antelope" }, [2]).state, "d").grappledWith).toBeNull();
    const sunk = run(held, { type: "fire-check", ship: "antelope" }, [3]);
    expect(shipIn(sunk.state, "antelope")).toMatchObject({ sinking: true, grappledWith: null });
    expect(shipIn(sunk.state, "d").grappledWith).toBeNull();
  });
  it("3–4 burns on and loses a hull point (a step crossed calls a critical)", () => {
    const t = run(burning(), { type: "fire-check", ship: "antelope" }, [3]);
    expect(t.outcome).toMatchObject({ result: "burns", hullLost: 1 });
    expect(shipIn(t.state, "antelope")).toMatchObject({ onFire: true, damage: 6, fireRolledTurn: 1 });
    expect(t.followUps.map((f) => f.action)).toEqual([{ type: "critical", ship: "antelope" }]);
  });
  it("5 puts it out", () => {
    expect(shipIn(run(burning(), { type: "fire-check", ship: "antelope" }, [5]).state, "antelope").onFire).toBe(false);
  });
  it("a ship not on fire does not roll", () => {
    expect(refused(table([antelope()]), { type: "fire-check", ship: "antelope" }).code).toBe("rules.illegal");
  });
  it("exact odds: 1/6 explodes, 4/6 burns, 1/6 out", () => {
    expect(odds(burning(), { type: "fire-check", ship: "antelope" }).summary).toEqual({
      explodes: 1 / 6,
      burns: 4 / 6,
      extinguished: 1 / 6,
    });
  });
  it("each move: end-turn asks for the fire rolls not yet made this move, once", () => {
    const s = burning();
    const t = run(s, { type: "end-turn" });
    expect(t.followUps.map((f) => f.action)).toEqual([{ type: "fire-check", ship: "antelope", turn: 1 }]);
    expect(t.state.game.turn).toBe(2);
    const rolled = run(t.state, t.followUps[0]?.action as Record<string, unknown>, [3]).state;
    expect(shipIn(rolled, "antelope").fireRolledTurn).toBe(1);
    const already = run(s, { type: "fire-check", ship: "antelope" }, [4]).state;
    expect(run(already, { type: "fires" }).followUps).toEqual([]);
    expect(run(s, { type: "fires" }).followUps).toHaveLength(1);
  });
});
