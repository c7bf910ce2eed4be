/**
 * Issue 24 item 1, "The turn belongs to the table": next-phase walks each rule set's whole turn, three times over, on
 * its bundled scenario — every end of a phase and of the turn the text plays is prompted and resolved, and the turn
 * the table shows is the rule set's own count at every step, in step with the phase, and the club feed says the same.
 */
import { describe, expect, it } from "vitest";
import { tableSummary } from "../../../host/club-link/table-summary.ts";
import { gameTurn } from "../../../host/session/view.ts";
import { RULE_SETS } from "../../../src/rulesets/index.ts";
import { demoSetup, openSession, type SessionFixture } from "../helpers.ts";

/** Faces 1–6 in a fixed, mixed order (ties in an initiative roll are rolled again). */
const faces = Array.from({ length: 4000 }, (_, i) => ((i * 7 + Math.floor(i / 6)) % 6) + 1);

/** Plays what the table waits for, as players would: rolls the dice wanted, answers a choice with its first option. */
function playOwed(f: SessionFixture): void {
  for (let guard = 0; guard < 60; guard++) {
    const s = f.session;
    const head = s.followUps[0];
    if (head?.kind === "choose") {
      expect(
        s.send({ type: "choose", value: head.choice.max === 1 ? head.choice.options[0]?.value : [head.choice.options[0]?.value] }).ok,
      ).toBe(true);
      continue;
    }
    if (!head) return;
    const st = s.draftStatus();
    const done = st?.plan && st.plan.length > 0 ? s.send({ type: "software-roll" }) : s.send({ type: "cancel" }); // a demanded action needing a person's input: skipped (said)
    expect(done.ok, st?.instruction).toBe(true);
  }
  throw new Error("the table never stopped asking");
}

const turnShown = (f: SessionFixture) => gameTurn(f.session.rs, f.session.state, f.session.work.turn);

describe("next-phase walks the whole turn of every rule set", () => {
  for (const rs of RULE_SETS) {
    it(`${rs.id}: three full turns, the turn shown in step with the phase`, () => {
      const f = openSession(demoSetup(rs.id), undefined, faces);
      const n = rs.turn.phases.length;
      const ends = [...rs.turn.phases.flatMap((p) => (p.ends ? [p.ends.action] : [])), ...(rs.turn.ends ? [rs.turn.ends.action] : [])];
      for (let turn = 1; turn <= 3; turn++) {
        for (let phase = 0; phase < n; phase++) {
          expect([f.session.work.phase, turnShown(f)]).toEqual([phase, turn]);
          if (rs.turnOf) expect(rs.turnOf(f.session.state)).toBe(turn);
          // the club feed's `state` says the same turn and phase
          expect(tableSummary(f.session, "g", 0)).toMatchObject({ turn, phase: rs.phases[phase] });
          // the phase's own roll (initiative, wind) is rolled, as players would
          const opening = rs.turn.phases[phase]?.opens;
          if (opening && f.session.draft?.type === opening && f.session.draft.origin !== "follow-up") {
            expect(f.session.send({ type: "software-roll" }).ok).toBe(true);
            playOwed(f);
          }
          if (f.session.work.phase !== phase) {
            // the phase's roll was the turn's end (Age of Sail's wind): the table is at the next turn's first phase
            expect([phase, f.session.work.phase, turnShown(f)]).toEqual([n - 1, 0, turn + 1]);
            continue;
          }
          expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
          playOwed(f);
        }
      }
      expect([f.session.work.phase, turnShown(f)]).toEqual([0, 4]);
      const played = f.session.records.map((r) => r.action.type).filter((t) => ends.includes(t));
      // every end of a phase and of the turn was played, each time the table passed it
      const perTurn = rs.turn.phases.filter((p) => p.ends).length + (rs.turn.ends ? 1 : 0);
      expect(played.length).toBe(3 * perTurn);
      expect(f.session.notices.filter((x) => /put away unresolved/.test(x.text))).toEqual([]);
    });
  }
});
