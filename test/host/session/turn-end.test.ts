/**
 * The ends of phases and turns the texts play, prompted by next-phase like any roll the rules demand (issue 24 item
 * 1), each quoting its sentence; a turn's end played by hand or undone keeps the turn and the phase in step; next-phase
 * while dice are half in says so and keeps them.
 */
import { describe, expect, it } from "vitest";
import type { TableSetup } from "../../../host/config/load.ts";
import { gameTurn } from "../../../host/session/view.ts";
import { demoSetup, openSession, type SessionFixture } from "../helpers.ts";

type Raw = Record<string, unknown>;
/** The scenario with its start changed (ships patched by index, wind and game merged). */
function withStart(id: string, ships: (s: Raw, i: number) => Raw, more: { wind?: Raw; game?: Raw } = {}): TableSetup {
  const setup = demoSetup(id);
  const start = setup.start as { ships: Raw[]; wind?: Raw; game?: Raw };
  return {
    ...setup,
    start: {
      ...start,
      ships: start.ships.map(ships),
      ...(more.wind ? { wind: { ...start.wind, ...more.wind } } : {}),
      ...(more.game ? { game: { ...start.game, ...more.game } } : {}),
    },
  };
}

const turnShown = (f: SessionFixture) => gameTurn(f.session.rs, f.session.state, f.session.work.turn);
const shipOf = (f: SessionFixture, id: string | undefined) => f.session.state.ships.find((s) => s.id === id) as unknown as Raw;
/** Presses next-phase until the table is in `phase` (nothing may be owed on the way). */
function walkTo(f: SessionFixture, phase: number): void {
  for (let i = 0; f.session.work.phase !== phase; i++) {
    expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
    expect(i).toBeLessThan(20);
  }
}

describe("Anglo-Dutch 1666: the end of the move", () => {
  const setup = withStart(
    "anglo-dutch-1666",
    (s, i) =>
      i === 0
        ? { ...s, onFire: true }
        : i === 1
          ? { ...s, gunDeckSweptTurns: 2 }
          : i === 2
            ? { ...s, damage: s.hullPoints, hex: { q: 5, r: 5 } }
            : s,
    { wind: { strength: "strong" } },
  );
  const [burning, swept, sinking] = (setup.start as { ships: Raw[] }).ships.map((s) => String(s.id));

  it('"Fire – roll 1D ave each move": entering "criticals, fires and recovery" asks the burning ship\'s roll; the end of the move counts the turn', () => {
    const f = openSession(setup);
    walkTo(f, 4);
    expect(f.session.records.at(-1)?.action.type).toBe("fires");
    expect(f.session.draft).toMatchObject({ type: "fire-check", values: { ship: burning }, origin: "follow-up" });
    expect(f.session.send({ type: "dice", values: [4] }).ok).toBe(true); // 3–4: burns on
    expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
    expect(f.session.records.at(-1)?.action.type).toBe("end-turn");
    expect(f.session.followUps).toEqual([]); // rolled this move already: not owed again
    expect([f.session.work.phase, turnShown(f), f.session.state.game.turn]).toEqual([0, 2, 2]);
    expect(f.session.draft?.type).toBe("wind"); // the new move opens with the wind
  });

  it("a fire roll skipped in the phase is owed at the end of the move, before the next move's wind", () => {
    const f = openSession(setup);
    walkTo(f, 4);
    expect(f.session.send({ type: "cancel" }).ok).toBe(true);
    expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
    expect(f.session.draft).toMatchObject({ type: "fire-check", values: { ship: burning }, origin: "follow-up" });
    expect([f.session.work.phase, turnShown(f)]).toEqual([0, 2]);
    expect(f.session.send({ type: "dice", values: [5] }).ok).toBe(true);
    expect(f.session.draft?.type).toBe("wind");
  });

  it('"Gun deck swept by fire: lose additional gunnery step for 1D Ave turns" — counted down; "Sinking ships … only drift in strong winds"', () => {
    const f = openSession(setup);
    walkTo(f, 4);
    expect(f.session.send({ type: "cancel" }).ok).toBe(true);
    const hexBefore = shipOf(f, sinking).hex;
    expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
    expect(shipOf(f, swept).gunDeckSweptTurns).toBe(1);
    expect(shipOf(f, sinking).hex).not.toEqual(hexBefore);
  });

  it("undoing the end of the move takes the table back to the move's last phase and turn, the end asked for again", () => {
    const f = openSession(setup);
    walkTo(f, 4);
    expect(f.session.send({ type: "dice", values: [5] }).ok).toBe(true);
    expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
    expect(f.session.send({ type: "undo" }).ok).toBe(true);
    expect([f.session.work.phase, turnShown(f)]).toEqual([4, 1]);
    expect(f.session.draft).toMatchObject({ type: "end-turn", origin: "follow-up" });
    expect(f.session.send({ type: "confirm" }).ok).toBe(true);
    expect([f.session.work.phase, turnShown(f)]).toEqual([0, 2]);
  });
});

describe("Quickfire: the end of each phase (1.4)", () => {
  const setup = withStart("quickfire", (s, i) => (i === 0 ? { ...s, fires: 1 } : i === 1 ? { ...s, speedLost: 8 } : s));
  const [afire, stopped] = (setup.start as { ships: Raw[] }).ships.map((s) => String(s.id));

  it('"Damage inflicted during this gunnery phase becomes effective at the end of the phase": every phase ends with end-phase, in step with the table', () => {
    const f = openSession(setup);
    for (const phase of [1, 2]) {
      expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
      expect(f.session.records.at(-1)?.action.type).toBe("end-phase");
      expect([f.session.work.phase, f.session.state.game.phase]).toEqual([phase, phase === 1 ? "first-gunnery" : "second-gunnery"]);
    }
  });

  it('"4 Repair and Sinking— All ships with fires burning on board must roll …"; "At the end of each turn, roll two six sided dice (2D6) for each immobilized vessel"', () => {
    const f = openSession(setup);
    walkTo(f, 2);
    expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
    expect(f.session.work.phase).toBe(3);
    expect(f.session.draft).toMatchObject({ type: "fire", values: { ship: afire }, origin: "follow-up" });
    expect(f.session.send({ type: "software-roll" }).ok).toBe(true);
    while (f.session.followUps.length > 0) expect(f.session.send({ type: "cancel" }).ok).toBe(true); // the fire's own damage rolls, if any
    expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
    expect([f.session.work.phase, turnShown(f), f.session.state.game.turn]).toEqual([0, 2, 2]);
    expect(f.session.draft).toMatchObject({ type: "sinking", values: { ship: stopped }, origin: "follow-up" });
  });

  it("next-phase while the sinking roll is half rolled says so and keeps the die; a tap does not destroy it either", () => {
    const f = openSession(setup);
    walkTo(f, 3);
    while (f.session.followUps.length > 0) expect(f.session.send({ type: "cancel" }).ok).toBe(true);
    expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
    expect(f.session.draft?.type).toBe("sinking");
    expect(f.session.send({ type: "dice", values: [3] }).ok).toBe(true);
    expect(f.session.draft?.rolls).toHaveLength(1);
    const r = f.session.send({ type: "next-phase" });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error).toMatchObject({
        code: "dice.rolling",
        message: expect.stringMatching(/^Sinking is half rolled \(1 of 2 dice in, kept\)/),
      });
    expect(f.session.send({ type: "tap", ship: String(afire) }).ok).toBe(true);
    expect(f.session.draft).toMatchObject({ type: "sinking", values: { ship: stopped } });
    expect(f.session.draft?.rolls).toHaveLength(1);
    expect(f.session.work.phase).toBe(0);
  });
});

describe("WS&IM v3: the next turn", () => {
  const setup = withStart("wsim-battle-v3", (s) => s, {
    wind: { changeNumber: 6, direction: 0 },
    game: { signals: [{ player: "GB", from: "victory", to: "temeraire", size: 1, leaderLoss: false, sentTurn: 1, deliverTurn: 2 }] },
  });

  it('"Wind change takes effect the NEXT turn"; "Signals are received in the NEXT turn": next-phase round the turn plays next-turn, and turn 2\'s wind is rolled', () => {
    const f = openSession(setup);
    expect(f.session.draft?.type).toBe("wind");
    expect(f.session.send({ type: "dice", values: [1, 1] }).ok).toBe(true); // 2: the wind changes
    expect(f.session.followUps[0]?.kind).toBe("choose");
    expect(f.session.send({ type: "choose", value: 3 }).ok).toBe(true);
    expect(f.session.state.wind).toMatchObject({ direction: 0, pending: { direction: 3 } });
    walkTo(f, 7);
    expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
    expect(f.session.records.at(-1)?.action.type).toBe("next-turn");
    expect(f.session.state.wind).toMatchObject({ direction: 3, pending: null });
    expect(f.session.state.game.signals).toEqual([]);
    expect([f.session.work.phase, turnShown(f)]).toEqual([0, 2]);
    expect(f.session.draft?.type).toBe("wind");
    expect(f.session.send({ type: "dice", values: [3, 4] }).ok).toBe(true); // turn 2's wind is not refused
    expect(f.session.records.at(-1)?.action.type).toBe("wind");
  });

  it('"Next turn" chosen by hand mid-turn: the table moves to the new turn\'s first phase and says so; undone, it goes back', () => {
    const f = openSession(setup);
    walkTo(f, 3);
    expect(f.session.send({ type: "start", action: { type: "next-turn" } }).ok).toBe(true);
    expect([f.session.work.phase, turnShown(f)]).toEqual([0, 2]);
    expect(f.session.notices.at(-1)?.text).toMatch(/^Turn 2 begins: the turn's end was played in movement, before turn 1 was over/);
    expect(f.session.send({ type: "undo" }).ok).toBe(true);
    expect([f.session.work.phase, turnShown(f)]).toEqual([7, 1]);
  });
});

describe("Age of Sail: the round's end", () => {
  it('"Round restarts by redefining wind direction and strength according to die rolls": next-phase at the end of the round asks for the wind; the round moves on when it is rolled', () => {
    const f = openSession(demoSetup("age-of-sail"));
    walkTo(f, 12);
    expect(f.session.draft?.type).toBe("wind");
    expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
    expect(f.session.draft).toMatchObject({ type: "wind", origin: "follow-up" });
    expect([f.session.work.phase, turnShown(f)]).toEqual([12, 1]);
    const r = f.session.send({ type: "next-phase" });
    expect(r.ok).toBe(false);
    expect(f.session.send({ type: "dice", values: [3, 3] }).ok).toBe(true);
    expect([f.session.work.phase, turnShown(f), f.session.state.game.round]).toEqual([0, 2, 2]);
  });
});

describe("Sole Bay: the end of movement", () => {
  it('"rolling for a possible explosion each move"; "The fire will inflict 1D3 of Damage on the target vessel per move": leaving movement prompts them; the table counts the turn', () => {
    const setup = withStart("sole-bay-1672", (s, i) => (i === 0 ? { ...s, fireTurns: 1 } : s));
    const f = openSession(setup);
    walkTo(f, 1);
    expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
    expect(f.session.records.at(-1)?.action.type).toBe("end-movement");
    expect(f.session.draft).toMatchObject({ type: "fire-damage", origin: "follow-up" });
    expect(f.session.send({ type: "software-roll" }).ok).toBe(true);
    while (f.session.followUps.length > 0) expect(f.session.send({ type: "cancel" }).ok).toBe(true);
    expect(f.session.draft?.type).toBe("broadside");
    expect(f.session.send({ type: "next-phase" }).ok).toBe(true);
    expect([f.session.work.phase, turnShown(f)]).toEqual([0, 2]);
    expect(f.session.draft?.type).toBe("initiative");
  });

  it("next-phase while the initiative is half rolled says so and keeps the die", () => {
    const f = openSession(demoSetup("sole-bay-1672"));
    const plan = f.session.draftStatus()?.plan ?? [];
    expect(plan.reduce((n, e) => n + e.count, 0)).toBeGreaterThan(1);
    expect(f.session.send({ type: "dice", values: [4] }).ok).toBe(true);
    const r = f.session.send({ type: "next-phase" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/^Initiative is half rolled \(1 of \d dice in, kept\)/);
    expect(f.session.draft?.rolls).toHaveLength(1);
    expect(f.session.work.phase).toBe(0);
  });
});

describe("a working state that does not know the turn", () => {
  it("takes the turn the rule set's state counts when the game is opened (a snapshot from before turns were counted)", () => {
    const f = openSession(demoSetup("anglo-dutch-1666"));
    expect(f.session.send({ type: "start", action: { type: "end-turn" } }).ok).toBe(true);
    const { turn: _dropped, ...old } = f.session.work;
    f.store
      .game({ ruleset: "anglo-dutch-1666", title: f.session.setup.title, start: f.session.setup.start, data: null }, 1000)
      .saveSnapshot(old);
    const g = f.reopen();
    expect([g.session.work.turn, turnShown(g)]).toEqual([2, 2]);
  });
});
