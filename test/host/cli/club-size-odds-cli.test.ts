/** Exact odds at club sizes from the installed command: no `odds.too-large` for a fleet action. */
import { describe, expect, it } from "vitest";
import { runBin } from "./bin.ts";

const sum = (outcomes: { p: number }[]) => outcomes.reduce((s, o) => s + o.p, 0);

describe("quarterdeck odds at club sizes", () => {
  it("Sole Bay: explosion hits among 12 ships — exact, the likeliest outcomes listed and marked truncated", () => {
    const ships = Array.from({ length: 12 }, (_, i) => ({
      id: `s${i}`,
      name: `Ship ${i}`,
      side: i % 2 ? "dutch" : "english",
      rating: 2,
      speed: "medium",
      hull: "average",
      damage: i,
    }));
    const request = {
      ships: [{ id: "wreck", name: "Wreck", side: "english", rating: 1, speed: "medium", hull: "average", damage: 16 }, ...ships],
      game: { removed: ["wreck"] },
      action: { type: "explosion-hits", ship: "wreck", radius: 6, ships: ships.map((s) => s.id) },
    };
    const out = runBin(["odds", "--ruleset", "sole-bay-1672"], JSON.stringify(request));
    expect(out.status).toBe(0);
    expect(out.json).toMatchObject({ ok: true, truncated: true });
    expect(out.json.plan).toHaveLength(12);
    for (const o of out.json.outcomes) expect(o.p).toBeCloseTo(6 ** -12, 20);
    // A ship with 11 of 16 boxes marked is destroyed by 5 or 6 hits: 1/3; with 10 marked by a 6: 1/6.
    expect(out.json.summary.pDestroyed.s11).toBeCloseTo(1 / 3, 12);
    expect(out.json.summary.pDestroyed.s10).toBeCloseTo(1 / 6, 12);
    expect(out.json.summary.pDestroyed.s9).toBe(0);
    expect(out.json.summary.pAnyDestroyed).toBeCloseTo(1 - (2 / 3) * (5 / 6), 12);
  });

  it("1666: initiative of 12 squadrons — exact, who moves first and the chance of a draw summing to 1", () => {
    const ships = Array.from({ length: 12 }, (_, i) => ({
      id: `s${i}`,
      name: `Ship ${i}`,
      side: i < 6 ? "dutch" : "english",
      nation: i < 6 ? "dutch" : "english",
      guns: 40,
      hullPoints: 20,
      firePoints: 3,
      squadron: `q${String(i).padStart(2, "0")}`,
      flagship: true,
    }));
    const out = runBin(["odds", "--ruleset", "anglo-dutch-1666"], JSON.stringify({ ships, action: { type: "initiative" } }));
    expect(out.status).toBe(0);
    expect(out.json).toMatchObject({ ok: true, truncated: true });
    expect(out.json.plan).toHaveLength(12);
    const first = out.json.summary.movesFirst as Record<string, number>;
    expect(Object.keys(first)).toHaveLength(12);
    expect(sum(Object.values(first).map((p) => ({ p }))) + out.json.summary.drawFirst).toBeCloseTo(1, 12);
    // An English squadron moves first alone when its roll is below every other English one and not above any Dutch one.
    const english = Array.from({ length: 6 }, (_, k) => k + 1).reduce((s, r) => s + (1 / 6) * ((6 - r) / 6) ** 5 * ((7 - r) / 6) ** 6, 0);
    expect(first.q06).toBeCloseTo(english, 12);
    for (const o of out.json.outcomes) expect(o.p).toBeGreaterThan(0);
    expect(sum(out.json.outcomes)).toBeLessThanOrEqual(1 + 1e-12);
  });
});
