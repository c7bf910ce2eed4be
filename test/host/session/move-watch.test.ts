/**
 * Issue 43 item 1, the host's half: during Sole Bay's movement phase a ship's position changing is a move — from where
 * she stood as the phase opened to where she stands — judged by her rule set, kept with the game (a restart keeps
 * it), shown in words, and logged as an entry of the game when her move is done (another ship tapped, the next phase).
 */
import { describe, expect, it } from "vitest";
import type { Reading } from "../../../devices/readings.ts";
import type { TableSession } from "../../../host/session/table-session.ts";
import { demoDice, demoPad, demoSetup, openSession } from "../helpers.ts";

const IN = 25.4;
let at = 0;
const seen = (ship: string, x: number, y: number, heading = 0): Reading => ({
  type: "ship.seen",
  sourceId: "table",
  ship,
  x,
  y,
  heading,
  uncertainty: 0,
  at: ++at,
});
const place = (s: TableSession, ship: string, x: number, y: number, heading = 0) =>
  s.send({ type: "reading", reading: seen(ship, x, y, heading) });

/** Sole Bay with Edgar (medium, fresh) 10″ from Gouda, heading north with the wind in the east: 6″ a move, no dice. */
function movementPhase() {
  const fixture = openSession(demoSetup("sole-bay-1672"), undefined, [], [...demoDice, demoPad]);
  const s = fixture.session;
  place(s, "edgar", 300, 300);
  place(s, "gouda", 300 + 10 * IN + 40, 300, 180);
  expect(s.send({ type: "next-phase" }).ok).toBe(true);
  expect(s.rs.turn.phases[s.work.phase]?.name).toBe("Movement / Collisions");
  return { ...fixture, s };
}

describe("a move during the movement phase", () => {
  it("keeps where every ship stood as the phase opened, with the game", () => {
    const { s, reopen } = movementPhase();
    expect(s.work.moves?.starts).toEqual({ edgar: { x: 300, y: 300, heading: 0 }, gouda: { x: 300 + 10 * IN + 40, y: 300, heading: 180 } });
    expect(reopen().session.work.moves?.starts.edgar).toEqual({ x: 300, y: 300, heading: 0 });
  });

  it("is judged in words as she moves, and logged with the move when the next phase comes", () => {
    const { s, reopen } = movementPhase();
    s.send({ type: "tap", ship: "edgar" });
    expect(s.work.moves?.moving).toBe("edgar");
    expect(s.work.moves?.reach?.ship).toBe("edgar");
    place(s, "edgar", 300, 300 + 5 * IN);
    expect(s.work.moves?.judged).toMatchObject({ ship: "edgar", distance: 5, unit: "in", allowance: 6, legal: true, turns: [] });
    expect(s.work.moves?.judged?.words).toMatch(/^Edgar moved 5″ of her 6″, no turn/);
    // a restart keeps the move under way
    const again = reopen().session;
    expect(again.work.moves?.judged?.words).toMatch(/^Edgar moved 5″ of her 6″, no turn/);
    const before = again.records.length;
    again.send({ type: "next-phase" });
    const entry = again.records[before];
    expect(entry?.description).toMatch(/^Edgar moved 5″ of her 6″, no turn/);
    expect(entry?.action).toMatchObject({ type: "movement", ship: "edgar" });
    expect(entry?.outcome).toMatchObject({ allowance: 6, move: { ship: "edgar", distance: 5, legal: true } });
    expect(again.work.moves ?? null).toBeNull();
  });

  it("is seen with no tap: the ship that moved is the one judged; another moving logs hers", () => {
    const { s } = movementPhase();
    place(s, "edgar", 300, 300 + 4 * IN);
    expect(s.work.moves?.moving).toBe("edgar");
    expect(s.work.moves?.judged?.distance).toBe(4);
    const before = s.records.length;
    place(s, "gouda", 300 + 10 * IN + 40, 300 - 3 * IN, 180);
    expect(s.records[before]?.description).toMatch(/^Edgar moved 4″ of her 6″, no turn/);
    expect(s.work.moves?.moving).toBe("gouda");
    expect(s.work.moves?.done).toEqual(["edgar"]);
    // undone, her move is open again: seen again, she is the one moving
    s.send({ type: "undo" });
    expect(s.work.moves?.done).toEqual([]);
    place(s, "edgar", 300, 300 + 5 * IN);
    expect(s.work.moves?.moving).toBe("edgar");
    expect(s.work.moves?.judged?.distance).toBe(5);
  });

  it("names a move the rules forbid with its figures and does not log it; the next sighting judges again", () => {
    const { s } = movementPhase();
    s.send({ type: "tap", ship: "edgar" });
    place(s, "edgar", 300, 300 + 7 * IN);
    expect(s.work.moves?.judged).toMatchObject({ legal: false });
    expect(s.work.moves?.judged?.why).toContain("her allowance is 6″");
    const before = s.records.length;
    s.send({ type: "tap", ship: "gouda" });
    expect(s.records.length).toBe(before);
    expect(s.notices.at(-1)?.text).toContain("not logged");
    place(s, "edgar", 300, 300 + 6 * IN);
    expect(s.work.moves?.moving).toBe("edgar");
    expect(s.work.moves?.judged).toMatchObject({ legal: true, distance: 6 });
  });
});

describe("contact after a move (Sole Bay)", () => {
  /** Edgar 4″ from where she starts, Gouda placed by `gouda` as the phase opens. */
  function contact(gouda: { x: number; y: number; heading: number }) {
    const fixture = openSession(demoSetup("sole-bay-1672"), undefined, [], [...demoDice, demoPad]);
    const s = fixture.session;
    place(s, "edgar", 300, 300);
    place(s, "gouda", gouda.x, gouda.y, gouda.heading);
    s.send({ type: "next-phase" });
    s.send({ type: "tap", ship: "edgar" });
    return s;
  }

  it("brought into contact by a move: the collision roll is prompted with both ships named", () => {
    // Gouda broadside on across Edgar's bow: 3″ brings Edgar's bow to her side
    const s = contact({ x: 300, y: 300 + 30 + 3 * IN + 12.5, heading: 90 });
    place(s, "edgar", 300, 300 + 3 * IN);
    expect(s.work.moves?.judged?.contacts).toContainEqual({ ship: "gouda", kind: "collision" });
    s.send({ type: "next-phase" });
    expect(s.records.at(-1)?.description).toMatch(/^Edgar moved 3″/);
    expect(s.followUps[0]?.purpose).toMatch(/Edgar and Gouda collide/);
    expect(s.draftStatus()?.def.type).toBe("collision");
    // the phase waits for the roll the rules demand
    expect(s.rs.turn.phases[s.work.phase]?.name).toBe("Movement / Collisions");
  });

  it("ending 10 mm off an enemy's side edge offers boarding; 20 mm off does not", () => {
    const side = (gap: number) => {
      const s = contact({ x: 300 + 25 + gap, y: 300 + 4 * IN, heading: 0 });
      place(s, "edgar", 300, 300 + 4 * IN);
      return s;
    };
    const near = side(10);
    expect(near.work.moves?.judged?.contacts).toEqual([{ ship: "gouda", kind: "boarding" }]);
    near.send({ type: "next-phase" });
    expect(near.followUps[0]?.purpose).toMatch(/^Edgar ended within half an inch of Gouda's side: she may board/);
    const far = side(20);
    expect(far.work.moves?.judged?.contacts).toEqual([]);
    far.send({ type: "next-phase" });
    expect(far.followUps.some((f) => f.purpose.includes("board"))).toBe(false);
  });
});
