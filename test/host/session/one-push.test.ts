/**
 * The session's one entry tells its listeners at most once per step: a die that resolves the action (the step asks
 * for a push when it resolves and again for the reading) reaches them in one call carrying every event.
 */
import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../host/session/table-session.ts";
import { demoSetup, openSession, roll, tag, uidOf } from "../helpers.ts";

const setup = demoSetup();
const PIXELS = ["pixel-1", "pixel-2", "pixel-3", "pixel-4", "pixel-5", "pixel-6", "godice-1", "godice-2", "godice-3"];

describe("one send, one push", () => {
  it("a resolving roll reaches listeners once, with its result", () => {
    const f = openSession(setup);
    f.session.send({ type: "reading", reading: tag(uidOf(setup, "royal-james")) });
    f.session.send({ type: "reading", reading: tag(uidOf(setup, "gouda")) });
    expect(f.session.send({ type: "edit", actionType: undefined, values: { rangeInches: 4 } }).ok).toBe(true);
    for (const id of PIXELS) f.session.send({ type: "reading", reading: roll(id, 3) });
    const told: SessionEvent[][] = [];
    f.session.onChange((events) => told.push([...events]));
    f.session.send({ type: "reading", reading: roll("pixel-1", 6) });
    expect(f.session.records).toHaveLength(1);
    expect(told).toHaveLength(1);
    expect(told[0]?.map((e) => e.type)).toContain("result");
  });

  it("every input of a short game tells listeners at most once", () => {
    const f = openSession(setup);
    let calls = 0;
    f.session.onChange(() => calls++);
    const inputs = [
      { type: "reading", reading: tag(uidOf(setup, "royal-james")) },
      { type: "reading", reading: tag(uidOf(setup, "gouda")) },
      { type: "edit", actionType: undefined, values: { rangeInches: 4 } },
      { type: "software-roll" },
      { type: "undo" },
      { type: "cancel" },
      { type: "next-phase" },
    ] as const;
    for (const input of inputs) {
      const before = calls;
      f.session.send(input);
      expect(calls - before, input.type).toBeLessThanOrEqual(1);
    }
  });

  it("walking each rule set's turn by next-phase (ends of phases and turns played on their own) tells listeners at most once a press", () => {
    for (const id of ["sole-bay-1672", "quickfire", "anglo-dutch-1666", "wsim-battle-v3", "age-of-sail"]) {
      const f = openSession(demoSetup(id));
      let calls = 0;
      f.session.onChange(() => calls++);
      for (let i = 0; i < 30; i++) {
        const before = calls;
        const sent = f.session.send({ type: "next-phase" });
        if (!sent.ok) f.session.send({ type: "software-roll" });
        expect(calls - before, `${id} press ${i}`).toBeLessThanOrEqual(1);
      }
    }
  });
});
