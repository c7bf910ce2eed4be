import { describe, expect, it } from "vitest";
import { transition } from "../../../src/game/engine.ts";
import { demoSetup, openSession, press, roll, tag, uidOf } from "../helpers.ts";

const setup = demoSetup();
const JAMES = uidOf(setup, "royal-james");
const GOUDA = uidOf(setup, "gouda");
const initial = () => {
  const s = setup.ruleset.parseState(setup.start, setup.data);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
};

/** Taps Royal James then Gouda, sets the range, and returns the fixture. */
function broadsideAt(range: number) {
  const f = openSession(setup);
  f.session.send({ type: "reading", reading: tag(JAMES) });
  f.session.send({ type: "reading", reading: tag(GOUDA) });
  expect(f.session.send({ type: "edit", actionType: undefined, values: { rangeInches: range } }).ok).toBe(true);
  return f;
}

const PIXELS = ["pixel-1", "pixel-2", "pixel-3", "pixel-4", "pixel-5", "pixel-6", "godice-1", "godice-2", "godice-3"];

describe("table session", () => {
  it("sets up a broadside from two taps and shows plan, exact odds and what to roll", () => {
    const { session } = broadsideAt(4);
    const st = session.draftStatus();
    expect(st?.action).toMatchObject({ type: "broadside", firer: "royal-james", target: "gouda", rangeInches: 4, rake: false });
    expect(st?.plan?.[0]).toMatchObject({ role: "attack", die: "d6", count: 10 });
    const total = st?.odds?.outcomes.reduce((s, o) => s + o.p, 0) ?? 0;
    expect(total).toBeCloseTo(1, 9);
    expect(st?.instruction).toBe("10 dice — roll 9, then 1");
    expect(session.work.focus).toBe("gouda");
  });

  it("asks for the missing field when only ships are tapped (the first tap only shows the ship while initiative waits)", () => {
    const f = openSession(setup);
    f.session.send({ type: "reading", reading: tag(JAMES) });
    expect(f.session.work.focus).toBe("royal-james");
    expect(f.session.draftStatus()?.action.type).toBe("initiative");
    f.session.send({ type: "reading", reading: tag(GOUDA) });
    expect(f.session.draftStatus()?.instruction).toMatch(/^choose range/);
  });

  it("pools dice across throws and resolves exactly as the rules core does, keeping each die's provenance", () => {
    const { session } = broadsideAt(4);
    const faces = [6, 5, 4, 3, 2, 1, 6, 4, 2];
    for (const [i, id] of PIXELS.entries()) session.send({ type: "reading", reading: roll(id, faces[i] as number) });
    expect(session.records).toHaveLength(0);
    expect(session.draftStatus()?.instruction).toBe("roll 1 die");
    session.send({ type: "reading", reading: roll("pixel-1", 5) });
    expect(session.records).toHaveLength(1);
    const rec = session.records[0];
    const expected = transition(setup.ruleset, initial(), rec?.action ?? { type: "x" }, [...faces, 5]);
    expect(expected.ok).toBe(true);
    if (!expected.ok || !rec) return;
    expect(rec.outcome).toEqual(expected.value.outcome);
    expect(session.state.ships).toEqual(expected.value.state.ships);
    expect(rec.dice.map((d) => d.from)).toEqual(
      [...PIXELS, "pixel-1"].map((dieId, i) => expect.objectContaining({ source: "die", dieId, face: [...faces, 5][i] })),
    );
    expect(rec.description).toMatch(/hits on Gouda/);
  });

  it("keeps the rules' hit/miss mark on each die of the result, and the store gives it back after a restart", () => {
    const f = broadsideAt(4);
    const faces = [6, 5, 4, 3, 2, 1, 6, 4, 2, 1];
    for (const [i, id] of [...PIXELS, "pixel-1"].entries()) f.session.send({ type: "reading", reading: roll(id, faces[i] as number) });
    const expected = transition(setup.ruleset, initial(), f.session.records[0]?.action ?? { type: "x" }, faces);
    if (!expected.ok) throw new Error(expected.error.message);
    const marks = expected.value.marks?.[0] ?? [];
    expect(marks).toHaveLength(10);
    expect(f.session.records[0]?.dice.map((d) => d.mark ?? null)).toEqual(marks);
    // 4+ hits at close range: the 6, 5, 4, 6 and 4 hit; the rest miss
    expect(f.session.records[0]?.dice.filter((d) => d.mark === "hit").map((d) => d.value)).toEqual([6, 5, 4, 6, 4]);
    expect(f.reopen().session.records[0]?.dice.map((d) => d.mark ?? null)).toEqual(marks);
  });

  it("takes typed dice (checked against the plan) and software dice, recording where each came from", () => {
    const { session } = broadsideAt(8);
    expect(session.send({ type: "dice", values: [7] }).ok).toBe(false);
    const bad = session.send({ type: "dice", values: [6, 0] });
    expect(!bad.ok && bad.error).toMatchObject({ code: "dice.value", path: "values[1]" });
    expect(session.send({ type: "dice", values: [6, 6, 6] }).ok).toBe(true);
    session.send({ type: "reading", reading: roll("pixel-2", 5) });
    expect(session.send({ type: "software-roll" }).ok).toBe(true);
    const rec = session.records[0];
    expect(rec?.dice.map((d) => d.from.source)).toEqual(["manual", "manual", "manual", "die", ...Array(6).fill("software")]);
  });

  it("dice thrown into an action not ready give one notice, in a sentence, not one a die (issue 38 item 6)", () => {
    const f = openSession(setup);
    f.session.send({ type: "reading", reading: tag(JAMES) });
    f.session.send({ type: "reading", reading: tag(GOUDA) });
    const before = f.session.notices.length;
    for (const [die, face] of [
      ["pixel-1", 5],
      ["pixel-2", 3],
      ["godice-1", 6],
    ] as const)
      f.session.send({ type: "reading", reading: roll(die, face) });
    expect(f.session.notices.length).toBe(before + 1);
    const text = f.session.notices.at(-1)?.text ?? "";
    expect(text).toMatch(/^3 dice not counted: first choose range .*\. Rolled: Pixels die 1 \(5\), Pixels die 2 \(3\), GoDice 1 \(6\)\.$/);
    expect(text).not.toMatch(/\.\.|— first|\. \./);
  });

  it("ignores electronic dice of a player switched to manual dice, and dice with no action waiting", () => {
    const { session } = broadsideAt(4);
    expect(session.send({ type: "player", side: "Allied", mode: "manual" }).ok).toBe(true);
    session.send({ type: "reading", reading: roll("pixel-1", 6) });
    expect(session.draftStatus()?.gathered?.placed).toHaveLength(0);
    expect(session.notices.at(-1)?.text).toMatch(/not counted: \w+ rolls typed dice\./);
    expect(session.draftStatus()?.instruction).toMatch(/type them on the control page/);
  });

  it("undoes the last resolved action: ship logs and state go back", () => {
    const { session } = broadsideAt(4);
    session.send({ type: "dice", values: Array(10).fill(6) });
    expect(session.state.ships.find((s) => s.id === "gouda")).toMatchObject({ damage: 10 });
    expect(session.send({ type: "undo" }).ok).toBe(true);
    expect(session.records).toHaveLength(0);
    expect(session.state.ships).toEqual(initial().ships);
    const again = session.send({ type: "undo" });
    expect(!again.ok && again.error.code).toBe("undo.nothing");
  });

  it("sets the wind with set-wind (no dice) and tells listeners the wind changed", () => {
    const { session } = openSession(setup);
    const seen: string[] = [];
    session.onChange((events) => seen.push(...events.map((e) => e.type)));
    expect(session.windView()?.label).toBe("Windward edge: E");
    expect(session.send({ type: "start", action: { type: "set-wind", windward: "W" } }).ok).toBe(true);
    expect(session.windView()).toMatchObject({ system: "edge4", fromDegrees: 270 });
    expect(seen).toContain("wind");
    session.send({ type: "reading", reading: press("undo") });
    expect(session.windView()?.fromDegrees).toBe(90);
  });

  it("the button box confirms, undoes and moves to the next phase", () => {
    const { session } = openSession(setup);
    session.send({ type: "edit", actionType: "set-wind", values: { windward: "S" } });
    expect(session.records).toHaveLength(0);
    session.send({ type: "reading", reading: press("confirm") });
    expect(session.records).toHaveLength(1);
    session.send({ type: "reading", reading: press("next-phase") });
    expect(session.work.phase).toBe(1);
    session.send({ type: "reading", reading: press("undo") });
    expect(session.records).toHaveLength(0);
    session.send({ type: "reading", reading: press("launch-rockets") });
    expect(session.notices.at(-1)?.text).toMatch(/unknown/);
  });

  it("refuses what the rules refuse, with their error", () => {
    const { session } = broadsideAt(13);
    expect(session.draftStatus()?.error?.code).toBeDefined();
    const r = session.send({ type: "start", action: { type: "broadside", firer: "royal-james", target: "nobody", rangeInches: 4 } });
    expect(r.ok).toBe(false);
  });

  it("resumes exactly after a restart: resolved actions folded, a half-rolled action still pending and not applied", () => {
    const f = broadsideAt(4);
    f.session.send({ type: "dice", values: Array(10).fill(5) });
    f.session.send({ type: "reading", reading: tag(GOUDA) });
    f.session.send({ type: "reading", reading: tag(JAMES) });
    f.session.send({ type: "edit", actionType: undefined, values: { rangeInches: 4 } });
    f.session.send({ type: "reading", reading: roll("pixel-1", 6) });
    f.session.send({ type: "reading", reading: roll("pixel-2", 6) });
    const before = { ships: f.session.state.ships, draft: f.session.draft, records: f.session.records };
    const g = f.reopen();
    expect(g.session.state.ships).toEqual(before.ships);
    expect(g.session.records).toEqual(before.records);
    expect(g.session.draft).toEqual(before.draft);
    expect(g.session.draftStatus()?.gathered?.placed).toHaveLength(2);
    expect(g.session.state.ships.find((s) => s.id === "royal-james")).toMatchObject({ damage: 0 });
  });

  it("after an undo and a restart the undone action stays undone", () => {
    const f = broadsideAt(4);
    f.session.send({ type: "dice", values: Array(10).fill(6) });
    f.session.send({ type: "undo" });
    const g = f.reopen();
    expect(g.session.records).toHaveLength(0);
    expect(g.session.state.ships).toEqual(initial().ships);
  });

  it("follows the rules' follow-ups: an explosion chain of rolls and a choice, driven only by followUps", () => {
    const { session } = openSession(setup);
    const missing = () => session.draftStatus()?.gathered?.missing.reduce((a, b) => a + b, 0) ?? 0;
    session.send({ type: "start", action: { type: "broadside", firer: "royal-prince", target: "stavoren", rangeInches: 4, rake: true } });
    session.send({ type: "dice", values: Array(missing()).fill(6) });
    expect(session.followUps[0]).toMatchObject({ kind: "roll", action: { type: "explosion-roll", ship: "stavoren" } });
    expect(session.draft).toMatchObject({ type: "explosion-roll", origin: "follow-up" });
    // a tap does not disturb a demanded roll
    session.send({ type: "reading", reading: tag(JAMES) });
    expect(session.draft?.type).toBe("explosion-roll");
    session.send({ type: "dice", values: [6, 6] });
    session.send({ type: "dice", values: [6] });
    const choice = session.followUps[0];
    expect(choice?.kind).toBe("choose");
    expect(session.draft).toBeNull();
    const bad = session.send({ type: "choose", value: ["the-flying-dutchman"] });
    expect(!bad.ok && bad.error.code).toBe("input.invalid");
    expect(session.send({ type: "choose", value: ["edgar", "gouda"] }).ok).toBe(true);
    for (let i = 0; i < 10 && session.followUps.length > 0; i++) {
      if (session.followUps[0]?.kind === "choose") break;
      session.send({ type: "dice", values: Array(missing()).fill(4) });
    }
    expect(session.state.ships.find((s) => s.id === "edgar")).toMatchObject({ damage: expect.any(Number) });
    expect((session.state.ships.find((s) => s.id === "edgar") as { damage: number } | undefined)?.damage).toBeGreaterThan(0);
    expect(session.records.map((r) => r.action.type)).toEqual(
      expect.arrayContaining(["broadside", "explosion-roll", "explosion-radius", "explosion-hits"]),
    );
  });

  it("a die bound to the other side is ignored; a die bound to a role serves only that role", () => {
    const { session } = broadsideAt(4);
    session.send({ type: "bind", binding: { die: "pixel-1", side: "Dutch" } });
    session.send({ type: "reading", reading: roll("pixel-1", 6) });
    expect(session.draftStatus()?.gathered?.placed).toHaveLength(0);
    expect(session.notices.at(-1)?.text).toMatch(/it is Dutch.s die/);
    session.send({ type: "bind", binding: { die: "pixel-2", roles: ["risk"] } });
    session.send({ type: "reading", reading: roll("pixel-2", 6) });
    expect(session.notices.at(-1)?.text).toMatch(
      /Pixels die 2 \(6\) not counted: it is the risk die; the roll is waiting for ten attack dice\./,
    );
    session.send({ type: "reading", reading: roll("pixel-3", 6) });
    expect(session.draftStatus()?.gathered?.placed).toHaveLength(1);
  });

  it("undo of a follow-up brings its demand back, and survives a restart", () => {
    const f = openSession(setup);
    const missing = () => f.session.draftStatus()?.gathered?.missing.reduce((a, b) => a + b, 0) ?? 0;
    f.session.send({ type: "start", action: { type: "broadside", firer: "royal-prince", target: "stavoren", rangeInches: 4, rake: true } });
    f.session.send({ type: "dice", values: Array(missing()).fill(6) });
    const demanded = f.session.followUps.map((x) => x.action.type);
    f.session.send({ type: "dice", values: [1, 2] });
    expect(f.session.records.at(-1)?.action.type).toBe("explosion-roll");
    expect(f.session.send({ type: "undo" }).ok).toBe(true);
    expect(f.session.followUps.map((x) => x.action.type)).toEqual(demanded);
    expect(f.session.draft).toMatchObject({ type: "explosion-roll", origin: "follow-up" });
    const g = f.reopen();
    expect(g.session.followUps.map((x) => x.action.type)).toEqual(demanded);
    g.session.send({ type: "undo" });
    expect(g.session.followUps).toEqual([]);
    expect(g.session.state.ships).toEqual(initial().ships);
  });
});
