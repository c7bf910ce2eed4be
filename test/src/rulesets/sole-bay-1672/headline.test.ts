import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { corpusFor } from "../../../../bench/odds-corpus.ts";
import { scenarioFile } from "../../../../host/config/scenario.ts";
import { oddsOf } from "../../../../src/game/engine.ts";
import type { Odds } from "../../../../src/game/types.ts";
import { soleBay1672 } from "../../../../src/rulesets/sole-bay-1672/index.ts";
import { parsed, type Req, ship } from "./fixtures.ts";

function oddsFor(req: Req): Odds {
  const { state, action } = parsed(req);
  const o = oddsOf(soleBay1672, state, action);
  if (!o.ok) throw new Error(JSON.stringify(o.error));
  return o.value.odds;
}

const NO_DICE = ["end-movement", "break-off", "flag-officer-retire", "fire-fireship", "set-wind"];
const sum = (items: readonly { p: number }[]) => items.reduce((s, x) => s + x.p, 0);

describe("sole-bay-1672 odds headline (docs/reference/request-result.md)", () => {
  it("the opening initiative of the bundled battle: each side 5/12, a draw (re-rolled) 1/6", () => {
    const sc = parse(readFileSync(scenarioFile("sole-bay-1672"), "utf8")) as {
      fleets: { side: string; ships: Record<string, unknown>[] }[];
    };
    const ships = sc.fleets.flatMap((f) => f.ships.map(({ tag: _tag, ...s }) => ({ ...s, side: f.side })));
    const h = oddsFor({ ships, action: { type: "initiative" } }).headline;
    expect(h?.title).toBe("Initiative");
    expect(h?.bars.map((b) => b.label)).toEqual(["Allied", "Dutch", "Draw (re-roll)"]);
    const [allied, dutch, draw] = h?.bars.map((b) => b.p) ?? [];
    expect(allied).toBeCloseTo(5 / 12, 12);
    expect(dutch).toBeCloseTo(5 / 12, 12);
    expect(draw).toBeCloseTo(1 / 6, 12);
    // a tie at the top is even, in both sides' words
    expect(h?.mostLikely).toBe("Allied has initiative or Dutch has initiative");
    expect(h?.standing).toBe("even");
  });

  it("a broadside: hits 0…dice in order, the target's condition and destruction, the likeliest number of hits", () => {
    const odds = oddsFor({
      ships: [ship("a", "x", { rating: 1 }), ship("gouda", "y", { damage: 14 })],
      action: { type: "broadside", firer: "a", target: "gouda", rangeInches: 6 },
    });
    const h = odds.headline;
    const dice = odds.summary.dice as number;
    expect(h?.title).toBe("Hits on Gouda");
    expect(h?.bars.map((b) => b.label)).toEqual(Array.from({ length: dice + 1 }, (_, i) => String(i)));
    expect(sum(h?.bars ?? [])).toBeCloseTo(1, 12);
    const hits = odds.summary.hits as { hits: number; p: number }[];
    for (const b of h?.bars ?? []) expect(b.p).toBeCloseTo(hits.find((x) => x.hits === Number(b.label))?.p ?? 0, 12);
    expect(h?.facts).toEqual([
      { label: "Gouda loses a condition", p: odds.summary.pConditionDrops },
      { label: "Gouda is destroyed", p: odds.summary.pDestroyed },
    ]);
    const best = [...(h?.bars ?? [])].sort((x, y) => y.p - x.p)[0];
    expect(h?.mostLikely).toBe(`${best?.label} hit${best?.label === "1" ? "" : "s"}`);
  });

  it("explosion hits among 12 ships: exact over the whole distribution though the outcome list is shortened", () => {
    const ships = Array.from({ length: 13 }, (_, i) => ship(`s${i}`, i % 2 ? "x" : "y", { damage: i === 0 ? 16 : i % 6 }));
    const odds = oddsFor({
      ships,
      game: { removed: ["s0"] },
      action: { type: "explosion-hits", ship: "s0", radius: 4, ships: ships.slice(1).map((s) => s.id) },
    });
    expect(odds.truncated).toBe(true);
    const h = odds.headline;
    expect(h?.bars).toHaveLength(13);
    expect(sum(h?.bars ?? [])).toBeCloseTo(1, 12);
    const pDestroyed = odds.summary.pDestroyed as Record<string, number>;
    for (const [i, f] of (h?.facts ?? []).entries()) expect(f.p).toBeCloseTo(pDestroyed[`s${i + 1}`] ?? -1, 12);
    const expected = sum((h?.bars ?? []).map((b) => ({ p: b.p * Number.parseInt(b.label, 10) })));
    expect(expected).toBeCloseTo(
      Object.values(pDestroyed).reduce((s, p) => s + p, 0),
      12,
    );
  });

  it("every action type in the odds corpus has a headline whose bars sum to 1", () => {
    const corpus = corpusFor(soleBay1672, 4, 20, 3);
    const types = new Set<string>();
    for (const r of corpus) {
      const o = oddsOf(soleBay1672, r.state, r.action);
      if (!o.ok) throw new Error(o.error.message);
      const h = o.value.odds.headline;
      expect(h, r.type).toBeDefined();
      expect(h?.title, r.type).toMatch(/\w/);
      // the actions without a headline of their own are titled by their title, not their type
      if (NO_DICE.includes(r.type)) expect(h?.title).toBe(soleBay1672.actions.find((a) => a.type === r.type)?.title);
      expect(sum(h?.bars ?? []), `${r.type} ${JSON.stringify(h)}`).toBeCloseTo(1, 9);
      for (const x of [...(h?.bars ?? []), ...(h?.facts ?? [])]) expect(x.p >= -1e-12 && x.p <= 1 + 1e-12, r.type).toBe(true);
      // the most likely names bars (a tie names each: "2 hits or 3 hits")
      for (const named of h?.standing === "even" && /results alike$/.test(h.mostLikely) ? [] : (h?.mostLikely.split(/, | or /) ?? []))
        expect(h?.bars.map((b) => b.label)).toContain(named.replace(/ hits?$/, "").replace(/ has initiative$/, ""));
      types.add(r.type);
    }
    expect(types.size).toBe(soleBay1672.actions.length);
  });
});
