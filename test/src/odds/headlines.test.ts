/**
 * The odds headline (docs/reference/request-result.md) of every rule set: present for every action type of the odds corpus, exact
 * (bars that partition the outcomes sum to 1), in words (no raw ids), and — on the bundled scenarios — equal to
 * figures worked by hand from the rule texts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { corpusFor } from "../../../bench/odds-corpus.ts";
import { scenarioFile } from "../../../host/config/scenario.ts";
import { type Headline, mostLikelyOf } from "../../../src/odds/headline.ts";
import { ageOfSail } from "../../../src/rulesets/age-of-sail/index.ts";
import { angloDutch1666 } from "../../../src/rulesets/anglo-dutch-1666/index.ts";
import { RULE_SETS } from "../../../src/rulesets/index.ts";
import { quickfire } from "../../../src/rulesets/quickfire/index.ts";
import { wsimBattleV3 } from "../../../src/rulesets/wsim-battle-v3/index.ts";
import { oddsFor, type Req } from "../rulesets/request-helpers.ts";

const sum = (items: readonly { p: number }[]) => items.reduce((s, x) => s + x.p, 0);

/** The bundled scenario as a request's ships, wind, game and settings. */
function scenario(name: string): Omit<Req, "action"> & { ships: Record<string, unknown>[] } {
  const sc = parse(readFileSync(scenarioFile(name), "utf8")) as {
    fleets: { side: string; ships: Record<string, unknown>[] }[];
    wind?: unknown;
    game?: unknown;
    settings?: unknown;
  };
  const ships = sc.fleets.flatMap((f) => f.ships.map(({ tag: _tag, ...s }) => ({ ...s, side: f.side })));
  return { ships, wind: sc.wind, game: sc.game, settings: sc.settings };
}

const bar = (h: Headline | undefined, label: string) => h?.bars.find((b) => b.label === label)?.p;
const fact = (h: Headline | undefined, label: string) => h?.facts.find((b) => b.label === label)?.p;

describe("the most likely result in players' words", () => {
  const bar = (label: string, p: number) => ({ label, p });
  it("alone: the likeliest bar, in the rule set's words", () => {
    expect(mostLikelyOf([bar("1", 0.3), bar("2", 0.5), bar("3", 0.2)], (n) => `${n} hits`)).toEqual({
      mostLikely: "2 hits",
      standing: "likeliest",
    });
  });
  it("a tie is even, the tied bars named (counted past three); a sure result is certain", () => {
    expect(mostLikelyOf([bar("Allied", 5 / 12), bar("Dutch", 5 / 12), bar("Draw", 1 / 6)])).toEqual({
      mostLikely: "Allied or Dutch",
      standing: "even",
    });
    expect(mostLikelyOf([bar("A", 1 / 3), bar("B", 1 / 3), bar("C", 1 / 3)]).mostLikely).toBe("A, B or C");
    expect(mostLikelyOf([1, 2, 3, 4, 5, 6].map((n) => bar(String(n), 1 / 6)))).toEqual({ mostLikely: "6 results alike", standing: "even" });
    expect(mostLikelyOf([bar("The wind holds", 1), bar("It changes", 0)])).toEqual({ mostLikely: "The wind holds", standing: "certain" });
    expect(mostLikelyOf([])).toEqual({ mostLikely: "", standing: "likeliest" });
  });
});

describe("odds headlines over the corpus, every action type of every rule set", () => {
  for (const rs of RULE_SETS) {
    it(`${rs.id}: every action's odds carry a headline in words whose bars sum to 1`, () => {
      const types = new Set<string>();
      const corpus = corpusFor(rs, 2, 30, 7);
      for (const r of corpus) {
        const o = rs.odds(r.state, r.action);
        expect(o.ok, `${rs.id} ${r.type}`).toBe(true);
        if (!o.ok) continue;
        const h = o.value.headline;
        expect(h, `${rs.id} ${r.type}`).toBeDefined();
        if (!h) continue;
        types.add(r.type);
        for (const x of [...h.bars, ...h.facts]) {
          expect(x.p, `${rs.id} ${r.type} ${x.label}`).toBeGreaterThanOrEqual(-1e-12);
          expect(x.p, `${rs.id} ${r.type} ${x.label}`).toBeLessThanOrEqual(1 + 1e-9);
          expect(x.label, `${rs.id} ${r.type}: a raw outcome in a label`).not.toMatch(/[{}]|^[a-z]+(-[a-z]+)+:/);
        }
        expect(h.title).not.toMatch(/[{}]/);
        expect(sum(h.bars), `${rs.id} ${r.type} ${JSON.stringify(h.bars)}`).toBeCloseTo(1, 9);
        expect(h.mostLikely.length).toBeGreaterThan(0);
        // certain when a bar's chance is 1, even when bars tie at the top, else the likeliest alone
        const top = Math.max(...h.bars.map((b) => b.p));
        const tied = h.bars.filter((b) => b.p >= top - 1e-12).length;
        expect(h.standing, `${rs.id} ${r.type}`).toBe(top >= 1 - 1e-12 ? "certain" : tied > 1 ? "even" : "likeliest");
      }
      expect(types.size).toBe(new Set(corpus.map((r) => r.type)).size);
    });
  }
});

describe("headlines on the bundled scenarios, worked by hand from the texts", () => {
  it("quickfire gun fire: no fire = 1 − ROF/6 (3.0: the black die at most the ROF); bars equal the exact summary", () => {
    const sc = scenario("quickfire");
    const [firer, target] = [sc.ships[0], sc.ships.find((s) => s.side !== sc.ships[0]?.side)];
    const odds = oddsFor(quickfire, {
      ...sc,
      action: { type: "gunnery", firer: firer?.id, target: target?.id, battery: "heavy", range: "short", arc: "broadside" },
    });
    const h = odds.headline;
    expect(bar(h, "Does not fire")).toBeCloseTo(1 - Number(firer?.heavyRof) / 6, 12);
    expect(bar(h, "Miss")).toBeCloseTo(Number(odds.summary.miss), 12);
    expect(bar(h, "Gun hit (G)")).toBeCloseTo(Number(odds.summary.G), 12);
    expect(bar(h, "Speed hit (S)")).toBeCloseTo(Number(odds.summary.S), 12);
    expect(fact(h, "Blast damage")).toBeCloseTo(Number(odds.summary.anyBlast), 12);
  });

  it("quickfire move order (1.4) and age of sail initiative (line 68): each side 5/12, a tie 1/6", () => {
    const q = oddsFor(quickfire, { ...scenario("quickfire"), action: { type: "initiative", first: "Japan", second: "Russia" } }).headline;
    expect(q?.bars.map((b) => b.label)).toEqual(["Japan decides", "Russia decides", "Tie (roll again)"]);
    const a = oddsFor(ageOfSail, { ...scenario("age-of-sail"), action: { type: "initiative", sideA: "GB", sideB: "FR" } }).headline;
    expect(a?.bars.map((b) => b.label)).toEqual(["GB moves first", "FR moves first", "A tie (dice again)"]);
    for (const h of [q, a])
      expect(h?.bars.map((b) => b.p)).toEqual([expect.closeTo(5 / 12, 12), expect.closeTo(5 / 12, 12), expect.closeTo(1 / 6, 12)]);
  });

  it("anglo-dutch 1666 fire: hits bars and 'is hit' equal the exact summary; bars in counting order", () => {
    const sc = scenario("anglo-dutch-1666");
    const [firer, target] = [sc.ships[0], sc.ships.find((s) => s.side !== sc.ships[0]?.side)];
    const odds = oddsFor(angloDutch1666, { ...sc, action: { type: "fire", firer: firer?.id, target: target?.id, range: "short" } });
    const h = odds.headline;
    const hits = odds.summary.hits as Record<string, number>;
    for (const [n, p] of Object.entries(hits)) expect(bar(h, `${n} hit${n === "1" ? "" : "s"}`)).toBeCloseTo(p, 12);
    expect(fact(h, `${String(target?.name)} is hit`)).toBeCloseTo(Number(odds.summary.anyHit), 12);
    const counts = h?.bars.map((b) => Number.parseInt(b.label, 10)) ?? [];
    expect(counts).toEqual([...counts].sort((x, y) => x - y));
  });

  it("WS&IM fire: a critical only on doubles, 1/6 (X.1); each Fire Table row of the normal die 1/6", () => {
    const sc = scenario("wsim-battle-v3");
    const odds = oddsFor(wsimBattleV3, {
      ...sc,
      action: { type: "fire", firer: "victory", target: "redoutable", rangeHexes: 3, gunsFiring: 30 },
    });
    const h = odds.headline;
    expect(fact(h, "Critical hit (doubles)")).toBeCloseTo(1 / 6, 12);
    expect(h?.bars).toHaveLength(6);
    for (const b of h?.bars ?? []) expect(b.p).toBeCloseTo(1 / 6, 12);
  });

  it("WS&IM wind: changes on 2 or 12 at number 6 (2/36), on 2, 11, 12 at 5 (4/36), on 2, 3, 11, 12 at 4 (6/36) (VIII)", () => {
    const sc = scenario("wsim-battle-v3");
    for (const [n, p] of [
      [6, 2 / 36],
      [5, 4 / 36],
      [4, 6 / 36],
    ] as const) {
      const h = oddsFor(wsimBattleV3, { ...sc, wind: { direction: 0, changeNumber: n }, action: { type: "wind" } }).headline;
      expect(bar(h, "Changes next turn")).toBeCloseTo(p, 12);
    }
  });

  it("age of sail fire: the chance a pair of sixes sets the target on fire (line 54) is the exact summary's", () => {
    const sc = scenario("age-of-sail");
    const odds = oddsFor(ageOfSail, {
      ...sc,
      action: { type: "fire", firer: "victory", target: "redoutable", rangeCm: 10, aim: "hull", side: "bow", battery: "port" },
    });
    expect(fact(odds.headline, "Redoutable catches fire (a pair of sixes)")).toBeCloseTo(Number(odds.summary.pFire), 12);
  });
});
