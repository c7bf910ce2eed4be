/**
 * Issue 43, the host's half for WS&IM: the move watch opens in the *movement* phase (after *movement plotting*); a ship
 * seen somewhere new is her move, judged on the demo's hex grid (2″ hexes, flat-topped) against the plot she made,
 * logged as an entry of the game with the move, and a collision prompted with both ships named.
 */
import { describe, expect, it } from "vitest";
import type { TableSession } from "../../../host/session/table-session.ts";
import { twoHexShipAt } from "../../support/two-hex-ship.ts";
import { demoDice, demoPad, demoSetup, openSession } from "../helpers.ts";

const GRID = { size: 50.8, origin: { x: 0, y: 0 }, orientation: "flat" as const };
/** A two-hex ship with her bow in hex (q, r) facing hexside f, on this test's grid. */
const at = (q: number, r: number, f: number) => twoHexShipAt(GRID, q, r, f);

let seenAt = 0;
const place = (s: TableSession, ship: string, p: { x: number; y: number; heading: number }) =>
  s.send({ type: "reading", reading: { type: "ship.seen", sourceId: "table", ship, ...p, uncertainty: 0, at: ++seenAt } });
const phase = (s: TableSession) => s.rs.turn.phases[s.work.phase]?.name;

/** The demo's Trafalgar, ships placed, walked to movement plotting, Victory's plot 1R1 (3 MP) made, then movement. */
function movement(plot = "1R1") {
  const { session: s } = openSession(demoSetup("wsim-battle-v3"), undefined, [], [...demoDice, demoPad]);
  place(s, "victory", at(10, 5, 0));
  place(s, "temeraire", at(6, 5, 0));
  place(s, "redoutable", at(10, 9, 3));
  place(s, "bucentaure", at(14, 9, 3));
  for (let i = 0; i < 8 && phase(s) !== "movement plotting"; i++) {
    if (!s.send({ type: "next-phase" }).ok) {
      s.send({ type: "software-roll" });
      s.send({ type: "cancel" });
    }
  }
  expect(phase(s)).toBe("movement plotting");
  expect(s.work.moves ?? null).toBeNull();
  const started = s.send({ type: "start", action: { type: "plot", ship: "victory", plot, allowanceMP: 3 } });
  expect(started.ok, JSON.stringify(started)).toBe(true);
  // an action needing no dice, given whole, is resolved at once
  expect(s.records.at(-1)?.description).toBe(`Victory's plot ${plot} is legal (${plot.length === 1 ? plot : 3} MP).`);
  expect(s.send({ type: "next-phase" }).ok).toBe(true);
  expect(phase(s)).toBe("movement");
  return s;
}

describe("WS&IM moves watched in the movement phase", () => {
  it("judged on the hex grid against her plot as she moves, logged with the move as the phase ends", () => {
    const s = movement();
    expect(s.work.moves?.starts.victory).toEqual(at(10, 5, 0));
    // a hex ahead, a turn to starboard on her bow hex, a hex north-east: her plot 1R1
    place(s, "victory", at(11, 6, 1));
    const judged = s.work.moves?.judged;
    expect(judged).toMatchObject({
      ship: "victory",
      distance: 2,
      unit: "hex",
      turns: [60],
      allowance: 3,
      allowanceUnit: "MP",
      legal: true,
    });
    expect(judged?.words).toBe("Victory moved two hexes, one turn of 60° to starboard: 3 MP of her 3 MP");
    // sailing her plot, she may end only where it takes her: her two hexes there, outlined (ten corners)
    expect(s.work.moves?.reach?.ship).toBe("victory");
    expect(s.work.moves?.reach?.polygons).toHaveLength(1);
    expect(s.work.moves?.reach?.polygons[0]).toHaveLength(10);
    const before = s.records.length;
    s.send({ type: "next-phase" });
    const entry = s.records[before];
    expect(entry?.action).toMatchObject({ type: "move", ship: "victory" });
    expect(entry?.outcome).toMatchObject({ plot: "1R1", mp: 3, move: { ship: "victory", legal: true } });
    expect(entry?.description).toBe(judged?.words);
  });

  it("a move that is not her plot is said with its figures and not logged", () => {
    const s = movement();
    place(s, "victory", at(10, 8, 0));
    expect(s.work.moves?.judged).toMatchObject({ legal: false, why: "where she stands is the plot 3, not her plot 1R1" });
    const before = s.records.length;
    s.send({ type: "next-phase" });
    expect(s.records.slice(before).some((r) => r.description.startsWith("Victory moved"))).toBe(false);
  });

  it("her plot, made at the table, is judged by the text: one MP over her allowance and two turns refused with their figures", () => {
    const { session: s } = openSession(demoSetup("wsim-battle-v3"), undefined, [], [...demoDice, demoPad]);
    for (let i = 0; i < 8 && phase(s) !== "movement plotting"; i++) {
      if (!s.send({ type: "next-phase" }).ok) {
        s.send({ type: "software-roll" });
        s.send({ type: "cancel" });
      }
    }
    const plot = (p: string) => s.send({ type: "start", action: { type: "plot", ship: "victory", plot: p, allowanceMP: 3 } });
    // exactly her allowance is legal; one MP over is not
    expect(plot("3").ok).toBe(true);
    expect(plot("4")).toMatchObject({
      ok: false,
      error: { code: "rules.illegal", message: "The plot costs 4 MP; the movement allowance is 3." },
    });
    // "1R1R": two turns where her turning allowance is one
    expect(plot("1R1R")).toMatchObject({
      ok: false,
      error: { code: "rules.illegal", message: "2 turns exceed Victory's turning allowance of 1 (a T does not count)." },
    });
  });

  it("sailing into Redoutable's hex prompts the collision with both ships named, then whether they are fouled", () => {
    const s = movement("3");
    // Redoutable lies across her track, her bow hex (10, 8); Victory's plot 3 takes her bow there
    place(s, "redoutable", at(10, 8, 1));
    place(s, "victory", at(10, 8, 0));
    expect(s.work.moves?.judged).toMatchObject({ legal: true, contacts: [{ ship: "redoutable", kind: "collision" }] });
    s.send({ type: "next-phase" });
    const entry = s.records.find((r) => r.description.startsWith("Victory moved"));
    expect(entry?.followUps.map((f) => f.action.type)).toEqual(["collision", "grapple"]);
    expect(entry?.followUps[0]?.purpose).toMatch(/^Victory ran into Redoutable's hex/);
  });

  it("a ship tapped in the movement phase has her move set up, the next one tapped hers; the collision stays on /control", () => {
    const s = movement();
    s.send({ type: "tap", ship: "victory" });
    expect(s.draft).toMatchObject({ type: "move", values: { ship: "victory" } });
    expect(s.draftStatus()?.instruction).toBe("move her on the table, then tap the next ship");
    expect(s.work.moves?.moving).toBe("victory");
    // the next ship tapped is the next move, not the other ship of a collision
    s.send({ type: "tap", ship: "temeraire" });
    expect(s.draft).toMatchObject({ type: "move", values: { ship: "temeraire" } });
    expect(s.work.moves?.moving).toBe("temeraire");
    // a collision the watch did not prompt is still chosen on /control, in its phase
    expect(s.send({ type: "edit", actionType: "collision", values: { ship: "victory", other: "redoutable" } }).ok).toBe(true);
    expect(s.draftStatus()?.outsidePhase).toBeNull();
  });

  it("a ship tapped with no plot this turn is told so at once; moved without one, said and not logged", () => {
    const s = movement();
    const notices = () => s.notices.map((n) => n.text).filter((t) => t.includes("no plot"));
    s.send({ type: "tap", ship: "temeraire" });
    const words = "Temeraire has no plot this turn: plot her move first.";
    expect(s.draftStatus()).toMatchObject({ instruction: words, ready: false });
    // a tap is no move: the display's instruction says it, no notice yet
    expect(notices()).toEqual([]);
    place(s, "temeraire", at(6, 6, 0));
    expect(s.work.moves?.refused).toBe(words);
    expect(notices()).toEqual([words]);
    const before = s.records.length;
    s.send({ type: "next-phase" });
    expect(s.records.slice(before).some((r) => r.description.startsWith("Temeraire"))).toBe(false);
  });
});
