import { describe, expect, it } from "vitest";
import { borodino, mikasa, odds, refused, run, shipIn, table } from "./helpers.ts";

const PHASE3 = { game: { phase: "second-gunnery" } };
const asahi = (over: Record<string, unknown> = {}) => ({ ...mikasa(), id: "asahi", name: "Asahi", ...over });
const TORP = { type: "torpedo", firer: "borodino", targets: ["mikasa"] } as const;

describe("torpedoes (3.2)", () => {
  it("only in the second fire phase", () => {
    expect(refused(table([mikasa(), borodino()], { game: { phase: "first-gunnery" } }), TORP)).toMatchObject({
      code: "rules.illegal",
      path: "game.phase",
    });
  });
  it("not inside the minimum range, not beyond torpedo range (small scale, mm: 25–100)", () => {
    const s = table([mikasa(), borodino()], PHASE3);
    expect(refused(s, { ...TORP, distances: [20] })).toMatchObject({ code: "rules.illegal", path: "action.distances[0]" });
    expect(refused(s, { ...TORP, distances: [101] }).code).toBe("rules.out-of-range");
    expect(run(s, { ...TORP, distances: [25] }, [6, 6, 6]).outcome.hits).toBe(0);
    const large = table([mikasa(), borodino()], { ...PHASE3, settings: { scale: "large", units: "imperial" } });
    expect(refused(large, { ...TORP, distances: [1.5] }).code).toBe("rules.illegal");
  });
  it("3D6 at or under the hit number (static target, rating 2 → 8 on the house chart) hits; the rating is crossed out", () => {
    const s = table([mikasa(), borodino()], PHASE3);
    const hit = run(s, TORP, [2, 3, 3]);
    expect(hit.outcome).toMatchObject({ hits: 1, results: [{ target: "mikasa", rating: 2, moving: false, hitNumber: 8, hit: true }] });
    expect(shipIn(hit.state, "borodino").torpedoSpent).toBe(true);
    expect(hit.followUps).toEqual([expect.objectContaining({ action: { type: "torpedo-damage", firer: "borodino", target: "mikasa" } })]);
    expect(run(s, TORP, [3, 3, 3]).outcome.hits).toBe(0);
  });
  it("a target that used two or more speed boxes is moving (15mm = box 7 and 8), one box is static", () => {
    expect(run(table([mikasa({ moved: 15 }), borodino()], PHASE3), TORP, [6, 6, 6]).outcome.results).toEqual([
      expect.objectContaining({ moving: true, hitNumber: 6 }),
    ]);
    expect(run(table([mikasa({ moved: 8 }), borodino()], PHASE3), TORP, [6, 6, 6]).outcome.results).toEqual([
      expect.objectContaining({ moving: false, hitNumber: 8 }),
    ]);
  });
  it("two targets in one arc split the rating (3 → 2 and 1); in two arcs each gets the full rating", () => {
    const s = table([mikasa(), asahi(), borodino({ torpedo: 3 })], PHASE3);
    const same = run(s, { ...TORP, targets: ["mikasa", "asahi"] }, [6, 6, 6, 6, 6, 6]);
    expect((same.outcome.results as { rating: number }[]).map((r) => r.rating)).toEqual([2, 1]);
    expect(same.plan).toHaveLength(2);
    const chosen = run(s, { ...TORP, targets: ["mikasa", "asahi"], ratings: [1, 2] }, [6, 6, 6, 6, 6, 6]);
    expect((chosen.outcome.results as { rating: number }[]).map((r) => r.rating)).toEqual([1, 2]);
    expect(refused(s, { ...TORP, targets: ["mikasa", "asahi"], ratings: [2, 2] }).code).toBe("rules.illegal");
    const apart = run(s, { ...TORP, targets: ["mikasa", "asahi"], sameArc: false }, [6, 6, 6, 6, 6, 6]);
    expect((apart.outcome.results as { rating: number }[]).map((r) => r.rating)).toEqual([3, 3]);
  });
  it("a rating of 1 cannot be split between two targets in one arc", () => {
    expect(refused(table([mikasa(), asahi(), borodino({ torpedo: 1 })], PHASE3), { ...TORP, targets: ["mikasa", "asahi"] }).code).toBe(
      "rules.illegal",
    );
  });
  it("one torpedo check per phase; none once crossed out or with no rating", () => {
    const s = table([mikasa(), asahi(), borodino()], PHASE3);
    const miss = run(s, TORP, [6, 6, 6]);
    expect(refused(miss.state, { ...TORP, targets: ["asahi"] }).code).toBe("rules.illegal");
    expect(refused(table([mikasa(), borodino({ torpedoSpent: true })], PHASE3), TORP).code).toBe("rules.illegal");
    expect(refused(table([mikasa(), borodino({ torpedo: 0 })], PHASE3), TORP).code).toBe("rules.illegal");
  });
  it("a torpedo hit gives 1D6 S hits, as slashes during the phase", () => {
    const s = table([mikasa(), borodino()], PHASE3);
    const t = run(s, { type: "torpedo-damage", firer: "borodino", target: "mikasa" }, [4]);
    expect(t.outcome.sHits).toBe(4);
    expect(shipIn(t.state, "mikasa").pending.speedLost).toBe(4);
  });
  it('torpedo damage names a ship that fired: an unknown firer is ship.unknown (3.2 "the number of S hits suffered by the target ship")', () => {
    const s = table([mikasa(), borodino()], PHASE3);
    expect(refused(s, { type: "torpedo-damage", firer: "potemkin", target: "mikasa" })).toMatchObject({
      code: "ship.unknown",
      path: "action.firer",
    });
    expect(refused(s, { type: "torpedo-damage", firer: "mikasa", target: "mikasa" })).toMatchObject({
      code: "rules.illegal",
      path: "action.target",
    });
  });
  it("exact odds: rating 2 at a static target hits on 3D6 ≤ 8, 56/216", () => {
    const o = odds(table([mikasa(), borodino()], PHASE3), TORP);
    expect(o.summary.anyHit).toBeCloseTo(56 / 216, 12);
    expect(o.outcomes.reduce((a, x) => a + x.p, 0)).toBeCloseTo(1, 12);
  });
});
