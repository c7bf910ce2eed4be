/**
 * Issue 38 item 1: a rule's own roll is asked for by the table when it falls due. Age of Sail: a ship set on fire is
 * asked her fire removal at her own side's fire removal stage of the next round (5–6), and again the round after if
 * the fire grew (a 6); a ship aground tries to refloat at her side's refloat stage; a wreck in high seas rolls at her
 * side's sinking check. The pad's next-phase alone walks the rounds; nothing is started by hand.
 */
import { describe, expect, it } from "vitest";
import type { TableSetup } from "../../../host/config/load.ts";
import { demoSetup, openSession, type SessionFixture } from "../helpers.ts";

/** The Age of Sail scenario with some ships changed at the start, and who moves first decided (FR). */
function aos(ships: Record<string, Record<string, unknown>>, wind?: { direction: string; speed: number }): TableSetup {
  const setup = demoSetup("age-of-sail");
  const start = setup.start as { ships: Array<Record<string, unknown>>; game?: Record<string, unknown>; wind?: unknown };
  return {
    ...setup,
    start: {
      ...start,
      ships: start.ships.map((s) => ({ ...s, ...ships[String(s.id)] })),
      game: { ...start.game, firstSide: "FR" },
      ...(wind ? { wind } : {}),
    },
  };
}

/** Presses next-phase (rolling the end of round's wind when it is asked for) until the table is at `phase` of `round`. */
function walkTo(f: SessionFixture, round: number, phase: number): void {
  for (let guard = 0; guard < 40; guard++) {
    const w = f.session.work;
    if ((w.turn ?? 1) === round && w.phase === phase) return;
    if (f.session.draft?.type === "wind") expect(f.session.send({ type: "software-roll" }).ok).toBe(true);
    else expect(f.session.send({ type: "next-phase" }).ok, f.session.followUps[0]?.purpose).toBe(true);
  }
  throw new Error(`never reached round ${round}, phase ${phase}`);
}

const asked = (f: SessionFixture) => f.session.followUps.map((u) => `${u.action.type} ${String(u.action.ship)}`);

describe("Age of Sail: the stage's own rolls are asked for as it opens", () => {
  it("a ship set on fire this round: nothing in this round, her fire removal at her side's stage next round", () => {
    // Victory (GB) caught fire in round 1; FR moves first, so GB is player 2: stage 7 ("player 2: fire removal")
    const f = openSession(aos({ victory: { fire: 1, fireRound: 1 } }), undefined, [6, 6, 6, 6, 6, 6, 6, 6]);
    expect(asked(f)).toEqual([]);
    walkTo(f, 1, 6);
    expect(asked(f)).toEqual([]);
    walkTo(f, 2, 0);
    expect(asked(f), "FR's fire removal stage: no FR ship burns").toEqual([]);
    walkTo(f, 2, 6);
    expect(asked(f)).toEqual(["fire-removal victory"]);
    expect(f.session.draft).toMatchObject({ type: "fire-removal", origin: "follow-up", values: { ship: "victory" } });
    expect(f.session.followUps[0]?.purpose).toBe("Victory is on fire: fire removal, 5–6 puts it out");
    // next-phase waits for it
    expect(f.session.send({ type: "next-phase" }).ok).toBe(false);
  });

  it("a failed roll: the fire grows and is asked again next round (a 6); put out, it is not asked again", () => {
    const f = openSession(aos({ victory: { fire: 1, fireRound: 1 } }), undefined, [6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
    walkTo(f, 2, 6);
    expect(f.session.send({ type: "dice", values: [2] }).ok).toBe(true); // a 2: the fire grows
    expect(f.session.state.ships.find((s) => s.id === "victory")).toMatchObject({ fire: 2 });
    expect(asked(f)).toEqual([]);
    walkTo(f, 3, 6);
    expect(asked(f)).toEqual(["fire-removal victory"]);
    expect(f.session.followUps[0]?.purpose).toBe("Victory's fire has grown: fire removal, a 6 or she blows up");
    expect(f.session.send({ type: "dice", values: [6] }).ok).toBe(true); // a 6: out
    expect(f.session.state.ships.find((s) => s.id === "victory")).toMatchObject({ fire: 0 });
    walkTo(f, 4, 6);
    expect(asked(f)).toEqual([]);
  });

  it("who moves first not yet diced: player 1's stage asks every side's burning ships", () => {
    const setup = aos({ victory: { fire: 1, fireRound: 1 }, redoutable: { fire: 1, fireRound: 1 } });
    const f = openSession({ ...setup, start: { ...setup.start, game: {} } }, undefined, [6, 6, 6, 6, 6, 6]);
    walkTo(f, 2, 0);
    expect(asked(f)).toEqual(["fire-removal victory", "fire-removal redoutable"]);
  });

  it("a ship aground tries to refloat at her side's refloat stage; a wreck in high seas rolls at the sinking check", () => {
    const wreck = { gunDecks: { port: 0, starboard: 0 }, hull: 0 };
    const f = openSession(aos({ fougueux: { aground: true }, hermione: wreck }, { direction: "S", speed: 6 }), undefined, [1, 1, 1, 1]);
    walkTo(f, 1, 2);
    expect(asked(f)).toEqual(["refloat fougueux"]);
    expect(f.session.send({ type: "software-roll" }).ok).toBe(true);
    walkTo(f, 1, 3);
    expect(asked(f)).toEqual(["sinking-check hermione"]);
  });
});

describe("Sole Bay: a skipped initiative leaves nothing of last turn behind", () => {
  it("next-phase past the initiative in turn 2: no ship has fired a broadside this turn", () => {
    const f = openSession(
      demoSetup("sole-bay-1672"),
      undefined,
      Array.from({ length: 60 }, (_, i) => (i % 6) + 1),
    );
    const s = f.session;
    expect(s.send({ type: "next-phase" }).ok).toBe(true); // turn 1's initiative skipped
    expect(s.send({ type: "next-phase" }).ok).toBe(true);
    while (s.followUps.length > 0) expect(s.send({ type: "software-roll" }).ok || s.send({ type: "cancel" }).ok).toBe(true);
    const [a, b] = [s.state.ships[0], s.state.ships.find((x) => x.side !== s.state.ships[0]?.side)];
    expect(s.send({ type: "start", action: { type: "broadside", firer: a?.id, target: b?.id, rangeInches: 3 } }).ok).toBe(true);
    expect(s.send({ type: "software-roll" }).ok).toBe(true);
    expect(Object.keys((s.state.game as { broadsides: object }).broadsides)).toEqual([a?.id]);
    while (s.followUps.length > 0) expect(s.send({ type: "software-roll" }).ok || s.send({ type: "cancel" }).ok).toBe(true);
    expect(s.send({ type: "next-phase" }).ok).toBe(true); // into turn 2: the turn's end is played at once
    expect([s.work.turn, s.work.phase]).toEqual([2, 0]);
    expect(s.records.at(-1)?.action.type).toBe("end-turn");
    expect(s.send({ type: "next-phase" }).ok).toBe(true); // turn 2's initiative skipped
    expect((s.state.game as { broadsides: object; initiative: string | null }).broadsides).toEqual({});
    expect((s.state.game as { initiative: string | null }).initiative).toBeNull();
  });
});
