/** The session's reducer on its own: inputs in, working state, status and effects (as data) out; nothing run. */
import { describe, expect, it } from "vitest";
import { type DraftStatus, draftStatus, OddsCache } from "../../../host/session/draft.ts";
import { restoreWork } from "../../../host/session/follow-ups.ts";
import { type SessionInput, type StepEnv, step } from "../../../host/session/step.ts";
import { turnShape } from "../../../host/session/turn.ts";
import type { RuleSet } from "../../../src/game/types.ts";
import { demoDice, demoSetup, roll } from "../helpers.ts";

const setup = demoSetup();

/** The rule set with its `parseAction` calls counted: the rules' own checks of the draft's action. */
function counted(rs: RuleSet): { rs: RuleSet; calls: () => number } {
  let n = 0;
  return {
    rs: {
      ...rs,
      parseAction: (state, raw) => {
        n++;
        return rs.parseAction(state, raw);
      },
    },
    calls: () => n,
  };
}

/** The draft's memo with the statuses computed counted: each one that checks an action asks it for the parse. */
class CountingMemo extends OddsCache {
  statuses = 0;
  override parse(...args: Parameters<OddsCache["parse"]>): ReturnType<OddsCache["parse"]> {
    this.statuses++;
    return super.parse(...args);
  }
}

function start(rs: RuleSet = setup.ruleset) {
  const initial = rs.parseState(setup.start, setup.data);
  if (!initial.ok) throw new Error(initial.error.message);
  const game = { initial: initial.value, records: [], state: initial.value };
  const odds = new CountingMemo();
  const env = (status: DraftStatus | null): StepEnv => ({
    rs,
    tags: setup.tags,
    game,
    status,
    health: demoDice,
    odds,
    now: () => 5000,
    nextSeq: () => 1,
    randomFace: (sides) => sides,
    turn: turnShape(rs),
  });
  let work = restoreWork(setup, initial.value, null);
  let status = draftStatus(work.draft, { rs, state: game.state, work, health: demoDice, odds });
  return {
    game,
    odds,
    send(input: SessionInput) {
      const out = step(work, input, env(status));
      work = out.work;
      status = out.status;
      return out;
    },
  };
}

const broadside = { type: "broadside", firer: "royal-james", target: "gouda", rangeInches: 12 };

describe("step", () => {
  it("turns the last die of a roll into a commit, the die's colour kept in the record, and leaves the game to the interpreter", () => {
    const t = start();
    const started = t.send({ type: "start", action: broadside });
    expect(started.effects.map((e) => e.kind)).toEqual(["save", "push"]);
    const needed = started.status?.gathered?.missing.reduce((a, b) => a + b, 0) ?? 0;
    expect(needed).toBeGreaterThan(0);
    let last = t.send({ type: "reading", reading: roll("pixel-5", 6) });
    for (let i = 1; i < needed; i++) last = t.send({ type: "reading", reading: roll("pixel-5", 6) });
    const kinds = last.effects.map((e) => e.kind);
    expect(kinds).toEqual(["commit-action", "push", "push"]);
    const commit = last.effects[0];
    if (commit?.kind !== "commit-action") throw new Error("no commit");
    expect(commit.record.dice[0]?.from).toMatchObject({ source: "die", dieId: "pixel-5", color: "black", face: 6 });
    expect(commit.snapshot).toEqual(last.work);
    expect(t.game.records).toEqual([]); // the step changes nothing it was given
    expect(last.status?.gathered?.placed ?? []).toEqual([]); // the status is the next draft's
  });

  it("computes the draft's status once for a die reading, and has the rules check its action only when it changed", () => {
    const c = counted(setup.ruleset);
    const t = start(c.rs);
    t.send({ type: "start", action: broadside });
    const [parsed, statuses] = [c.calls(), t.odds.statuses];
    const out = t.send({ type: "reading", reading: roll("pixel-1", 3) });
    expect(out.effects.map((e) => e.kind)).toEqual(["save", "push", "push"]);
    expect(t.odds.statuses - statuses).toBe(1);
    // the die changed the rolls, not the action: the rules' check of it is the one made when it was set up
    expect(c.calls() - parsed).toBe(0);
    t.send({ type: "start", action: { ...broadside, rangeInches: 6 } });
    expect(c.calls() - parsed).toBeGreaterThan(0);
  });

  it("answers a die that does not count with a notice and no change", () => {
    const t = start();
    const waiting = t.send({ type: "edit", actionType: "broadside", values: {} }).work;
    const out = t.send({ type: "reading", reading: roll("pixel-1", 3) });
    expect(out.effects.map((e) => e.kind)).toEqual(["notice", "push"]);
    expect(out.effects[0]).toMatchObject({ notice: { level: "info", text: "Pixels die 1 (3) not counted: first tap the firing ship." } });
    expect(out.work).toEqual(waiting);
  });

  it("turns the dial when the wind changes, and only then", () => {
    const t = start();
    const windward = (t.game.state.wind as { windward: string }).windward === "N" ? "S" : "N";
    const moved = t.send({ type: "start", action: { type: "set-wind", windward } });
    expect(moved.effects.map((e) => e.kind)).toEqual(["commit-action", "dial", "push"]);
    expect(moved.effects[1]).toMatchObject({ kind: "dial", wind: { label: `Windward edge: ${windward}` } });
  });

  it("refuses without effects", () => {
    const t = start();
    const out = t.send({ type: "tap", ship: "no-such-ship" });
    expect(out.result).toMatchObject({ ok: false, error: { code: "ship.unknown" } });
    expect(out.effects).toEqual([]);
  });

  it("plays a button's command after the reading, as an input of its own: queued, not re-entered", () => {
    const t = start();
    const press = (command: string) => t.send({ type: "reading", reading: { type: "button.pressed", deviceId: "pad-1", command, at: 1 } });
    // the reading's own effects first, then the command's (re-entered, the command's came before the reading's push)
    expect(press("log").effects.map((e) => e.kind)).toEqual(["push", "log", "push"]);
    // a command refused is said as a notice after the reading; the reading itself is taken
    const undo = press("undo");
    expect(undo.result.ok).toBe(true);
    expect(undo.effects.map((e) => e.kind)).toEqual(["push", "notice"]);
    expect(undo.effects[1]).toMatchObject({ notice: { level: "warn", text: "There is nothing to undo." } });
  });

  it("answers Confirm with the software roll it raises, played after it", () => {
    const t = start();
    t.send({ type: "player", side: "Allied", mode: "software" });
    t.send({ type: "start", action: broadside });
    const out = t.send({ type: "confirm" });
    expect(out.result.ok).toBe(true);
    expect(out.effects.map((e) => e.kind)).toContain("commit-action");
  });
});
