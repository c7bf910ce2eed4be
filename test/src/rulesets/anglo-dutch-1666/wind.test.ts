import { describe, expect, it } from "vitest";
import { nextStrength } from "../../../../src/rulesets/anglo-dutch-1666/tables.ts";
import { windAfter } from "../../../../src/rulesets/anglo-dutch-1666/wind.ts";
import { antelope, odds, refused, run, shipOf, table } from "./helpers.ts";

const calm = { direction: 0, strength: "normal", previous: null, justChanged: false } as const;

describe("wind: the doubles rule (text: Wind)", () => {
  it("no double, no change", () => {
    const t = run(table([], { wind: calm }), { type: "wind" }, [3, 5]);
    expect(t.outcome).toMatchObject({ changed: false, doubles: false, to: 0 });
    expect(t.state.wind).toMatchObject({ direction: 0, previous: null, justChanged: false });
  });
  it("first change: odd doubles one hexside clockwise", () => {
    const t = run(table([], { wind: calm }), { type: "wind" }, [3, 3]);
    expect(t.outcome).toMatchObject({ changed: true, change: "first", from: 0, to: 1 });
    expect(t.state.wind).toMatchObject({ direction: 1, previous: 0, justChanged: true });
  });
  it("first change: even doubles one hexside anticlockwise (N → NW)", () => {
    const t = run(table([], { wind: calm }), { type: "wind" }, [4, 4]);
    expect(t.state.wind).toMatchObject({ direction: 5, previous: 0 });
  });
  it("a sequence: first change, fluke back, fluke out again, double six makes a fresh change", () => {
    let s = table([], { wind: calm });
    s = run(s, { type: "wind" }, [1, 1]).state; // first: odd → clockwise N → NE
    expect(s.wind).toMatchObject({ direction: 1, previous: 0 });
    s = run(s, { type: "wind" }, [2, 5]).state; // no double
    expect(s.wind).toMatchObject({ direction: 1, previous: 0, justChanged: false });
    const back = run(s, { type: "wind" }, [4, 4]); // later doubles: back to the previous direction, whatever the parity
    expect(back.outcome).toMatchObject({ change: "back", to: 0 });
    s = back.state;
    expect(s.wind).toMatchObject({ direction: 0, previous: 1 });
    s = run(s, { type: "wind" }, [5, 5]).state; // back again: flukes to NE
    expect(s.wind).toMatchObject({ direction: 1, previous: 0 });
    const six = run(s, { type: "wind" }, [6, 6]); // double six: fresh change by the first-change rule (even → anticlockwise)
    expect(six.outcome).toMatchObject({ change: "fresh", from: 1, to: 0 });
    expect(six.state.wind).toMatchObject({ direction: 0, previous: 1 });
    const six2 = run(six.state, { type: "wind" }, [6, 6]);
    expect(six2.state.wind).toMatchObject({ direction: 5, previous: 0 });
  });
  it("windAfter wraps round the hex", () => {
    expect(windAfter({ ...calm, direction: 5 }, 1, 1).wind.direction).toBe(0);
  });
  it("exact odds: a change 1/6, with weather a strength roll 1/18", () => {
    const o = odds(table([], { wind: calm, settings: { weather: true } }), { type: "wind" });
    expect(o.summary.changeChance).toBeCloseTo(1 / 6, 12);
    expect(o.summary.strengthRollChance).toBeCloseTo(2 / 36, 12);
    expect(o.outcomes.reduce((t, x) => t + x.p, 0)).toBeCloseTo(1, 12);
  });
});

describe("weather (Appendix 2)", () => {
  it("without the weather rules a double 1 changes only the direction", () => {
    const t = run(table([], { wind: calm }), { type: "wind" }, [1, 1]);
    expect(t.followUps).toEqual([]);
    expect(refused(table([], { wind: calm }), { type: "wind-strength" }).code).toBe("rules.illegal");
  });
  it("with weather, double 1 or 2 asks for a strength roll; double 3 does not", () => {
    const s = table([], { wind: calm, settings: { weather: true } });
    expect(run(s, { type: "wind" }, [2, 2]).followUps).toEqual([
      expect.objectContaining({ kind: "roll", action: { type: "wind-strength" } }),
    ]);
    expect(run(s, { type: "wind" }, [3, 3]).followUps).toEqual([]);
  });
  it("the ladder: 1–3 down, 4–6 up; from still any change rises to light", () => {
    expect(nextStrength("normal", 3)).toBe("light");
    expect(nextStrength("normal", 4)).toBe("strong");
    expect(nextStrength("light", 1)).toBe("still");
    expect(nextStrength("still", 1)).toBe("light");
    expect(nextStrength("still", 6)).toBe("light");
    expect(nextStrength("strong", 6)).toBe("gale");
    expect(nextStrength("strong", 2)).toBe("normal");
  });
  it("climbing to a gale ends the game; later actions are refused", () => {
    const s = table([antelope()], { wind: { ...calm, strength: "strong" }, settings: { weather: true } });
    const t = run(s, { type: "wind-strength" }, [5]);
    expect(t.outcome).toMatchObject({ from: "strong", to: "gale", ended: true });
    expect(t.state.game).toMatchObject({ ended: true, endReason: "gale" });
    expect(t.followUps).toEqual([]); // not a strategic game
    expect(refused(t.state, { type: "wind" }).code).toBe("rules.illegal");
  });
  it("strategic gale: a D8 per damaged ship must beat her steps lost, −1 for a prize", () => {
    const ships = [antelope({ damage: 11 }), shipOf("prize", 52, 22, 4, { damage: 6, prize: true }), shipOf("fresh", 40, 20, 3)];
    const s = table(ships, { wind: { ...calm, strength: "strong" }, settings: { weather: true, strategic: true } });
    const t = run(s, { type: "wind-strength" }, [6]);
    expect(t.followUps.map((f) => f.action)).toEqual([
      { type: "gale-survival", ship: "antelope" },
      { type: "gale-survival", ship: "prize" },
    ]);
    // Antelope has lost 2 steps: 2 does not beat 2, 3 does.
    expect(run(t.state, { type: "gale-survival", ship: "antelope" }, [2]).outcome).toMatchObject({ afloat: false });
    const sunk = run(t.state, { type: "gale-survival", ship: "antelope" }, [2]).state.ships[0];
    expect(sunk?.sinking).toBe(true);
    expect(run(t.state, { type: "gale-survival", ship: "antelope" }, [3]).outcome).toMatchObject({ afloat: true });
    // The prize has lost 1 step: 2 − 1 = 1 does not beat 1.
    expect(run(t.state, { type: "gale-survival", ship: "prize" }, [2]).outcome).toMatchObject({ afloat: false, score: 1 });
    expect(odds(t.state, { type: "gale-survival", ship: "antelope" }).summary.afloatChance).toBeCloseTo(6 / 8, 12);
  });
  it("set-wind sets direction and strength and forgets the doubles memory", () => {
    const t = run(table([], { wind: { direction: 1, strength: "normal", previous: 0 } }), {
      type: "set-wind",
      direction: 3,
      strength: "light",
    });
    expect(t.state.wind).toEqual({ direction: 3, strength: "light", previous: null, justChanged: false });
  });
});
