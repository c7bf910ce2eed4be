import { describe, expect, it } from "vitest";
import { antelope, odds, rs, run, shipIn, shipOf, table } from "./helpers.ts";

const north = { direction: 0, strength: "normal" };

describe("initial deployment (Appendix 2)", () => {
  const at = (over: Record<string, unknown> = {}) => antelope({ hex: { q: 0, r: 0 }, ...over });
  it("first die: 1–2 stays, 3–4 one hex, 5–6 two hexes; second die: 1 downwind, then clockwise", () => {
    const s = table([at()], { wind: north });
    expect(run(s, { type: "deployment", ship: "antelope" }, [2, 4]).outcome).toMatchObject({ distance: 0, hex: { q: 0, r: 0 } });
    expect(run(s, { type: "deployment", ship: "antelope" }, [3, 1]).outcome).toMatchObject({ distance: 1, toward: 3, hex: { q: 0, r: 1 } });
    expect(run(s, { type: "deployment", ship: "antelope" }, [6, 2]).outcome).toMatchObject({
      distance: 2,
      toward: 4,
      hex: { q: -2, r: 2 },
    });
    expect(run(s, { type: "deployment", ship: "antelope" }, [5, 4]).outcome).toMatchObject({ toward: 0, hex: { q: 0, r: -2 } });
  });
  it("English ships may subtract 1 when the table is generous", () => {
    const s = table([at()], { wind: north, settings: { generousEnglish: true } });
    expect(run(s, { type: "deployment", ship: "antelope" }, [3, 1]).outcome.distance).toBe(0);
    const d = table([shipOf("d", 40, 20, 2.5, { hex: { q: 0, r: 0 } })], { wind: north, settings: { generousEnglish: true } });
    expect(run(d, { type: "deployment", ship: "d" }, [3, 1]).outcome.distance).toBe(1);
  });
  it("landing on a friend: roll the direction again and displace from there", () => {
    const s = table([at(), antelope({ id: "mate", name: "Mate", hex: { q: 0, r: 1 } })], { wind: north });
    const t = run(s, { type: "deployment", ship: "antelope" }, [3, 1]);
    expect(t.followUps.map((f) => f.action)).toEqual([{ type: "deployment-redirect", ship: "antelope" }]);
    const r = run(t.state, { type: "deployment-redirect", ship: "antelope" }, [1]);
    expect(shipIn(r.state, "antelope").hex).toEqual({ q: 0, r: 2 });
    expect(r.followUps).toEqual([]);
  });
  it("exact odds: stays 1/3, one hex 1/3, two hexes 1/3", () => {
    const o = odds(table([at()], { wind: north }), { type: "deployment", ship: "antelope" });
    expect(o.summary).toEqual({ stays: expect.closeTo(1 / 3, 12), oneHex: expect.closeTo(1 / 3, 12), twoHexes: expect.closeTo(1 / 3, 12) });
  });
});

describe("end of the move", () => {
  it("advances the turn and clears the wind-change mark", () => {
    const t = run(table([], { wind: { ...north, justChanged: true } }), { type: "end-turn" });
    expect(t.state.game.turn).toBe(2);
    expect(t.state.wind.justChanged).toBe(false);
  });
  it("sinking ships drift 1 hex only in strong winds", () => {
    const wreck = antelope({ damage: 22, hex: { q: 0, r: 0 } });
    expect(shipIn(run(table([wreck], { wind: { ...north, strength: "strong" } }), { type: "end-turn" }).state, "antelope").hex).toEqual({
      q: 0,
      r: 1,
    });
    expect(shipIn(run(table([wreck], { wind: north }), { type: "end-turn" }).state, "antelope").hex).toEqual({ q: 0, r: 0 });
  });
  it("describes results in one sentence and shows the wind", () => {
    const s = table([antelope()], { wind: { direction: 5, strength: "strong" } });
    expect(rs.windView(s)).toEqual({ system: "hex6", fromDegrees: 300, label: "wind from the NW, strong", strength: "strong" });
    const t = run(s, { type: "wind" }, [1, 1]);
    expect(rs.describe(s, { type: "wind" }, t.outcome)).toBe("The wind shifts to the N (first change).");
  });
});

describe("one sentence per result", () => {
  const s = table([antelope({ hex: { q: 0, r: 0 } }), shipOf("d", 40, 20, 2.5, { squadron: "red" })], { wind: north });
  it.each([
    [{ type: "fire", firer: "antelope", target: "d", range: "medium" }, [4], "1 hit on D (port broadside, roll 4 on the 4 row)."],
    [{ type: "critical", ship: "d" }, [4, 5], "Critical hit check on D: helm."],
    [{ type: "move", ship: "antelope", plot: "" }, [], "Antelope moves 0 hexes."],
    [{ type: "deployment", ship: "antelope" }, [5, 1], "Antelope is displaced 2 hexes to the S."],
    [{ type: "end-turn" }, [], "Move 2 begins."],
    [{ type: "initiative" }, [2], "Move order: red."],
  ])("%j", (action, dice, sentence) => {
    const t = run(s, action, dice);
    expect(rs.describe(s, action, t.outcome)).toBe(sentence);
  });
});
