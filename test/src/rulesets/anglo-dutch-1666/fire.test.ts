import { describe, expect, it } from "vitest";
import { FIRE_TABLE, fireRow } from "../../../../src/rulesets/anglo-dutch-1666/tables.ts";
import { antelope, odds, refused, run, shipIn, shipOf, table } from "./helpers.ts";

const target = () => shipOf("target", 60, 30, 5, { side: "english", nation: "english" });
const firer = (fire: number) => shipOf("firer", 90, 40, fire);
/** The same target on the Dutch side, for English firers. */
const dutchTarget = () => ({ ...target(), side: "dutch", nation: "dutch" });
const worst = { range: "long", shooterOnFire: true, smallTarget: true, strongWinds: true }; // +2 +2 +1 +1
const best = { range: "short", sternRake: true }; // −1 −2

// The fire table as printed (rows ½ … 9–11; "0 or less", 1–7, "8+"), read by hand from the text.
const ROWS: Array<[number, number[]]> = [
  [0.5, [1, 1, 0, 0, 0, 0, 0, 0, 0]],
  [1, [1, 1, 1, 0, 0, 0, 0, 0, 0]],
  [1.5, [2, 1, 1, 1, 0, 0, 0, 0, 0]],
  [2, [2, 1, 1, 1, 1, 0, 0, 0, 0]],
  [3, [3, 2, 1, 1, 1, 0, 0, 0, 0]],
  [4, [3, 2, 2, 1, 1, 1, 0, 0, 0]],
  [5, [4, 3, 2, 1, 1, 1, 0, 0, 0]],
  [6, [4, 3, 3, 2, 1, 1, 1, 0, 0]],
  [7, [4, 3, 3, 2, 2, 1, 1, 1, 0]],
  [9, [5, 4, 3, 3, 2, 2, 1, 1, 0]],
];

const fire = (fp: number, mods: Record<string, unknown>, die: number, wind = "normal") =>
  run(
    table([firer(fp), target()], { wind: { direction: 0, strength: wind } }),
    { type: "fire", firer: "firer", target: "target", ...mods },
    [die],
  );

describe("fire table (text: Fire Table)", () => {
  it("is the printed table, stray trailing '-' dropped", () => {
    expect(FIRE_TABLE.map((r) => [r.min, r.hits])).toEqual(ROWS);
  });
  it.each(ROWS)("row %s: modified roll 0 or less (short range stern rake)", (fp, hits) => {
    expect(fire(fp, best, 3).outcome).toMatchObject({ modifiedRoll: 0, column: "0 or less", hits: hits[0] });
    expect(fire(fp, best, 1).outcome).toMatchObject({ modifiedRoll: -2, column: "0 or less", hits: hits[0] });
  });
  it.each(ROWS)("row %s: modified roll 8 or more (long, on fire, small target, strong winds)", (fp) => {
    expect(fire(fp, worst, 2).outcome).toMatchObject({ modifiedRoll: 8, column: "8+", hits: 0 });
    expect(fire(fp, worst, 6).outcome).toMatchObject({ modifiedRoll: 12, column: "8+", hits: 0 });
  });
  it.each(ROWS)("row %s: 1–6 unmodified at medium range read columns 1–6, 7 at long range", (fp, hits) => {
    for (let d = 1; d <= 6; d++) expect(fire(fp, { range: "medium" }, d).outcome.hits).toBe(hits[d]);
    expect(fire(fp, { range: "long" }, 5).outcome).toMatchObject({ modifiedRoll: 7, hits: hits[7] });
  });
  it("rows between printed values read the row below; 7–8 and 9–11 are ranges; above 11 reads 9–11", () => {
    expect(fireRow(2.5)?.label).toBe("2");
    expect(fireRow(8)?.label).toBe("7-8");
    expect(fireRow(11)?.label).toBe("9-11");
    expect(fireRow(12)?.label).toBe("9-11");
    expect(fireRow(0)).toBeNull();
  });
  it("modifiers: long +2, on fire +2, small +1, strong +1, short −1, stern rake −2", () => {
    const o = fire(4, { range: "long", shooterOnFire: true }, 1).outcome;
    expect(o.modifiedRoll).toBe(5);
    expect(fire(4, { range: "short" }, 3).outcome.modifiedRoll).toBe(2);
    expect(fire(4, { range: "medium", smallTarget: true }, 3).outcome.modifiedRoll).toBe(4);
  });
  it("shooter on fire and strong winds also come from state; a 20-gunner is a small target", () => {
    const s = table([{ ...firer(4), onFire: true }, target()], { wind: { direction: 0, strength: "light" } });
    expect(run(s, { type: "fire", firer: "firer", target: "target", range: "medium" }, [1]).outcome.modifiedRoll).toBe(3);
    const strong = table([firer(4), target()], { wind: { direction: 0, strength: "strong" } });
    expect(
      run(strong, { type: "fire", firer: "firer", target: "target", range: "medium", downwind: false }, [1]).outcome.modifiedRoll,
    ).toBe(2);
    const small = table([firer(4), shipOf("yacht", 20, 6, 1, { side: "english" })]);
    expect(run(small, { type: "fire", firer: "firer", target: "yacht", range: "medium" }, [1]).outcome.modifiedRoll).toBe(2);
  });
  it("stern rake is short range only", () => {
    const e = refused(
      table([firer(4), target()]),
      { type: "fire", firer: "firer", target: "target", range: "medium", sternRake: true },
      [1],
    );
    expect(e).toMatchObject({ code: "rules.illegal", path: "action.sternRake" });
  });
  it("range bands are checked when both ships have hexes", () => {
    const s = table([
      { ...firer(4), hex: { q: 0, r: 0 } },
      { ...target(), hex: { q: 0, r: 3 } },
    ]);
    expect(refused(s, { type: "fire", firer: "firer", target: "target", range: "short" }, [1]).path).toBe("action.range");
    expect(run(s, { type: "fire", firer: "firer", target: "target", range: "long" }, [1]).outcome).toMatchObject({
      modifiedRoll: 3,
      hits: 1,
    });
    const far = table([
      { ...firer(4), hex: { q: 0, r: 0 } },
      { ...target(), hex: { q: 0, r: 5 } },
    ]);
    expect(refused(far, { type: "fire", firer: "firer", target: "target", range: "long" }, [1]).code).toBe("rules.out-of-range");
  });
  it("exact odds of a broadside", () => {
    const o = odds(table([firer(4), target()]), { type: "fire", firer: "firer", target: "target", range: "medium" });
    expect(o.summary.expectedHits).toBeCloseTo((2 + 2 + 1 + 1 + 1 + 0) / 6, 12);
    expect(o.summary.hits).toEqual({ "0": 1 / 6, "1": 3 / 6, "2": 2 / 6 });
  });
});

describe("damage steps (text: Damage effects, Example ship cards)", () => {
  it("Antelope's sixth hit: a critical check, −1 hex move, fire points 3", () => {
    const s = table([firer(1), antelope({ damage: 5, heading: 2 })], { wind: { direction: 0, strength: "normal" } });
    // before the hit she makes 3 hexes on a reach (wind from the N, heading SE)
    expect(run(s, { type: "move", ship: "antelope", plot: "FFF" }).outcome).toMatchObject({ allowance: 3, hexesMoved: 3 });
    const t = run(s, { type: "fire", firer: "firer", target: "antelope", range: "medium" }, [1]);
    expect(t.outcome).toMatchObject({ hits: 1, stepsCrossed: 1 });
    expect(t.followUps).toEqual([expect.objectContaining({ kind: "roll", action: { type: "critical", ship: "antelope" } })]);
    const a = shipIn(t.state, "antelope");
    expect(a).toMatchObject({ damage: 6, stepsLost: 1 });
    // her own broadside is now 3 fire points
    const back = run(t.state, { type: "fire", firer: "antelope", target: "firer", range: "medium" }, [4]);
    expect(back.outcome).toMatchObject({ firePoints: 3, row: "3" });
    // "reduces speed by 1 hex": 2 hexes on the same reach
    expect(run(t.state, { type: "move", ship: "antelope", plot: "FF" }).outcome).toMatchObject({ allowance: 2, hexesMoved: 2 });
    expect(refused(t.state, { type: "move", ship: "antelope", plot: "FFF" }).code).toBe("rules.illegal");
  });
  it("the fifth hit does not cross a step", () => {
    const t = run(table([firer(1), antelope({ damage: 4 })]), { type: "fire", firer: "firer", target: "antelope", range: "medium" }, [1]);
    expect(t.followUps).toEqual([]);
  });
  it("two steps crossed by one broadside are two critical checks; 0 hull points is sinking", () => {
    const t = run(
      table([firer(9), antelope({ damage: 10 })]),
      { type: "fire", firer: "firer", target: "antelope", range: "short", sternRake: true },
      [1],
    );
    expect(t.outcome.hits).toBe(5);
    expect(t.followUps.filter((f) => f.action.type === "critical")).toHaveLength(1); // 11 → 15: step 2 at 11 already, step 3 at 17
    const sink = run(
      table([firer(9), antelope({ damage: 18 })]),
      { type: "fire", firer: "firer", target: "antelope", range: "short", sternRake: true },
      [1],
    );
    expect(sink.outcome).toMatchObject({ hits: 5, hullLost: 4, sinking: true });
    expect(shipIn(sink.state, "antelope")).toMatchObject({ damage: 22, sinking: true });
    expect(refused(sink.state, { type: "fire", firer: "antelope", target: "firer", range: "short" }).code).toBe("rules.illegal");
  });
  it("strong winds: firing downwind loses a fire step, British two; gun deck swept one more", () => {
    const strong = { direction: 0, strength: "strong" };
    const dutch = table([firer(4), target()], { wind: strong });
    expect(run(dutch, { type: "fire", firer: "firer", target: "target", range: "medium", downwind: true }, [1]).outcome).toMatchObject({
      firePoints: 3,
    });
    const english = table([antelope(), dutchTarget()], { wind: strong });
    expect(run(english, { type: "fire", firer: "antelope", target: "target", range: "medium", downwind: true }, [1]).outcome).toMatchObject(
      { firePoints: 2 },
    );
    expect(
      run(english, { type: "fire", firer: "antelope", target: "target", range: "medium", downwind: false }, [1]).outcome,
    ).toMatchObject({ firePoints: 4 });
    const swept = table([antelope({ gunDeckSweptTurns: 2 }), dutchTarget()]);
    expect(run(swept, { type: "fire", firer: "antelope", target: "target", range: "medium" }, [1]).outcome).toMatchObject({
      firePoints: 3,
    });
  });
  it("downwind comes from the hexes when not stated (wind from the N: a target to the S is downwind)", () => {
    const s = table([antelope({ hex: { q: 0, r: 0 } }), { ...dutchTarget(), hex: { q: 0, r: 2 } }], {
      wind: { direction: 0, strength: "strong" },
    });
    expect(run(s, { type: "fire", firer: "antelope", target: "target", range: "medium" }, [1]).outcome.firePoints).toBe(2);
    const up = table([antelope({ hex: { q: 0, r: 2 } }), { ...dutchTarget(), hex: { q: 0, r: 0 } }], {
      wind: { direction: 0, strength: "strong" },
    });
    expect(run(up, { type: "fire", firer: "antelope", target: "target", range: "medium" }, [1]).outcome.firePoints).toBe(4);
  });
  it("a ship with no fire points left cannot fire", () => {
    const s = table([shipOf("merchant", 10, 4, 0.5, { gunDeckSweptTurns: 1, damage: 2 }), target()]);
    expect(refused(s, { type: "fire", firer: "merchant", target: "target", range: "short" }).code).toBe("rules.illegal");
  });
});

describe("fire arcs (setting fireArcs)", () => {
  const at = (q: number, r: number, over: Record<string, unknown> = {}) => ({ hex: { q, r }, ...over });
  const arcs = (targetHex: { q: number; r: number }, targetHeading = 0) =>
    table(
      [
        { ...firer(4), ...at(0, 0, { heading: 0 }) },
        { ...target(), hex: targetHex, heading: targetHeading },
      ],
      { settings: { fireArcs: true } },
    );
  it("broadsides bear 60°–120° off the bow either side; ahead and astern do not", () => {
    expect(run(arcs({ q: 1, r: -1 }), { type: "fire", firer: "firer", target: "target", range: "short" }, [4]).outcome.hits).toBe(1); // NE, 60°
    expect(run(arcs({ q: 1, r: 0 }), { type: "fire", firer: "firer", target: "target", range: "short" }, [4]).outcome.hits).toBe(1); // SE, 120°
    expect(run(arcs({ q: -2, r: 1 }), { type: "fire", firer: "firer", target: "target", range: "medium" }, [4]).outcome.hits).toBe(1); // W, 270°
    expect(refused(arcs({ q: 0, r: -1 }), { type: "fire", firer: "firer", target: "target", range: "short" }).path).toBe("action.target"); // dead ahead
    expect(refused(arcs({ q: 0, r: 2 }), { type: "fire", firer: "firer", target: "target", range: "medium" }).path).toBe("action.target"); // astern
  });
  it("a stern rake needs the firer astern of the target", () => {
    // target at SE of the firer heading SE (2): the firer lies astern of her (NW)
    expect(
      run(arcs({ q: 1, r: 0 }, 2), { type: "fire", firer: "firer", target: "target", range: "short", sternRake: true }, [4]).outcome
        .modifiedRoll,
    ).toBe(1);
    expect(refused(arcs({ q: 1, r: 0 }, 5), { type: "fire", firer: "firer", target: "target", range: "short", sternRake: true }).path).toBe(
      "action.sternRake",
    );
  });
});

describe("no fire on her own side", () => {
  it('"Ships fire only into the indicated hexes, at Short, Medium or Long range" — at the enemy: a ship of her own side or herself is refused', () => {
    const s = table([antelope(), target(), { ...dutchTarget(), id: "dutch" }]);
    expect(refused(s, { type: "fire", firer: "antelope", target: "target", range: "medium" })).toMatchObject({
      code: "rules.illegal",
      path: "action.target",
    });
    expect(refused(s, { type: "fire", firer: "antelope", target: "antelope", range: "short" }).code).toBe("rules.illegal");
    expect(run(s, { type: "fire", firer: "antelope", target: "dutch", range: "medium" }, [4]).outcome.hits).toBeGreaterThanOrEqual(0);
  });
});

describe('"Ships fire at the end of their movement, may fire both broadsides…": each broadside once a move', () => {
  const at = (extra: { game?: unknown } = {}) => table([firer(4), target()], extra);
  const broadside = (b?: string) => ({ type: "fire", firer: "firer", target: "target", range: "medium", ...(b ? { broadside: b } : {}) });
  it("port, then starboard; the same broadside again or a third is refused with a sentence; the next move gives both back", () => {
    const first = run(at(), broadside("port"), [3]);
    expect(first.outcome.broadside).toBe("port");
    expect(shipIn(first.state, "firer")).toMatchObject({ broadsidesFired: ["port"], broadsidesMove: 1 });
    const again = refused(first.state, broadside("port"), [3]);
    expect(again).toMatchObject({ code: "rules.illegal", path: "action.broadside" });
    expect(again.message).toBe("Firer has fired her port broadside this move (each broadside once a move).");
    // with none named, the one not yet fired
    const second = run(first.state, broadside(), [3]);
    expect(second.outcome.broadside).toBe("starboard");
    const third = refused(second.state, broadside(), [3]);
    expect(third).toMatchObject({ code: "rules.illegal", path: "action.firer" });
    expect(third.message).toBe("Firer has fired both broadsides this move (each broadside once a move).");
    // the end of the move: the next move starts with both broadsides
    const nextMove = run(second.state, { type: "end-turn" });
    expect(run(nextMove.state, broadside(), [3]).outcome.broadside).toBe("port");
  });
  it("a log from an earlier move does not bind this one", () => {
    const s = table([{ ...firer(4), broadsidesFired: ["port", "starboard"], broadsidesMove: 1 }, target()], { game: { turn: 2 } });
    expect(run(s, broadside("starboard"), [3]).outcome.broadside).toBe("starboard");
  });
});

describe("which die made the result (the display's marks and the dice's lights)", () => {
  it("the die hits when the fire table gives a hit, and misses when its column gives none", () => {
    // row 5, medium range: columns 1–6 give 3 2 1 1 1 0
    expect(fire(5, { range: "medium" }, 1).marks).toEqual([["hit"]]);
    expect(fire(5, { range: "medium" }, 6).marks).toEqual([["miss"]]);
    expect(fire(5, worst, 6).marks).toEqual([["miss"]]);
  });
});
