/**
 * Issue 11 item 4, "an action outside the phase is allowed with a visible note": the view's pending action carries
 * `outsidePhase` when its rule text plays it in another phase; never for a roll the rules demand.
 */
import { describe, expect, it } from "vitest";
import { outsidePhaseNote } from "../../../host/session/draft.ts";
import { tableView } from "../../../host/session/view.ts";
import { ageOfSail } from "../../../src/rulesets/age-of-sail/index.ts";
import { demoSetup, openSession, tag, uidOf } from "../helpers.ts";

const setup = demoSetup();
const view = (f: ReturnType<typeof openSession>) =>
  tableView(f.session, { devices: [], dial: null, sim: false }, { theme: "dark", scale: 1 });
const BROADSIDE_NOTE = "Broadside is played in Broadsides / Boarding; now: Initiative. Allowed — check with your opponent.";

describe("an action started outside its phase", () => {
  it("a broadside started by two taps in Sole Bay's Initiative phase has the note", () => {
    const f = openSession(setup);
    expect(f.session.work.phase).toBe(0);
    f.session.send({ type: "reading", reading: tag(uidOf(setup, "royal-james")) });
    f.session.send({ type: "reading", reading: tag(uidOf(setup, "gouda")) });
    const p = view(f).pending;
    expect(p?.type).toBe("broadside");
    expect(p?.outsidePhase).toBe(BROADSIDE_NOTE);
  });

  it("the initiative in its own phase has none; a broadside set up on /control during movement names that phase", () => {
    const f = openSession(setup);
    expect(view(f).pending).toMatchObject({ type: "initiative", outsidePhase: null });
    expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
    expect(f.session.send({ type: "edit", actionType: "broadside", values: { firer: "royal-james", target: "gouda" } }).ok).toBe(true);
    expect(view(f).pending?.outsidePhase).toBe(
      "Broadside is played in Broadsides / Boarding; now: Movement / Collisions. Allowed — check with your opponent.",
    );
  });

  it("a broadside in the Broadsides / Boarding phase has none, and the note goes when the phase comes", () => {
    const f = openSession(setup);
    expect(f.session.send({ type: "edit", actionType: "broadside", values: { firer: "royal-james", target: "gouda" } }).ok).toBe(true);
    expect(view(f).pending?.outsidePhase).toBe(BROADSIDE_NOTE);
    f.session.send({ type: "next-phase" });
    f.session.send({ type: "next-phase" });
    expect(f.session.work.phase).toBe(2);
    expect(view(f).pending).toMatchObject({ type: "broadside", outsidePhase: null });
  });

  it("a roll the rules demand never has it, though its rule text plays it in another phase", () => {
    const base = demoSetup();
    const start = base.start as { ships: Array<Record<string, unknown>> };
    const burning = { ...base, start: { ...start, ships: start.ships.map((s, i) => (i === 0 ? { ...s, fireTurns: 1 } : s)) } };
    const f = openSession(burning);
    f.session.send({ type: "next-phase" });
    f.session.send({ type: "next-phase" }); // leaving movement demands the fire damage, a movement-phase roll, in Broadsides / Boarding
    const p = view(f).pending;
    expect(p).toMatchObject({ type: "fire-damage", origin: "follow-up" });
    expect(p?.outsidePhase).toBeNull();
  });

  it("an action of no phase (setting the windward edge) has none", () => {
    const f = openSession(setup);
    expect(f.session.send({ type: "edit", actionType: "set-wind", values: {} }).ok).toBe(true);
    expect(view(f).pending).toMatchObject({ type: "set-wind", outsidePhase: null });
  });
});

describe("the note's words", () => {
  const state = (firstSide: string | null) => {
    const parsed = ageOfSail.parseState({
      ships: [
        { id: "a", name: "A", side: "Royal Navy", class: "ship-of-the-line", heading: "S" },
        { id: "b", name: "B", side: "La Royale", class: "ship-of-the-line", heading: "N" },
      ],
      game: { firstSide },
    });
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value;
  };
  const draft = (type: string, origin: "table" | "follow-up" = "table") => ({ type, values: {}, origin, rolls: [] }) as const;

  it("capitalises the phases as players read them and lists every phase that plays the action", () => {
    expect(outsidePhaseNote(ageOfSail, state(null), 0, draft("board"))).toBe(
      "Boarding is played in First side: combat or Second side: combat; now: First side: fire removal. Allowed — check with your opponent.",
    );
    expect(outsidePhaseNote(ageOfSail, state("La Royale"), 12, draft("refloat"))).toBe(
      "Refloat is played in La Royale: refloat or Royal Navy: refloat; now: End of round: wind. Allowed — check with your opponent.",
    );
  });

  it("says nothing in the action's phase, for a demanded roll, or without a draft", () => {
    expect(outsidePhaseNote(ageOfSail, state(null), 5, draft("fire"))).toBeNull();
    expect(outsidePhaseNote(ageOfSail, state(null), 4, draft("fire"))).toBeNull();
    expect(outsidePhaseNote(ageOfSail, state(null), 0, draft("board", "follow-up"))).toBeNull();
    expect(outsidePhaseNote(ageOfSail, state(null), 0, null)).toBeNull();
  });
});
