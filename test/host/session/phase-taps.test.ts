/**
 * Issue 24 item 3, "Taps mean the phase's action": two ships tapped set up the action a pair of ships means in the
 * phase the table is in (`PhaseDef.taps`, else the rule set's firing action); a demanded roll's type, or an earlier
 * phase's, never lingers for the next taps; a first tap never destroys a demanded roll in progress.
 */
import { describe, expect, it } from "vitest";
import { tableView } from "../../../host/session/view.ts";
import { demoSetup, openSession, type SessionFixture } from "../helpers.ts";

function walkTo(f: SessionFixture, phase: number): void {
  for (let i = 0; f.session.work.phase !== phase && i < 20; i++) {
    while (f.session.followUps.length > 0) f.session.send({ type: "cancel" });
    expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
  }
  while (f.session.followUps.length > 0) f.session.send({ type: "cancel" });
}
const tapTwo = (f: SessionFixture, a: string, b: string) => {
  expect(f.session.send({ type: "tap", ship: a }).ok).toBe(true);
  expect(f.session.send({ type: "tap", ship: b }).ok).toBe(true);
  return f.session.draft;
};

describe("two ships tapped set up the phase's action", () => {
  it("Age of Sail: disentangling in its stage, the broadside while moving and in combat", () => {
    const f = openSession(demoSetup("age-of-sail"));
    walkTo(f, 1);
    expect(tapTwo(f, "victory", "redoutable")).toMatchObject({ type: "separate", values: { ship: "victory", other: "redoutable" } });
    walkTo(f, 4);
    expect(f.session.work.phase).toBe(4);
    expect(tapTwo(f, "victory", "redoutable")).toMatchObject({ type: "fire", values: { firer: "victory", target: "redoutable" } });
  });

  it("WS&IM: a signal in the signalling phase, fire in the fire phase, melee in the melee", () => {
    const f = openSession(demoSetup("wsim-battle-v3"));
    walkTo(f, 1);
    expect(tapTwo(f, "victory", "temeraire")).toMatchObject({ type: "signal", values: { from: "victory", to: "temeraire" } });
    walkTo(f, 5);
    expect(tapTwo(f, "victory", "redoutable")).toMatchObject({ type: "fire", values: { firer: "victory", target: "redoutable" } });
    walkTo(f, 6);
    expect(tapTwo(f, "victory", "redoutable")).toMatchObject({ type: "melee", values: { ship: "victory", enemy: "redoutable" } });
  });

  it("Sole Bay: after the rolls the end of movement demanded, two ships tapped in Broadsides set up a broadside, not the last roll's type", () => {
    const base = demoSetup("sole-bay-1672");
    const start = base.start as { ships: Array<Record<string, unknown>> };
    const setup = { ...base, start: { ...start, ships: start.ships.map((s, i) => (i === 0 ? { ...s, fireTurns: 1 } : s)) } };
    const f = openSession(setup);
    walkTo(f, 1);
    expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
    expect(f.session.draft?.type).toBe("fire-damage");
    expect(f.session.send({ type: "software-roll" }).ok).toBe(true);
    while (f.session.followUps.length > 0) f.session.send({ type: "cancel" });
    expect(tapTwo(f, "royal-james", "gouda")).toMatchObject({ type: "broadside", values: { firer: "royal-james", target: "gouda" } });
  });

  it("Quickfire: a demanded fire roll resolved in the repair phase leaves the phase's repair for the next taps", () => {
    const base = demoSetup("quickfire");
    const start = base.start as { ships: Array<Record<string, unknown>> };
    const setup = { ...base, start: { ...start, ships: start.ships.map((s, i) => (i === 0 ? { ...s, fires: 1 } : s)) } };
    const f = openSession(setup);
    for (let i = 0; i < 3; i++) expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
    expect(f.session.draft?.type).toBe("fire");
    expect(f.session.send({ type: "software-roll" }).ok).toBe(true);
    while (f.session.followUps.length > 0) f.session.send({ type: "cancel" });
    expect(f.session.draft?.type).toBe("repair");
    // a tap means the repair phase's own action: the ship tapped repairs (the last of two tapped)
    expect(tapTwo(f, "mikasa", "knyaz-suvorov")).toMatchObject({ type: "repair", values: { ship: "knyaz-suvorov" } });
  });

  it("an earlier phase's action does not linger: the next phase sets up its own, and what was begun is said", () => {
    const f = openSession(demoSetup("sole-bay-1672"));
    walkTo(f, 1);
    expect(f.session.draft?.type).toBe("movement");
    expect(f.session.send({ type: "tap", ship: "royal-james" }).ok).toBe(true);
    const before = f.session.notices.length;
    expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
    expect(f.session.notices.slice(before).map((n) => n.text)).toContainEqual(
      expect.stringMatching(/^Next phase: Movement put away unresolved/),
    );
    expect(f.session.draft).toMatchObject({ type: "broadside", values: {} });
  });
});

describe("a tap means the phase's own action (issue 38 item 3)", () => {
  it("Quickfire's movement: a tap records a move, never gunfire; repair: a tap repairs", () => {
    const f = openSession(demoSetup("quickfire"));
    expect(f.session.draft?.type).toBe("move");
    expect(f.session.send({ type: "tap", ship: "mikasa" }).ok).toBe(true);
    expect(f.session.draft).toMatchObject({ type: "move", values: { ship: "mikasa" } });
    expect(f.session.draftStatus()?.outsidePhase).toBeNull();
    expect(f.session.draftStatus()?.error ?? null).toBeNull();
  });

  it("Age of Sail's fire removal stage with no ship burning: nothing is set up, and the view says what the stage is for", () => {
    const setup = demoSetup("age-of-sail");
    const f = openSession(setup);
    expect(f.session.draft).toBeNull();
    expect(f.session.send({ type: "tap", ship: "victory" }).ok).toBe(true);
    expect(f.session.send({ type: "tap", ship: "redoutable" }).ok).toBe(true);
    expect(f.session.draft).toBeNull();
    const view = tableView(f.session, { devices: [], dial: null, sim: false }, setup.display);
    expect(view.phase.purpose).toBe("Burning ships fight their fires: 5–6 the first round, 6 the next, else she blows up.");
    expect(view.focus?.ship?.id).toBe("redoutable");
  });
});
