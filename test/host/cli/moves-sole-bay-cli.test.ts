/**
 * Sole Bay's moves judged through `quarterdeck plan/resolve` with `table.before` (issue 43 done-when; docs/reference/request-result.md
 * "Moves"), each case worked by hand from the text's sentences. Royal James is medium, fresh, regular (6″ a move);
 * Gouda slow. Bases 25 × 60 mm (the rule set's default). 1″ = 25.4 mm.
 */
import { describe, expect, it } from "vitest";
import { runRulesCommand } from "../../../host/cli/commands/rules.ts";

const IN = 25.4;
const SHIPS = [
  { id: "rj", name: "Royal James", side: "english", rating: 1, speed: "medium", hull: "stout", crew: "regular", squadron: "red" },
  { id: "gouda", name: "Gouda", side: "dutch", rating: 3, speed: "slow", hull: "average", crew: "regular", squadron: "blue" },
  { id: "london", name: "London", side: "english", rating: 2, speed: "slow", hull: "average", crew: "regular", squadron: "red" },
];
type Pose = { x: number; y: number; heading: number };
const START: Pose = { x: 500, y: 500, heading: 0 };
const FAR = { x: 1500, y: 1500, heading: 0 };

async function run(
  command: "plan" | "resolve",
  action: Record<string, unknown>,
  ships: Record<string, Pose>,
  before: Record<string, unknown>,
  dice: number[] = [],
) {
  const request = {
    ships: SHIPS,
    wind: { windward: "N" },
    action: { type: "movement", windward: "neither", strategic: false, enemyWithin12: true, ...action },
    table: { ships: { gouda: FAR, london: { x: 100, y: 100, heading: 0 }, ...ships }, before },
    dice,
  };
  const r = await runRulesCommand(command, "sole-bay-1672", { readStdin: async () => JSON.stringify(request) });
  return { code: r.code, json: JSON.parse(r.stdout) };
}

/** A move straight ahead `inches` from START. */
const ahead = (inches: number, mm = 0): Pose => ({ x: START.x, y: START.y + inches * IN + mm, heading: 0 });

/**
 * Where the template puts her after `first` inches, one 45° turn to starboard on the starboard stern corner, and
 * `then` inches: worked by hand (rotation of the centre about the corner), not by the kernel.
 */
function turnedStarboard(first: number, then: number): Pose {
  const y0 = START.y + first * IN;
  const corner = { x: START.x + 12.5, y: y0 - 30 };
  const r = { x: -12.5, y: 30 }; // the centre from the corner
  const c = Math.SQRT1_2;
  const centre = { x: corner.x + r.x * c + r.y * c, y: corner.y - r.x * c + r.y * c };
  return { x: centre.x + then * IN * c, y: centre.y + then * IN * c, heading: 45 };
}

describe("Sole Bay moves via the CLI", () => {
  it('"Movement rates are in inches": a legal straight move exactly at the allowance (Medium, Fresh: 6)', async () => {
    const r = await run("resolve", { ship: "rj" }, { rj: ahead(6) }, { rj: START });
    expect(r.code, JSON.stringify(r.json)).toBe(0);
    expect(r.json.move).toMatchObject({ ship: "rj", distance: 6, unit: "in", turns: [], allowance: 6, legal: true, contacts: [] });
    expect(r.json.move.words).toBe("Royal James moved 6″ of her 6″, no turn");
  });

  it("2 mm over the allowance: plan says why, resolve refuses with the figures", async () => {
    const plan = await run("plan", { ship: "rj" }, { rj: ahead(6, 2) }, { rj: START });
    expect(plan.json.move).toMatchObject({ legal: false, why: "6.08″ — her allowance is 6″" });
    // the words: one sentence, each figure once
    expect(plan.json.move.words).toBe("Royal James moved 6.08″ — her allowance is 6″.");
    const r = await run("resolve", { ship: "rj" }, { rj: ahead(6, 2) }, { rj: START });
    expect(r.code).toBe(2);
    expect(r.json.error.code).toBe("rules.illegal");
    expect(r.json.error.message).toBe("Royal James's move is not legal: 6.08″ — her allowance is 6″.");
    expect(r.json.error.path).toBe("table.ships.rj");
  });

  it('"Turning is in 45 degree increments … Turns are made from the stern corner": a legal turn after 3″', async () => {
    const r = await run("resolve", { ship: "rj" }, { rj: turnedStarboard(3, 3) }, { rj: START });
    expect(r.code, JSON.stringify(r.json)).toBe(0);
    expect(r.json.move).toMatchObject({ distance: 6, turns: [45], legal: true });
    expect(r.json.move.words).toBe("Royal James moved 6″ of her 6″, one turn of 45° to starboard");
    expect(r.json.move.path).toHaveLength(4);
  });

  it('"All ships must move 2" … between turns" / "After its minimum movement": a turn after 1″ is too early', async () => {
    const r = await run("plan", { ship: "rj" }, { rj: turnedStarboard(1, 5) }, { rj: START });
    expect(r.json.move).toMatchObject({ legal: false, turns: [45], why: "a turn after 1″ — she must move 2″ before turning" });
    expect(r.json.move.words).toBe("Royal James turned after 1″ — she must move 2″ before turning.");
  });

  it('"Slow ships may only make 1 turn a move": two turns are too many (Gouda, slow, 4″)', async () => {
    // 2″, 45° to starboard, 2″, 45° to starboard: 4″ in all, but two turns
    const mid = turnedStarboard(2, 2);
    const corner = { x: mid.x + 12.5 * Math.SQRT1_2 - 30 * Math.SQRT1_2, y: mid.y - 12.5 * Math.SQRT1_2 - 30 * Math.SQRT1_2 };
    const r0 = { x: mid.x - corner.x, y: mid.y - corner.y };
    const c = Math.SQRT1_2;
    const end = { x: corner.x + r0.x * c + r0.y * c, y: corner.y - r0.x * c + r0.y * c, heading: 90 };
    const r = await run("plan", { ship: "gouda" }, { gouda: end }, { gouda: START });
    expect(r.json.move).toMatchObject({ legal: false, turns: [45, 45], why: "two turns — a slow ship may make one", allowance: 4 });
    expect(r.json.move.words).toBe("Gouda made two turns — a slow ship may make one.");
  });

  it('"all movement distances are doubled for Strategic moves": 11″ is legal strategic, not tactical', async () => {
    const strategic = await run("resolve", { ship: "rj", strategic: true, enemyWithin12: false }, { rj: ahead(11) }, { rj: START });
    expect(strategic.json.move).toMatchObject({ allowance: 12, legal: true });
    const tactical = await run("plan", { ship: "rj" }, { rj: ahead(11) }, { rj: START });
    expect(tactical.json.move).toMatchObject({ allowance: 6, legal: false, why: "11″ — her allowance is 6″" });
  });

  it('"If a line drawn from the bow of the ship crosses the windward table edge, reduce speed by half"', async () => {
    const r = await run("plan", { ship: "rj", windward: "bow" }, { rj: ahead(4) }, { rj: START });
    expect(r.json.move).toMatchObject({ allowance: 3, legal: false, why: "4″ — her allowance is 3″" });
  });

  it('"… from the stern … Roll 1D3 … add the total in half inches": plan judges the best roll, resolve the roll', async () => {
    const plan = await run("plan", { ship: "rj", windward: "stern" }, { rj: ahead(7.5) }, { rj: START });
    expect(plan.json.move).toMatchObject({ allowance: 7.5, legal: true });
    const rolledLow = await run("resolve", { ship: "rj", windward: "stern" }, { rj: ahead(7.5) }, { rj: START }, [1]);
    expect(rolledLow.json.error.message).toContain("7.5″ — her allowance is 6.5″");
    const rolledHigh = await run("resolve", { ship: "rj", windward: "stern" }, { rj: ahead(7.5) }, { rj: START }, [3]);
    expect(rolledHigh.json.move).toMatchObject({ allowance: 7.5, legal: true });
  });
});

describe("Sole Bay contact after a move", () => {
  it('"Collisions occur when movement brings two ships into contact": the collision roll naming both', async () => {
    // Gouda lies across her bow: Royal James's bow edge (y = 500 + 152.4 + 30) meets Gouda's stern edge
    const gouda = { x: 500, y: 500 + 6 * IN + 60, heading: 0 };
    const r = await run("resolve", { ship: "rj" }, { rj: ahead(6), gouda }, { rj: START });
    expect(r.code, JSON.stringify(r.json)).toBe(0);
    expect(r.json.move.contacts).toEqual([{ ship: "gouda", kind: "collision" }]);
    expect(r.json.followUps).toContainEqual({
      kind: "roll",
      purpose: "Royal James and Gouda collide: the moving player rolls 1D6 + crew",
      action: { type: "collision", mover: "rj", other: "gouda" },
    });
  });

  it('"within half an inch of the side edge of an enemy ship\'s base": 10 mm off → boarding offered, 20 mm → not', async () => {
    // side by side, heading north: her starboard edge at x = 512.5, Gouda's port edge 10 (or 20) mm beyond
    const near = await run("resolve", { ship: "rj" }, { rj: ahead(6), gouda: { x: 535, y: 500 + 6 * IN, heading: 0 } }, { rj: START });
    expect(near.json.move.contacts).toEqual([{ ship: "gouda", kind: "boarding" }]);
    expect(near.json.followUps).toContainEqual(
      expect.objectContaining({ kind: "roll", action: { type: "grapple", attacker: "rj", defender: "gouda" } }),
    );
    expect(near.json.followUps[0].purpose).toContain("Royal James ended within half an inch of Gouda's side");
    const far = await run("resolve", { ship: "rj" }, { rj: ahead(6), gouda: { x: 545, y: 500 + 6 * IN, heading: 0 } }, { rj: START });
    expect(far.json.move.contacts).toEqual([]);
    expect(far.json.followUps).toEqual([]);
  });
});

describe("bad input in table.before is refused naming the ship", () => {
  it("before for a ship not in the game", async () => {
    const r = await run("plan", { ship: "rj" }, { rj: ahead(6) }, { rj: START, ghost: START });
    expect(r.json.error).toMatchObject({ code: "ship.unknown", path: "table.before.ghost" });
    expect(r.json.error.message).toContain('"ghost"');
  });
  it("a move of 10 m", async () => {
    const r = await run("resolve", { ship: "rj" }, { rj: { x: 500, y: 10_500, heading: 0 } }, { rj: START });
    expect(r.json.error).toMatchObject({ code: "input.invalid", path: "table.before.rj" });
    expect(r.json.error.message).toContain("Royal James would have moved 10 m in one move");
  });
  it("a heading that is not a number (NaN becomes null in JSON)", async () => {
    const r = await run("plan", { ship: "rj" }, { rj: ahead(6) }, { rj: { x: 500, y: 500, heading: Number.NaN } });
    expect(r.json.error).toMatchObject({ code: "input.invalid", path: "table.before.rj.heading" });
    expect(r.json.error.message).toBe("Royal James's heading before her move is null, not a number.");
  });
});
