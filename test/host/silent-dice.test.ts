/**
 * Issue 15: a roll the table is waiting for is stored or announced, never silently lost. A die whose every
 * message was lost in the air reaches no driver; once the others of its throw have settled, the table says
 * that a die did not report. A manual clock: nothing here waits or measures time.
 */
import { describe, expect, it } from "vitest";
import type { Clock } from "../../devices/common/clock.ts";
import type { DieRolled } from "../../devices/readings.ts";
import { diceAtHand } from "../../host/session/draft.ts";
import { SILENT_DIE_MS, SilentDiceWatch, silenceNotice, type ThrowView, throwViewOf } from "../../host/silent-dice.ts";
import { demoDice, demoSetup, openSession, roll, tag, uidOf } from "./helpers.ts";

class ManualClock implements Clock {
  t = 0;
  #timers: { at: number; fn: () => void; live: boolean }[] = [];
  now = () => this.t;
  after(ms: number, fn: () => void) {
    const timer = { at: this.t + ms, fn, live: true };
    this.#timers.push(timer);
    return {
      cancel: () => {
        timer.live = false;
      },
    };
  }
  advance(ms: number): void {
    this.t += ms;
    for (const timer of this.#timers.filter((x) => x.live && x.at <= this.t)) {
      timer.live = false;
      timer.fn();
    }
  }
}

const setup = demoSetup();
const DICE = ["pixel-1", "pixel-2", "pixel-3", "pixel-4", "pixel-5", "pixel-6", "godice-1", "godice-2", "godice-3"];

/** A broadside at 4" (ten dice, nine at hand) waiting for dice, watched. */
function waitingForTen() {
  const f = openSession(setup);
  f.session.send({ type: "reading", reading: tag(uidOf(setup, "royal-james")) });
  f.session.send({ type: "reading", reading: tag(uidOf(setup, "gouda")) });
  expect(f.session.send({ type: "edit", actionType: undefined, values: { rangeInches: 4 } }).ok).toBe(true);
  const clock = new ManualClock();
  const watch = new SilentDiceWatch({
    clock,
    view: () =>
      throwViewOf(f.session.draftStatus(), (roller) => diceAtHand(demoDice, f.session.work.bindings, roller), f.session.records.length),
    announce: (text) => f.session.send({ type: "announce", text }),
  });
  const reading = (r: DieRolled) => {
    f.session.send({ type: "reading", reading: r });
    watch.dieRolled(r);
  };
  const warnings = () => f.session.notices.filter((n) => n.level === "warn").map((n) => n.text);
  return { ...f, clock, watch, reading, warnings };
}

describe("a die that did not report", () => {
  it("nine dice thrown, eight arrive: once they settle the table says a die did not report", () => {
    const t = waitingForTen();
    for (const id of DICE.slice(0, 8)) t.reading(roll(id, 3));
    t.clock.advance(SILENT_DIE_MS - 1);
    expect(t.warnings()).toEqual([]);
    t.clock.advance(1);
    expect(t.warnings()).toEqual(["A die did not report: roll it again or type it."]);
    // the display asks for the two still needed; both arrive, the broadside resolves, nothing more is said
    expect(t.session.draftStatus()?.instruction).toBe("roll 2 dice");
    t.reading(roll("pixel-1", 5));
    t.reading(roll("pixel-2", 5));
    t.clock.advance(SILENT_DIE_MS);
    expect(t.warnings()).toHaveLength(1);
    expect(t.session.records).toHaveLength(1);
    t.store.close();
  });

  it("a throw of every die at hand that all arrive is not a silence, though the action needs one more", () => {
    const t = waitingForTen();
    for (const id of DICE) t.reading(roll(id, 2));
    t.clock.advance(SILENT_DIE_MS * 3);
    expect(t.warnings()).toEqual([]);
    expect(t.session.draftStatus()?.instruction).toBe("roll 1 die");
    t.store.close();
  });

  it("no action waiting: dice readings start no watch", () => {
    const f = openSession(setup);
    const clock = new ManualClock();
    const said: string[] = [];
    const watch = new SilentDiceWatch({ clock, view: () => throwViewOf(f.session.draftStatus(), () => 9), announce: (x) => said.push(x) });
    watch.dieRolled(roll("pixel-1", 4));
    clock.advance(SILENT_DIE_MS * 2);
    expect(said).toEqual([]);
    f.store.close();
  });

  it("names the missing dice when all of them are silent, else counts them", () => {
    const view: Pick<ThrowView, "missing" | "name"> = { missing: 1, name: "the black die" };
    expect(silenceNotice(1, view)).toBe("The black die did not report: roll it again or type it.");
    expect(silenceNotice(2, { missing: 2, name: "the black and white dice" })).toBe(
      "The black and white dice did not report: roll them again or type them.",
    );
    expect(silenceNotice(2, { missing: 5, name: "5 dice" })).toBe("2 dice did not report: roll them again or type them.");
  });
});
