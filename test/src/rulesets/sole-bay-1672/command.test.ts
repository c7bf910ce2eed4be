import { describe, expect, it } from "vitest";
import { soleBay1672 } from "../../../../src/rulesets/sole-bay-1672/index.ts";
import { errorOf, next, odds, type Req, requestAfter, resolve, ship } from "./fixtures.ts";

const squadron = (extra: Record<string, unknown>[] = [], game?: unknown): Req => ({
  ships: [
    // the roster marks its flagships (here none), so the first ship listed is not one by default
    ship("a", "english", { squadron: "red", damage: 16, flagship: false }),
    ship("b", "english", { squadron: "red" }),
    ship("c", "english", { squadron: "red" }),
    ...extra,
    ship("d", "dutch"),
  ],
  game,
  action: { type: "breakpoint", squadron: "red" },
});

describe("sole-bay-1672 squadron breakpoint", () => {
  it("1 of 3 lost (33%): a test is due; most remaining Fresh +1; breaks on a modified 1 or 2", () => {
    expect(resolve(squadron(), [1]).outcome).toEqual({ squadron: "red", losses: 1, modified: 2, broken: true });
    expect(resolve(squadron(), [2]).outcome.broken).toBe(false);
    expect(odds(squadron()).odds.summary.pBreaks).toBeCloseTo(1 / 6, 12);
  });
  it("tested once per loss: the same losses again is not due; a further loss is", () => {
    const t = resolve(squadron(), [4]);
    expect(t.state.game.breakTests).toEqual({ red: 1 });
    expect(errorOf(requestAfter(t, { type: "breakpoint", squadron: "red" }))).toMatchObject({
      code: "rules.illegal",
      path: "action.squadron",
    });
  });
  it("below 33% no test; fireships are ignored", () => {
    const six = squadron([
      ship("e", "english", { squadron: "red" }),
      ship("f", "english", { squadron: "red" }),
      ship("g", "english", { squadron: "red" }),
    ]);
    expect(errorOf(six).code).toBe("rules.illegal");
    const withFireship: Req = {
      ships: [
        ship("a", "english", { squadron: "red" }),
        ship("b", "english", { squadron: "red" }),
        ship("f", "english", { squadron: "red", fireship: true, damage: 16 }),
      ],
      action: { type: "breakpoint", squadron: "red" },
    };
    expect(errorOf(withFireship).code).toBe("rules.illegal");
  });
  it("−1 flag officer lost, −1 most crews poor, +1 most crews elite", () => {
    const req = squadron();
    req.ships[1] = ship("b", "english", { squadron: "red", flagship: true, flagOfficer: "killed", crew: "poor" });
    req.ships[2] = ship("c", "english", { squadron: "red", crew: "poor", damage: 4 });
    // remaining b (fresh, poor), c (worn, poor): not most fresh; most poor −1; flag officer lost −1
    expect(resolve(req, [4]).outcome).toMatchObject({ modified: 2, broken: true });
    req.ships[2] = ship("c", "english", { squadron: "red", crew: "elite" });
    req.ships[1] = ship("b", "english", { squadron: "red", crew: "elite" });
    expect(resolve(req, [1]).outcome.modified).toBe(3);
  });
});

describe("sole-bay-1672 initiative and wind", () => {
  const ships = [ship("a", "english"), ship("b", "dutch")];
  it("each side rolls 1d6, highest has the initiative", () => {
    const t = resolve({ ships, action: { type: "initiative" } }, [5, 2]);
    expect(t.outcome).toMatchObject({ winner: "english" });
    expect(t.state.game.initiative).toBe("english");
  });
  it("draws are re-rolled through a follow-up", () => {
    const t = resolve({ ships, action: { type: "initiative" } }, [4, 4]);
    expect(t.followUps.map((f) => f.action)).toEqual([{ type: "initiative", sides: ["english", "dutch"] }]);
    expect(next(t, "initiative", [1, 6]).outcome.winner).toBe("dutch");
    expect(odds({ ships, action: { type: "initiative" } }).odds.summary.pDraw).toBeCloseTo(1 / 6, 12);
    expect(resolve({ ships, action: { type: "initiative", sides: "dutch, english" } }, [6, 1]).outcome.winner).toBe("dutch");
  });
  it("odds at 3 sides list every roll vector, equal to resolving each one; 16 sides sum to 1 without enumerating 6^16", () => {
    const three = [ship("a", "english"), ship("b", "dutch"), ship("c", "french")];
    const o = odds({ ships: three, action: { type: "initiative" } }).odds;
    expect(o.outcomes).toHaveLength(216);
    expect(o.truncated).toBeUndefined();
    const win = (side: string) => o.outcomes.filter((x) => x.outcome.winner === side).reduce((s, x) => s + x.p, 0);
    for (const side of ["english", "dutch", "french"]) expect((o.summary.pWins as Record<string, number>)[side]).toBeCloseTo(win(side), 12);
    for (const x of o.outcomes.slice(0, 40)) {
      const faces = (x.outcome.rolls as { roll: number }[]).map((r) => r.roll);
      expect(resolve({ ships: three, action: { type: "initiative" } }, faces).outcome).toEqual(x.outcome);
    }
    const sixteen = Array.from({ length: 16 }, (_, i) => ship(`s${i}`, `side ${i}`));
    const big = odds({ ships: sixteen, action: { type: "initiative" } }).odds;
    const pWins = Object.values(big.summary.pWins as Record<string, number>);
    expect(pWins).toHaveLength(16);
    expect(pWins.reduce((s, p) => s + p, 0) + Number(big.summary.pDraw)).toBeCloseTo(1, 12);
    expect(big.truncated).toBe(true);
    expect(big.headline?.bars).toHaveLength(17);
  });
  it("a new initiative clears last turn's movement allowances", () => {
    const t = resolve({ ships, game: { allowances: { a: 3 } }, action: { type: "initiative" } }, [2, 1]);
    expect(t.state.game.allowances).toEqual({});
  });
  it("set-wind changes the windward edge with no dice; the dial reads where the wind comes from", () => {
    const t = resolve({ ships, action: { type: "set-wind", windward: "N" } }, []);
    expect(t.state.wind).toEqual({ windward: "N" });
    expect(soleBay1672.windView(t.state)).toEqual({ system: "edge4", fromDegrees: 0, label: "Windward edge: N" });
    const w = resolve({ ships, wind: { windward: "E" }, action: { type: "set-wind", windward: "W" } }, []);
    expect(soleBay1672.windView(w.state)?.fromDegrees).toBe(270);
    expect(errorOf({ ships, action: { type: "set-wind", windward: "NE" } })).toMatchObject({
      code: "input.invalid",
      path: "action.windward",
    });
  });
});
