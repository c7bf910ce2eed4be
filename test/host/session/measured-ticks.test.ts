/**
 * Measured lists offered (issue 37 item 4): Sole Bay's explosion asks "which ships are within 6″": the ships the
 * table's positions put inside come ticked in the view (/control's form and the display start from them); the pad
 * walks the options and a "done" place — Confirm ticks or unticks the option shown, Confirm on done gives the ticked
 * ships; before any Next choice, Confirm accepts the measured ones. Without positions, Confirm alone gives nothing.
 */
import { describe, expect, it } from "vitest";
import type { Reading } from "../../../devices/readings.ts";
import { tableView } from "../../../host/session/view.ts";
import { demoDice, demoPad, demoSetup, openSession, press } from "../helpers.ts";

const setup = demoSetup();
const devices = { devices: [], dial: null, sim: false };
const IN = 25.4;
const seen = (ship: string, x: number, y: number): Reading => ({
  type: "ship.seen",
  sourceId: "table",
  ship,
  x,
  y,
  heading: 0,
  uncertainty: 0,
  at: 0,
});

/** Royal Prince sinks Stavoren, which explodes with a radius of 6″: the choice of the ships within it waits. */
function explosion(placed: boolean) {
  const { session } = openSession(setup, undefined, [], [...demoDice, demoPad]);
  if (placed) {
    // everyone far away, but for Gouda and Edgar within 6″ of Stavoren (base to base, 25 mm wide bases side by side)
    for (const [i, s] of session.state.ships.entries()) session.send({ type: "reading", reading: seen(s.id, 100 + i * 150, 1100) });
    session.send({ type: "reading", reading: seen("stavoren", 900, 300) });
    session.send({ type: "reading", reading: seen("gouda", 900 + 25 + 2 * IN, 300) });
    session.send({ type: "reading", reading: seen("edgar", 900 - 25 - 5 * IN, 300) });
  }
  const missing = () => session.draftStatus()?.gathered?.missing.reduce((a, b) => a + b, 0) ?? 0;
  session.send({ type: "start", action: { type: "broadside", firer: "royal-prince", target: "stavoren", rangeInches: 4, rake: true } });
  session.send({ type: "dice", values: Array(missing()).fill(6) });
  session.send({ type: "dice", values: [6, 6] });
  session.send({ type: "dice", values: [6] });
  const view = () => tableView(session, devices, setup.display);
  const choice = view().choice;
  if (!choice) throw new Error("no choice waits");
  const index = (id: string) => choice.options.findIndex((o) => o.value === id);
  return { session, view, index };
}

describe("a measured list offered", () => {
  it("the ships within the radius come ticked; Confirm at once gives them", () => {
    const { session, view, index } = explosion(true);
    const c = view().choice;
    expect(c?.many).toBe(true);
    expect(c?.ticked).toEqual([index("gouda"), index("edgar")].sort((a, b) => a - b));
    expect(c?.measuredTicks).toEqual(c?.ticked);
    session.send({ type: "reading", reading: press("confirm") });
    expect(session.followUps[0]?.kind).toBe("roll");
    expect([...((session.followUps[0]?.action.ships as string[] | undefined) ?? [])].sort()).toEqual(["edgar", "gouda"]);
  });

  it("the pad unticks one and ticks another, then gives the two ticked on Done", () => {
    const { session, view, index } = explosion(true);
    const n = view().choice?.options.length ?? 0;
    const to = (i: number) => {
      while (view().choice?.picked !== i) session.send({ type: "reading", reading: press("next-choice") });
    };
    to(index("edgar"));
    session.send({ type: "reading", reading: press("confirm") }); // untick Edgar
    to(index("oliphant"));
    session.send({ type: "reading", reading: press("confirm") }); // tick Oliphant
    expect(view().choice?.ticked).toEqual([index("gouda"), index("oliphant")].sort((a, b) => a - b));
    expect(session.followUps[0]?.kind).toBe("choose");
    to(n); // Done
    session.send({ type: "reading", reading: press("confirm") });
    expect([...((session.followUps[0]?.action.ships as string[] | undefined) ?? [])].sort()).toEqual(["gouda", "oliphant"]);
  });

  it("without positions nothing is ticked and Confirm alone does not answer", () => {
    const { session, view } = explosion(false);
    expect(view().choice?.ticked).toEqual([]);
    expect(view().choice?.measuredTicks).toBeNull();
    session.send({ type: "reading", reading: press("confirm") });
    expect(session.followUps[0]?.kind).toBe("choose");
    expect(session.notices.at(-1)?.text).toMatch(/^Press Next choice to go through the options/);
  });
});
