/**
 * Issue 43 item 5, the host's half: every rule set whose core judges moves is watched the same way (move-watch.ts
 * knows no rule set). Quickfire opens the game in its Movement phase: a ship moved is judged in her text's unit against
 * her available speed, and logged when the phase ends; Age of Sail's are watched in each player's move stage.
 */
import { describe, expect, it } from "vitest";
import type { TableSession } from "../../../host/session/table-session.ts";
import { hexCenter } from "../../../src/geometry/hex.ts";
import { demoDice, demoPad, demoSetup, openSession } from "../helpers.ts";

let at = 0;
const place = (s: TableSession, ship: string, x: number, y: number, heading: number) =>
  s.send({ type: "reading", reading: { type: "ship.seen", sourceId: "table", ship, x, y, heading, uncertainty: 0, at: ++at } });

describe("moves in Quickfire", () => {
  it("are watched from the game's first phase: judged in her unit against her speed, logged as the phase ends", () => {
    const { session: s } = openSession(demoSetup("quickfire"), undefined, [], [...demoDice, demoPad]);
    expect(s.rs.turn.phases[s.work.phase]?.name).toBe("Movement");
    place(s, "mikasa", 400, 300, 0);
    place(s, "oryol", 400, 900, 180);
    expect(s.work.moves?.starts.mikasa).toEqual({ x: 400, y: 300, heading: 0 });
    s.send({ type: "tap", ship: "mikasa" });
    expect(s.work.moves?.reach?.ship).toBe("mikasa");
    // over her available speed (60 mm): said with its figures, as the action itself refuses it
    place(s, "mikasa", 400, 400, 0);
    expect(s.work.moves?.judged).toMatchObject({
      distance: 100,
      unit: "mm",
      allowance: 60,
      legal: false,
      why: "100 mm — her allowance is 60 mm",
    });
    place(s, "mikasa", 400, 350, 0);
    const judged = s.work.moves?.judged;
    expect(judged).toMatchObject({ ship: "mikasa", distance: 50, unit: "mm", allowance: 60, turns: [], legal: true });
    expect(judged?.words).toMatch(/^Mikasa moved 50 mm of her 60 mm, no turn/);
    const before = s.records.length;
    s.send({ type: "next-phase" });
    expect(s.records[before]?.description).toBe(judged?.words);
    expect(s.records[before]?.action).toMatchObject({ type: "move", ship: "mikasa" });
  });
});

describe("her movement action confirmed after she moved", () => {
  it("is her move's entry: measured from where she stood, the move in its outcome, not logged twice", () => {
    const { session: s } = openSession(demoSetup("quickfire"), undefined, [], [...demoDice, demoPad]);
    place(s, "mikasa", 400, 300, 0);
    place(s, "oryol", 400, 900, 180);
    s.send({ type: "tap", ship: "mikasa" });
    place(s, "mikasa", 400, 340, 0);
    // the Move action's distance is measured from where she stood, not asked
    expect(s.draftStatus()?.action).toMatchObject({ type: "move", ship: "mikasa", distance: 40, turn: 0 });
    expect(s.draftStatus()?.ready).toBe(true);
    expect(s.send({ type: "confirm" }).ok).toBe(true);
    const entry = s.records.at(-1);
    expect(entry?.action).toMatchObject({ type: "move", ship: "mikasa", distance: 40 });
    expect(entry?.outcome).toMatchObject({ move: { ship: "mikasa", distance: 40, legal: true } });
    expect(entry?.description).toMatch(/^Mikasa moved 40 mm of her 60 mm, no turn/);
    expect(s.work.moves?.moving).toBeNull();
    expect(s.work.moves?.done).toEqual(["mikasa"]);
    const count = s.records.length;
    s.send({ type: "next-phase" });
    expect(s.records.slice(count).some((r) => r.description.startsWith("Mikasa moved"))).toBe(false);
  });
});

describe("moves in Age of Sail", () => {
  it("are watched in a player's move stage: judged in centimetres against her speed, logged as the stage ends", () => {
    const { session: s } = openSession(demoSetup("age-of-sail"), undefined, [], [...demoDice, demoPad]);
    place(s, "victory", 400, 600, 180);
    place(s, "bellerophon", 400, 300, 180);
    const stage = () => s.rs.phases[s.work.phase] ?? "";
    // walk the round to the first player's move, setting aside what the stages before it ask
    for (let i = 0; i < 12 && stage() !== "player 1: move"; i++) {
      if (!s.send({ type: "next-phase" }).ok) {
        s.send({ type: "software-roll" });
        s.send({ type: "cancel" });
      }
    }
    expect(stage()).toBe("player 1: move");
    expect(s.work.moves?.starts.victory).toEqual({ x: 400, y: 600, heading: 180 });
    s.send({ type: "tap", ship: "victory" });
    place(s, "victory", 400, 570, 180);
    const judged = s.work.moves?.judged;
    expect(judged).toMatchObject({ ship: "victory", distance: 3, unit: "cm", legal: true });
    expect(judged?.words).toMatch(/^Victory moved 3 cm of her \d+ cm, no turn/);
    const before = s.records.length;
    s.send({ type: "next-phase" });
    expect(s.records[before]?.description).toBe(judged?.words);
  });
});

describe("moves in 1666, on the demo's hex cloth", () => {
  it("are measured as a plot of hexes, judged against her allowance in hexes, said, logged, and her reach is hexes", () => {
    const setup = demoSetup("anglo-dutch-1666");
    expect(setup.table?.hexGrid).toMatchObject({ size: 50.8 });
    const { session: s } = openSession(setup, undefined, [], [...demoDice, demoPad]);
    const grid = { size: 50.8, origin: { x: 0, y: 0 }, orientation: "flat" as const };
    // Royal Charles in a hex's centre with her bow to hexside 3 (south), the wind's hexside
    const from = hexCenter(grid, { q: 10, r: 8 });
    const to = hexCenter(grid, { q: 10, r: 6 });
    const stage = () => s.rs.turn.phases[s.work.phase]?.name ?? "";
    for (let i = 0; i < 12 && stage() !== "movement"; i++) {
      if (!s.send({ type: "next-phase" }).ok) {
        s.send({ type: "software-roll" });
        s.send({ type: "cancel" });
      }
    }
    expect(stage()).toBe("movement");
    place(s, "royal-charles", from.x, from.y, 180);
    place(s, "zeven-provincien", 300, 300, 0);
    s.send({ type: "tap", ship: "royal-charles" });
    const reach = s.work.moves?.reach;
    expect(reach?.ship).toBe("royal-charles");
    // a hexagon a hex, her own among them
    expect(reach?.polygons.every((p) => p.length === 6)).toBe(true);
    // three hexes ahead, turning a hexside only after a hex: 12 hexes, the one she moves to among them
    expect(reach?.polygons).toHaveLength(12);
    const centre = (p: readonly (readonly [number, number])[]) =>
      p.reduce((c, [x, y]) => ({ x: c.x + x / 6, y: c.y + y / 6 }), { x: 0, y: 0 });
    expect(reach?.polygons.some((p) => Math.hypot(centre(p).x - to.x, centre(p).y - to.y) < 0.5)).toBe(true);
    place(s, "royal-charles", to.x, to.y, 180);
    const judged = s.work.moves?.judged;
    expect(judged).toMatchObject({ ship: "royal-charles", distance: 2, unit: "hex", turns: [] });
    expect(judged?.legal).toBe(true);
    expect(judged?.words).toBe("Royal Charles moved 2 hexes of her 3 hexes, no turn");
    const before = s.records.length;
    s.send({ type: "next-phase" });
    expect(s.records[before]?.description).toBe(judged?.words);
  });

  it("a ship tapped in the movement phase has her move set up, the next one tapped hers; grapple stays on /control", () => {
    const { session: s } = openSession(demoSetup("anglo-dutch-1666"), undefined, [], [...demoDice, demoPad]);
    const grid = { size: 50.8, origin: { x: 0, y: 0 }, orientation: "flat" as const };
    const stage = () => s.rs.turn.phases[s.work.phase]?.name ?? "";
    for (let i = 0; i < 12 && stage() !== "movement"; i++) {
      if (!s.send({ type: "next-phase" }).ok) {
        s.send({ type: "software-roll" });
        s.send({ type: "cancel" });
      }
    }
    const from = hexCenter(grid, { q: 10, r: 8 });
    const to = hexCenter(grid, { q: 10, r: 7 });
    place(s, "royal-charles", from.x, from.y, 180);
    s.send({ type: "tap", ship: "royal-charles" });
    expect(s.draft).toMatchObject({ type: "move", values: { ship: "royal-charles" } });
    place(s, "royal-charles", to.x, to.y, 180);
    expect(s.work.moves?.judged?.words).toBe("Royal Charles moved 1 hex of her 3 hexes, no turn");
    // the next ship tapped is the next move (Royal Charles's is logged), not the defender of a grapple
    const before = s.records.length;
    s.send({ type: "tap", ship: "swiftsure" });
    expect(s.draft).toMatchObject({ type: "move", values: { ship: "swiftsure" } });
    expect(s.records[before]?.description).toBe("Royal Charles moved 1 hex of her 3 hexes, no turn");
    expect(s.send({ type: "edit", actionType: "grapple", values: { attacker: "royal-charles", defender: "zeven-provincien" } }).ok).toBe(
      true,
    );
    expect(s.draftStatus()?.outsidePhase).toBeNull();
  });
});
