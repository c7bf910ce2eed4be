import { describe, expect, it } from "vitest";
import { borodino, mikasa, run, table } from "./helpers.ts";

const FIRE = { type: "gunnery", firer: "mikasa", target: "borodino", battery: "heavy", range: "long" } as const;

describe("quickfire dice marks for the display (which dice made the result)", () => {
  const state = table([mikasa(), borodino()]);
  it("2,5,5: black fired (hit), the whites' 10 is above the 100% column's 7 (miss)", () => {
    expect(run(state, FIRE, [2, 5, 5]).marks).toEqual([["hit"], ["miss", "miss"]]);
  });
  it("4,1,3: black fired, the whites' 4 is within 7 — both white dice made the G hit", () => {
    expect(run(state, FIRE, [4, 1, 3]).marks).toEqual([["hit"], ["hit", "hit"]]);
  });
  it("6,2,1: the black 6 is above ROF 5 (miss) and the whites count for nothing (null)", () => {
    expect(run(state, FIRE, [6, 2, 1]).marks).toEqual([["miss"], [null, null]]);
  });
  it("the black die is marked against the halved fore/aft ROF (5 → 2)", () => {
    expect(run(state, { ...FIRE, arc: "fore-aft" }, [3, 1, 1]).marks).toEqual([["miss"], [null, null]]);
    expect(run(state, { ...FIRE, arc: "fore-aft" }, [2, 1, 1]).marks).toEqual([["hit"], ["hit", "hit"]]);
  });
  it("a combined quickfire attack marks its dice the same way", () => {
    const asahi = { ...mikasa(), id: "asahi", name: "Asahi" };
    const s = table([mikasa(), asahi, borodino()]);
    const t = run(s, { type: "quickfire-attack", firers: ["mikasa", "asahi"], target: "borodino", range: "short" }, [6, 6, 6]);
    expect(t.marks).toEqual([["hit"], [t.outcome.hit ? "hit" : "miss", t.outcome.hit ? "hit" : "miss"]]);
  });
  it("a torpedo check's three dice hit or miss together by their total (static, rating 2 → 8 or less)", () => {
    const s = table([mikasa(), borodino()], { game: { phase: "second-gunnery" } });
    const torp = { type: "torpedo", firer: "borodino", targets: ["mikasa"] };
    expect(run(s, torp, [2, 3, 3]).marks).toEqual([["hit", "hit", "hit"]]);
    expect(run(s, torp, [3, 3, 3]).marks).toEqual([["miss", "miss", "miss"]]);
  });
});
