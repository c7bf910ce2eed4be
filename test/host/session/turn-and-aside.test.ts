/**
 * Where the game is (issue 11 item 4 and 7): the turn counted as the phase order comes round; a phase's own roll
 * never dropped by a tap — a second ship tapped sets it aside, said on the display, and it comes back after the
 * action or when that is cancelled; what an undo undid stays in the state for pages opened later.
 */
import { describe, expect, it } from "vitest";
import { tableView } from "../../../host/session/view.ts";
import { demoSetup, openSession, tag, uidOf } from "../helpers.ts";

const setup = demoSetup();
const JAMES = uidOf(setup, "royal-james");
const GOUDA = uidOf(setup, "gouda");
const view = (f: ReturnType<typeof openSession>) =>
  tableView(f.session, { devices: [], dial: null, sim: false }, { theme: "dark", scale: 1 });

describe("turn, a phase's roll set aside, the last undo", () => {
  it("counts the turn when the phase order comes round, and keeps it over a restart", () => {
    const f = openSession(setup);
    expect(view(f).turn).toBe(1);
    const phases = setup.ruleset.phases.length;
    for (let i = 0; i < phases; i++) expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
    expect(f.session.work.phase).toBe(0);
    expect(view(f).turn).toBe(2);
    expect(view(f.reopen()).turn).toBe(2);
  });

  it("a first tap only shows the ship; a second sets the initiative aside, which comes back after the broadside", () => {
    const f = openSession(setup, undefined, [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
    expect(f.session.draftStatus()?.action.type).toBe("initiative");
    f.session.send({ type: "reading", reading: tag(JAMES) });
    expect(f.session.draftStatus()?.action.type).toBe("initiative");
    expect(view(f).aside).toBeNull();
    f.session.send({ type: "reading", reading: tag(GOUDA) });
    expect(f.session.draftStatus()?.action).toMatchObject({ type: "broadside", firer: "royal-james", target: "gouda" });
    expect(view(f).aside).toEqual({ type: "initiative", title: "Initiative" });
    expect(f.session.notices.at(-1)?.text).toMatch(/^Initiative: set aside/);
    // a restart keeps it aside
    const g = f.reopen();
    expect(view(g).aside).toMatchObject({ type: "initiative" });
    expect(g.session.send({ type: "edit", actionType: undefined, values: { rangeInches: 4 } }).ok).toBe(true);
    expect(g.session.send({ type: "player", side: "Allied", mode: "software" }).ok).toBe(true);
    expect(g.session.send({ type: "confirm" }).ok).toBe(true);
    expect(g.session.records).toHaveLength(1);
    expect(g.session.draftStatus()?.action.type).toBe("initiative");
    expect(view(g).aside).toBeNull();
  });

  it("cancelling the action the initiative made way for brings the initiative back", () => {
    const f = openSession(setup);
    f.session.send({ type: "reading", reading: tag(JAMES) });
    f.session.send({ type: "reading", reading: tag(GOUDA) });
    expect(f.session.draftStatus()?.action.type).toBe("broadside");
    expect(f.session.send({ type: "cancel" }).ok).toBe(true);
    expect(f.session.draftStatus()?.action.type).toBe("initiative");
  });

  it("what the last undo undid is in the state until the next action resolves", () => {
    const f = openSession(setup);
    expect(f.session.send({ type: "dice", values: [6, 1] }).ok).toBe(true);
    expect(f.session.records).toHaveLength(1);
    const done = f.session.records.at(-1);
    expect(f.session.send({ type: "undo" }).ok).toBe(true);
    expect(view(f).lastUndo).toMatchObject({ seq: done?.seq, description: done?.description });
    expect(view(f.reopen()).lastUndo).toMatchObject({ seq: done?.seq });
  });

  it("moving to the next phase says what it puts away unresolved (an action set up, a roll set aside), never silently", () => {
    const f = openSession(setup);
    f.session.send({ type: "reading", reading: tag(JAMES) });
    f.session.send({ type: "reading", reading: tag(GOUDA) });
    expect(view(f).aside).toMatchObject({ type: "initiative" });
    const before = f.session.notices.length;
    expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
    const said = f.session.notices.slice(before).map((n) => n.text);
    expect(said.some((t) => /^Next phase: .*Initiative put away unresolved/.test(t))).toBe(true);
    expect(view(f).aside).toBeNull();
    // an untouched default action is not an action put away: nothing to say
    const quiet = f.session.notices.length;
    expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
    expect(f.session.notices.slice(quiet).filter((n) => n.text.startsWith("Next phase:"))).toEqual([]);
  });
});
