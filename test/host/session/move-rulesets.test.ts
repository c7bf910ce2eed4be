/**
 * Issue 43 item 5, the host's half: every rule set whose core judges moves is watched the same way (move-watch.ts
 * knows no rule set). Quickfire opens the game in its Movement phase: a ship moved is judged in her text's unit against
 * her available speed, and logged when the phase ends; Age of Sail's are watched in each player's move stage.
 */
import { describe, expect, it } from "vitest";
import type { TableSession } from "../../../host/session/table-session.ts";
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
