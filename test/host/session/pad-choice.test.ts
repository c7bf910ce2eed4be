/**
 * The pad's next-choice and prev-choice: Quickfire's gun fire set up from the table alone — two taps for the ships,
 * the pad for the battery and the range band, which no tap can say — and what the display is told meanwhile.
 */
import { describe, expect, it } from "vitest";
import { tableView } from "../../../host/session/view.ts";
import { demoDice, demoPad, demoSetup, openSession, press, roll, tag, uidOf } from "../helpers.ts";

const setup = demoSetup("quickfire");
const devices = { devices: [], dial: null, sim: false };

function gunneryFromTaps(pad = true) {
  const f = openSession(setup, undefined, [], pad ? [...demoDice, demoPad] : demoDice);
  const { session } = f;
  // gunnery is the first gunnery phase's (a tap in movement records a move)
  session.send({ type: "next-phase" });
  session.send({ type: "reading", reading: tag(uidOf(setup, "mikasa")) });
  session.send({ type: "reading", reading: tag(uidOf(setup, "knyaz-suvorov"), "reader-2") });
  const view = () => tableView(session, devices, setup.display);
  return { f, session, view };
}

describe("choosing from the pad", () => {
  it("says which button chooses the field the rules need, and cycles it through its choices", () => {
    const { session, view } = gunneryFromTaps();
    expect(session.draft?.type).toBe("gunnery");
    expect(view().pending?.missing).toEqual(["battery"]);
    expect(view().pending?.choosing).toEqual({ name: "battery", label: "Gunnery rating", value: null, words: "", held: false });
    expect(view().pending?.instruction).toBe("choose the gunnery rating: press Next choice on the pad, or choose it on the control page");

    session.send({ type: "reading", reading: press("next-choice") });
    expect(session.draft?.values.battery).toBe("heavy");
    expect(view().pending?.choosing).toMatchObject({ name: "battery", value: "heavy", words: "heavy", held: true });
    expect(view().pending?.instruction).toBe("Gunnery rating: heavy — press Next choice for another, Confirm to keep it");
    session.send({ type: "reading", reading: press("next-choice") });
    expect(session.draft?.values.battery).toBe("light");
    session.send({ type: "reading", reading: press("next-choice") });
    expect(session.draft?.values.battery).toBe("heavy");
    session.send({ type: "reading", reading: press("prev-choice") });
    expect(session.draft?.values.battery).toBe("light");
    session.send({ type: "reading", reading: press("prev-choice") });
    expect(session.draft?.values.battery).toBe("heavy");
  });

  it("Confirm keeps the choice and moves on to the one the rules still want (the range band), then the dice", () => {
    const { session, view } = gunneryFromTaps();
    session.send({ type: "reading", reading: press("next-choice") });
    session.send({ type: "reading", reading: press("confirm") });
    expect(session.draft?.values.battery).toBe("heavy");
    expect(session.draft?.choosing).toBeUndefined();
    // the rules refuse a shot without a range band or a distance: the pad is on the range band
    const refused = view().pending;
    expect(refused?.error?.path).toBe("action.range");
    expect(refused?.choosing).toMatchObject({ name: "range", label: "Range band", held: false });
    expect(refused?.instruction).toBe(
      "Give the range (point-blank, short, long) or the measured distance. — press Next choice on the pad to choose the range band",
    );
    session.send({ type: "reading", reading: press("next-choice") }); // point-blank
    session.send({ type: "reading", reading: press("next-choice") }); // short
    expect(view().pending?.choosing).toMatchObject({ name: "range", words: "short", held: true });
    // the plan is there already; the choice is said until it is kept
    expect(view().pending?.needed).toBe(3);
    session.send({ type: "reading", reading: press("confirm") });
    const ready = view().pending;
    expect(ready?.action).toMatchObject({ firer: "mikasa", target: "knyaz-suvorov", battery: "heavy", range: "short" });
    expect(ready?.choosing).toBeNull();
    expect(ready?.instruction).toMatch(/^roll /);
  });

  it("resolves with the dice after the pad's choices, and the choice is not kept in the record", () => {
    const { session } = gunneryFromTaps();
    for (const c of ["next-choice", "confirm", "next-choice", "next-choice", "confirm"])
      session.send({ type: "reading", reading: press(c) });
    session.send({ type: "reading", reading: roll("pixel-5", 1) });
    session.send({ type: "reading", reading: roll("pixel-1", 6) });
    session.send({ type: "reading", reading: roll("pixel-2", 6) });
    const last = session.records.at(-1);
    expect(last?.action).toMatchObject({ type: "gunnery", battery: "heavy", range: "short" });
    expect(last?.action).not.toHaveProperty("choosing");
  });

  it("a choice made on /control settles the one the pad was cycling", () => {
    const { session } = gunneryFromTaps();
    session.send({ type: "reading", reading: press("next-choice") });
    expect(session.send({ type: "edit", actionType: undefined, values: { battery: "light", range: "long" } }).ok).toBe(true);
    expect(session.draft?.choosing).toBeUndefined();
    expect(session.draft?.values).toMatchObject({ battery: "light", range: "long" });
  });

  it("refuses with a notice once the dice are rolling, the choice unchanged", () => {
    const { session, view } = gunneryFromTaps();
    for (const c of ["next-choice", "confirm", "next-choice", "next-choice", "confirm"])
      session.send({ type: "reading", reading: press(c) });
    session.send({ type: "reading", reading: roll("pixel-5", 1) });
    session.send({ type: "reading", reading: press("next-choice") });
    expect(view().notices.at(-1)?.text).toBe("The dice are already rolling for this action: its choices are made.");
    expect(session.draft?.values.range).toBe("short");
  });

  it("a table without a pad's next-choice button is told to choose on /control, and nothing is said of a pad", () => {
    const { session, view } = gunneryFromTaps(false);
    expect(view().pending?.choosing).toBeNull();
    expect(view().pending?.instruction).toBe("choose gunnery rating on the control page");
    session.send({ type: "reading", reading: press("next-choice") }); // a press still chooses (a pad whose health comes later)
    expect(view().pending?.choosing).toMatchObject({ name: "battery", value: "heavy", held: true });
  });

  it("survives a restart: the choice under the pad is in the snapshot", () => {
    const { f, session } = gunneryFromTaps();
    session.send({ type: "reading", reading: press("next-choice") });
    const again = f.reopen().session;
    expect(again.draft).toMatchObject({ type: "gunnery", choosing: "battery", values: { battery: "heavy" } });
  });

  it("answers a choice the rules ask from the pad: WS&IM's hits read off the Fire Table, Confirm gives the option shown", () => {
    // without a data file (the demo's house tables read the hits by themselves), so the Fire Table's hits are asked
    const wsim = { ...demoSetup("wsim-battle-v3"), data: undefined };
    const { session, reopen } = openSession(wsim, undefined, [], [...demoDice, demoPad]);
    const view = () => tableView(session, devices, wsim.display);
    session.send({ type: "cancel" }); // the wind roll waiting at the start
    session.send({ type: "start", action: { type: "fire", firer: "victory", target: "redoutable", rangeHexes: 2, gunsFiring: 10 } });
    session.send({ type: "dice", values: [4, 4] });
    expect(view().choice).toMatchObject({ field: "hits", picked: null });
    session.send({ type: "reading", reading: press("next-choice") });
    session.send({ type: "reading", reading: press("next-choice") });
    session.send({ type: "reading", reading: press("next-choice") });
    session.send({ type: "reading", reading: press("prev-choice") });
    expect(view().choice?.picked).toBe(1);
    // the option shown is saved with the rest: a restart keeps it
    const again = reopen().session;
    const viewAgain = () => tableView(again, devices, wsim.display);
    expect(viewAgain().choice?.picked).toBe(1);
    again.send({ type: "reading", reading: press("confirm") });
    expect(again.records.at(-1)?.action).toMatchObject({ type: "fire-result", hits: 1 });
    // without a data file the boxes to mark come first (Mark the log); Confirm marks them
    expect(viewAgain().pending).toMatchObject({ type: "mark", action: { ship: "redoutable", section: "hull", boxes: 1 } });
    again.send({ type: "reading", reading: press("confirm") });
    // the next choice the rules ask (the critical hit's entry) starts afresh
    expect(viewAgain().choice?.field).toBe("entry");
    expect(viewAgain().choice?.picked).toBeNull();
  });
});
