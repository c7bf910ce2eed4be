/**
 * What the table measured is decided (issue 37 items 2 and 3), in every rule set, from taps, the pad and /control's
 * edits: a target the geometry forbids is refused as soon as both ships are tapped — before any other question and
 * before any dice — with the measured figure in words; the pad cannot lift it (Anglo-Dutch 1666: *long* on the pad
 * gave "roll 1 die" at 34″); an in-range shot never asks for a field that was measured, and a person's override from
 * the pad starts from the measured value and is shown as overriding it.
 */
import { describe, expect, it } from "vitest";
import type { Reading } from "../../../devices/readings.ts";
import { defaultActionType } from "../../../host/session/draft.ts";
import { tapAction } from "../../../host/session/turn.ts";
import { tableView } from "../../../host/session/view.ts";
import { demoDice, demoPad, demoSetup, openSession, press, roll, tag, uidOf } from "../helpers.ts";

const devices = { devices: [], dial: null, sim: false };
const IN = 25.4;

/** A ship placed by hand on the table (the emulated table's sighting: exact). */
const seen = (ship: string, x: number, y: number, heading = 0): Reading => ({
  type: "ship.seen",
  sourceId: "table",
  ship,
  x,
  y,
  heading,
  uncertainty: 0,
  at: 0,
});

/** A session of the scenario with the firer at (300, 400) heading along +y and the target abeam, `gap` mm between centres' sides. */
function tapped(scenario: string, firer: string, target: string, gapMm: number) {
  const setup = demoSetup(scenario);
  const { session } = openSession(setup, undefined, [], [...demoDice, demoPad]);
  session.send({ type: "reading", reading: seen(firer, 300, 400) });
  session.send({ type: "reading", reading: seen(target, 300 + 25 + gapMm, 400) });
  session.send({ type: "cancel" }); // whatever roll the turn opens with
  // on to a phase where two ships tapped mean fire (Quickfire's gunnery, Age of Sail's move)
  while (tapAction(setup.ruleset, session.work.phase) !== defaultActionType(setup.ruleset.actions)) session.send({ type: "next-phase" });
  session.send({ type: "reading", reading: tag(uidOf(setup, firer)) });
  session.send({ type: "reading", reading: tag(uidOf(setup, target), "reader-2") });
  const view = () => tableView(session, devices, setup.display);
  return { session, view };
}

const FAR = 1400; // mm: beyond every rule set's longest reach on a 6 × 4 ft table
const OUT_OF_RANGE = [
  // the demo's table is the text's hex cloth: the range is counted in hexes
  ["anglo-dutch-1666", "royal-charles", "zeven-provincien", /^Zeven Provinciën is \d+ hexes away, beyond long range\.$/],
  ["sole-bay-1672", "royal-james", "gouda", /^Gouda is [\d.]+″ from Royal James, base to base; broadsides reach 12″ at most/],
  ["quickfire", "mikasa", "knyaz-suvorov", /^Knyaz Suvorov is \d+ mm from Mikasa, funnel to funnel; long range ends at 1200 mm\.$/],
  ["wsim-battle-v3", "victory", "redoutable", /reaches 6 hexes; \d+ is out of range — measured: \d+ hexes/],
  ["age-of-sail", "victory", "redoutable", /^Redoutable is [\d.]+ cm away, beyond the range table \(12 cm\)/],
] as const;

describe("a target the geometry forbids is refused first, with the measured figure", () => {
  for (const [scenario, firer, target, words] of OUT_OF_RANGE)
    it(`${scenario}: refused as the second ship is tapped, no question, no dice; the pad and a die change nothing`, () => {
      const { session, view } = tapped(scenario, firer, target, FAR);
      const p = view().pending;
      expect(p?.instruction).toMatch(words);
      expect(p?.error?.message).toBe(p?.instruction);
      expect(p?.measured?.refusal).toBe(p?.instruction);
      expect(p?.plan).toBeNull();
      expect(p?.choosing).toBeNull();
      // the pad has nothing to choose: it says why, and the draft stays refused
      const before = session.draft;
      session.send({ type: "reading", reading: press("next-choice") });
      expect(session.draft).toBe(before);
      expect(session.notices.at(-1)?.text).toBe(p?.instruction);
      session.send({ type: "reading", reading: press("confirm") });
      session.send({ type: "reading", reading: roll("pixel-1", 6) });
      // nothing resolved but the ends of the phases walked to reach a firing phase (Quickfire's movement)
      expect(session.records.filter((r) => r.action.type !== "end-phase")).toHaveLength(0);
      expect(view().pending?.plan).toBeNull();
    });

  it("anglo-dutch-1666 at 34″: a range chosen on /control does not lift it (the reported defect: long gave roll 1 die)", () => {
    const { session, view } = tapped("anglo-dutch-1666", "royal-charles", "zeven-provincien", 34 * IN);
    // on the demo's hex cloth, 34″ east is counted in its hexes (2″ across the flats)
    expect(view().pending?.instruction).toMatch(/^Zeven Provinciën is \d+ hexes away, beyond long range\.$/);
    expect(session.send({ type: "edit", actionType: undefined, values: { range: "long" } }).ok).toBe(true);
    const p = view().pending;
    expect(p?.instruction).toMatch(/beyond long range/);
    expect(p?.plan).toBeNull();
    expect(p?.odds).toBeNull();
  });

  it("age-of-sail at 17.5 cm: refused before the aim is asked (and the side fired at, measured, is never asked)", () => {
    const { view } = tapped("age-of-sail", "victory", "redoutable", 175);
    const p = view().pending;
    expect(p?.instruction).toBe("Redoutable is 17.5 cm away, beyond the range table (12 cm).");
    expect(p?.choosing).toBeNull();
  });

  it("sole-bay-1672: a target dead ahead is refused with the firing line's miss, though a side is chosen on /control", () => {
    const setup = demoSetup();
    const { session } = openSession(setup, undefined, [], [...demoDice, demoPad]);
    session.send({ type: "reading", reading: seen("royal-james", 300, 400) });
    session.send({ type: "reading", reading: seen("gouda", 300, 600) });
    session.send({ type: "tap", ship: "royal-james" });
    session.send({ type: "tap", ship: "gouda" });
    session.send({ type: "edit", actionType: undefined, values: { broadside: "port", rangeInches: 5 } });
    const p = tableView(session, devices, setup.display).pending;
    expect(p?.instruction).toMatch(/^Royal James's firing lines? .*miss(es)? Gouda's base by [\d.]+″/);
    expect(p?.plan).toBeNull();
  });
});

describe("an in-range shot never asks what was measured", () => {
  it("anglo-dutch-1666: the measured range is not asked again; Confirm and the die resolve it", () => {
    const { session, view } = tapped("anglo-dutch-1666", "royal-charles", "zeven-provincien", 80);
    const p = view().pending;
    expect(p?.measured?.fields.find((f) => f.name === "range")).toMatchObject({ value: "medium" });
    expect(p?.choosing).toBeNull();
    expect(p?.instruction).toBe("roll 1 die");
    session.send({ type: "reading", reading: roll("pixel-1", 4) });
    expect(session.records).toHaveLength(1);
    expect(session.records[0]?.action).toMatchObject({ range: "medium" });
    expect(view().pending?.choosing ?? null).toBeNull();
  });

  it("anglo-dutch-1666: the pad's override starts from the measured value and is shown as overriding it", () => {
    const { session, view } = tapped("anglo-dutch-1666", "royal-charles", "zeven-provincien", 80);
    session.send({ type: "reading", reading: press("next-choice") });
    // the first choice field is the range, measured medium: the press goes on to long
    expect(session.draft?.values.range).toBe("long");
    const p = view().pending;
    expect(p?.choosing).toMatchObject({ name: "range", value: "long", held: true });
    expect(p?.measured?.overridden).toEqual([{ name: "range", label: expect.any(String), given: "long", measured: "medium" }]);
    session.send({ type: "reading", reading: press("confirm") });
    expect(view().pending?.instruction).toBe("roll 1 die");
  });

  const IN_RANGE = [
    ["sole-bay-1672", "royal-james", "gouda"],
    ["quickfire", "mikasa", "knyaz-suvorov"],
    ["wsim-battle-v3", "victory", "redoutable"],
    ["age-of-sail", "victory", "redoutable"],
  ] as const;
  for (const [scenario, firer, target] of IN_RANGE)
    it(`${scenario}: neither the instruction nor the pad asks for a measured field`, () => {
      const { view } = tapped(scenario, firer, target, 60);
      const p = view().pending;
      const measured = (p?.measured?.fields ?? []).map((f) => f.name);
      expect(measured.length).toBeGreaterThan(0);
      expect(p?.error).toBeNull();
      expect(measured).not.toContain(p?.choosing?.name);
      expect(p?.missing.filter((m) => measured.includes(m))).toEqual([]);
      for (const f of p?.fields ?? []) if (measured.includes(f.name)) expect(p?.instruction).not.toContain(f.label.toLowerCase());
    });
});
