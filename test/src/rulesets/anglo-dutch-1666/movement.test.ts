import { describe, expect, it } from "vitest";
import { antelope, pelican, refused, run, shipIn, shipOf, table } from "./helpers.ts";

// Wind from the north (hexside 0): heading 0 in irons, 1/5 close hauled, 2/4 reaching, 3 running.
const north = (strength = "normal", justChanged = false) => ({ wind: { direction: 0, strength, justChanged } });
const plain = (over: Record<string, unknown> = {}) => shipOf("ship", 52, 22, 4, over);
const moveOf = (ship: Record<string, unknown>, plot: string, strength = "normal", extra: Record<string, unknown> = {}) =>
  run(table([ship], { ...north(strength), ...extra }), { type: "move", ship: ship.id as string, plot });
const bad = (ship: Record<string, unknown>, plot: string, strength = "normal", justChanged = false) =>
  refused(table([ship], north(strength, justChanged)), { type: "move", ship: ship.id as string, plot });

describe("movement by point of sail (the missing diagram: close hauled 1, reach 3, run 2)", () => {
  it("reach 3, run 2, close hauled 1", () => {
    expect(moveOf(plain({ heading: 2 }), "FFF").outcome).toMatchObject({ hexesMoved: 3, pointOfSail: "reach", allowance: 3 });
    expect(bad(plain({ heading: 2 }), "FFFF").code).toBe("rules.illegal");
    expect(moveOf(plain({ heading: 3 }), "FF").outcome.hexesMoved).toBe(2);
    expect(bad(plain({ heading: 3 }), "FFF").code).toBe("rules.illegal");
    expect(moveOf(plain({ heading: 5 }), "F").outcome.hexesMoved).toBe(1);
    expect(bad(plain({ heading: 5 }), "FF").code).toBe("rules.illegal");
  });
  it("the text's example: on a reach, turning onto a run after two hexes, no further move", () => {
    expect(moveOf(plain({ heading: 2 }), "FFR").outcome).toMatchObject({ heading: 3, hexesMoved: 2 });
    expect(bad(plain({ heading: 2 }), "FFRF").message).toMatch(/beyond the 2/);
  });
  it("three hexes and still a turn at the end", () => {
    expect(moveOf(plain({ heading: 2 }), "FFFR").outcome).toMatchObject({ hexesMoved: 3, heading: 3 });
  });
  it("a single hexside turn after moving into a hex; no turn before moving unless handy", () => {
    expect(bad(plain({ heading: 2 }), "RF").code).toBe("rules.illegal");
    expect(bad(plain({ heading: 2 }), "FRR").code).toBe("rules.illegal");
    expect(moveOf(plain({ heading: 2 }), "FRF").outcome).toMatchObject({ hexesMoved: 2, heading: 3 });
    expect(moveOf(pelican({ heading: 2 }), "RFF").outcome).toMatchObject({ hexesMoved: 2, heading: 3 });
  });
  it("tacking: an extra hexside to end on the opposite tack; handy ships may tack before moving", () => {
    expect(moveOf(plain({ heading: 1 }), "FLL").outcome).toMatchObject({ heading: 5, turns: 1 });
    expect(moveOf(pelican({ heading: 1 }), "LLF").outcome).toMatchObject({ heading: 5, hexesMoved: 1 });
    expect(bad(plain({ heading: 1 }), "LLF").code).toBe("rules.illegal");
  });
  it("light winds: must tack 1 hexside a turn", () => {
    expect(bad(plain({ heading: 1 }), "FLL", "light").code).toBe("rules.illegal");
    expect(moveOf(plain({ heading: 1 }), "FL", "light").outcome.heading).toBe(0);
  });
  it("unhandy: one turn per move", () => {
    expect(moveOf(plain({ heading: 2 }), "FRFR").outcome.heading).toBe(4);
    expect(bad(plain({ heading: 2, handling: "unhandy" }), "FRFR").message).toMatch(/unhandy/);
  });
  it("fast: an extra hex unless close hauled", () => {
    expect(moveOf(plain({ heading: 2, handling: "fast" }), "FFFF").outcome.hexesMoved).toBe(4);
    expect(bad(plain({ heading: 1, handling: "fast" }), "FF").code).toBe("rules.illegal");
  });
  it("weather: strong +1 unless close hauled (fast too); light −1 but one hex close hauled; still: tow or pivot", () => {
    expect(moveOf(plain({ heading: 2, handling: "fast" }), "FFFFF", "strong").outcome.hexesMoved).toBe(5);
    expect(bad(plain({ heading: 1 }), "FF", "strong").code).toBe("rules.illegal");
    expect(moveOf(plain({ heading: 2 }), "FF", "light").outcome.allowance).toBe(2);
    expect(moveOf(plain({ heading: 3 }), "F", "light").outcome.allowance).toBe(1);
    expect(moveOf(plain({ heading: 1 }), "F", "light").outcome.allowance).toBe(1);
    expect(bad(plain({ heading: 2 }), "F", "still").code).toBe("rules.illegal");
    expect(moveOf(plain({ heading: 2, hex: { q: 0, r: 0 } }), "T0", "still").outcome).toMatchObject({ towed: true, hex: { q: 0, r: -1 } });
    expect(moveOf(plain({ heading: 2 }), "L", "still").outcome.heading).toBe(1);
    expect(bad(plain({ heading: 2 }), "LF", "still").code).toBe("rules.illegal");
    expect(bad(plain({ heading: 2 }), "FT1").code).toBe("rules.illegal");
  });
  it("damage: −1 a hex (minimum 1), −2 only 1 hex and not close hauled, disabled only turns", () => {
    expect(moveOf(antelope({ heading: 2, damage: 6 }), "FF").outcome.allowance).toBe(2);
    expect(moveOf(antelope({ heading: 5, damage: 6 }), "F").outcome.allowance).toBe(1);
    expect(bad(antelope({ heading: 2, damage: 11 }), "FF").code).toBe("rules.illegal");
    expect(bad(antelope({ heading: 1, damage: 11 }), "F").message).toMatch(/close hauled/);
    expect(bad(antelope({ heading: 2, damage: 17 }), "F").message).toMatch(/disabled/);
    expect(moveOf(antelope({ heading: 2, damage: 17 }), "R").outcome).toMatchObject({ heading: 3, hexesMoved: 0 });
    expect(bad(pelican({ heading: 2, damage: 8 }), "RF").code).toBe("rules.illegal"); // lost H at ⅔
  });
  it("in irons: after a wind change a free turn downwind, then sail; otherwise only a turn or hove to", () => {
    expect(moveOf(plain({ heading: 0 }), "RF", "normal", north("normal", true)).outcome).toMatchObject({ heading: 1, hexesMoved: 1 });
    expect(bad(plain({ heading: 0 }), "RF").code).toBe("rules.illegal");
    expect(moveOf(plain({ heading: 0 }), "R").outcome.heading).toBe(1);
    expect(moveOf(plain({ heading: 0, hex: { q: 0, r: 0 } }), "").outcome).toMatchObject({
      hexesMoved: 0,
      drift: { before: 0, after: 1 },
      hex: { q: 0, r: 1 },
    });
  });
  it("helm hit: the move begins with the turn, then at least 1 hex; 'no turn' forbids turning; cleared after", () => {
    expect(bad(plain({ heading: 2, helm: "port" }), "FF").code).toBe("rules.illegal");
    expect(bad(plain({ heading: 2, helm: "port" }), "L").message).toMatch(/at least 1 hex/);
    const t = moveOf(plain({ heading: 2, helm: "port" }), "LF");
    expect(t.outcome).toMatchObject({ heading: 1, hexesMoved: 1 });
    expect(shipIn(t.state, "ship").helm).toBeNull();
    expect(bad(plain({ heading: 2, helm: "none" }), "FR").code).toBe("rules.illegal");
  });
  it("drift: normal 1 hex when not under way, light none, strong 1 before every move and 1 more when not under way", () => {
    const at = { q: 0, r: 0 };
    expect(moveOf(plain({ heading: 2, hex: at }), "F").outcome).toMatchObject({
      drift: { before: 0, after: 0, toward: 3 },
      hex: { q: 1, r: 0 },
    });
    expect(moveOf(plain({ heading: 2, hex: at }), "", "light").outcome).toMatchObject({ drift: { before: 0, after: 0 }, hex: at });
    expect(moveOf(plain({ heading: 2, hex: at }), "F", "strong").outcome).toMatchObject({
      drift: { before: 1, after: 0 },
      hex: { q: 1, r: 1 },
    });
    expect(moveOf(plain({ heading: 2, hex: at }), "", "strong").outcome).toMatchObject({
      drift: { before: 1, after: 1 },
      hex: { q: 0, r: 2 },
    });
  });
  it("two friendly ships in one hex: a collision check as an attempted grapple", () => {
    const s = table(
      [plain({ heading: 2, hex: { q: 0, r: 0 }, side: "dutch" }), shipOf("friend", 40, 20, 3, { hex: { q: 1, r: 0 }, side: "dutch" })],
      north(),
    );
    const t = run(s, { type: "move", ship: "ship", plot: "F" });
    expect(t.outcome.collisionWith).toBe("friend");
    expect(t.followUps.map((f) => f.action)).toEqual([{ type: "grapple", attacker: "ship", defender: "friend", kind: "collision" }]);
  });
  it("a sinking ship is an obstacle; a grappled ship cannot move; a fired fire ship sails straight", () => {
    const s = table([plain({ heading: 2, hex: { q: 0, r: 0 } }), shipOf("wreck", 40, 20, 3, { hex: { q: 1, r: 0 }, damage: 20 })], north());
    expect(refused(s, { type: "move", ship: "ship", plot: "F" }).message).toMatch(/obstacle/);
    expect(bad(plain({ grappledWith: "ship", grappleKind: "boarding" }), "").code).toBe("rules.illegal");
    expect(bad(shipOf("fs", 12, 4, 0.5, { heading: 2, fireship: true, fireshipLit: true }), "FR").code).toBe("rules.illegal");
  });
  it("a bad plot is input.invalid at action.plot", () => {
    expect(bad(plain(), "FX")).toMatchObject({ code: "input.invalid", path: "action.plot" });
  });
});
