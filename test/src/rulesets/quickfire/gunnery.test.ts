import { describe, expect, it } from "vitest";
import { borodino, mikasa, odds, refused, run, shipIn, table } from "./helpers.ts";

const FIRE = { type: "gunnery", firer: "mikasa", target: "borodino", battery: "heavy", range: "long" } as const;

describe("quickfire gunnery — the text's Mikasa examples (3.0 Gunnery Example #1)", () => {
  const state = table([mikasa(), borodino()]);
  it("2,5,5: Mikasa fires (ROF 5) in the 100% column (10 vs 7) and misses on 10 > 7", () => {
    const t = run(state, FIRE, [2, 5, 5]);
    expect(t.outcome).toMatchObject({ fired: true, hit: null, blast: [], column: 100, hitNumber: 7, rof: 5 });
    expect(shipIn(t.state, "borodino").heavyRofLost).toBe(0);
  });
  it("4,1,3: a white total of 4 scores a G hit on Borodino", () => {
    const t = run(state, FIRE, [4, 1, 3]);
    expect(t.outcome).toMatchObject({ fired: true, hit: "G", blast: [] });
    expect(shipIn(t.state, "borodino").heavyRofLost).toBe(1);
  });
  it("6,2,1: the black 6 means no fire, so the odd total 3 scores no S", () => {
    const t = run(state, FIRE, [6, 2, 1]);
    expect(t.outcome).toMatchObject({ fired: false, hit: null, blast: [] });
    expect(shipIn(t.state, "borodino").speedLost).toBe(0);
  });
  it("every result carries the chart label", () => {
    expect(run(state, FIRE, [4, 1, 3]).outcome.chart).toBe("house default — not the official chart");
  });
});

describe("gun/armor columns and ROF", () => {
  it("a 98% differential counts in the 50% column", () => {
    const s = table([mikasa({ heavyGun: 4.9 }), borodino({ heavyArmor: 5 })]);
    expect(run(s, FIRE, [1, 3, 3]).outcome).toMatchObject({ column: 50, hitNumber: 5, hit: null });
  });
  it("fore/aft arcs halve the ROF, rounding down by default (5 → 2) or up by setting (→ 3)", () => {
    const down = table([mikasa(), borodino()]);
    expect(run(down, { ...FIRE, arc: "fore-aft" }, [3, 1, 1]).outcome.fired).toBe(false);
    expect(run(down, { ...FIRE, arc: "fore-aft" }, [2, 1, 1]).outcome.fired).toBe(true);
    const up = table([mikasa(), borodino()], { settings: { halfRofRounding: "up" } });
    expect(run(up, { ...FIRE, arc: "fore-aft" }, [3, 1, 1]).outcome.fired).toBe(true);
  });
  it("ROF lost to G hits lowers the number needed on the black die", () => {
    const s = table([mikasa({ heavyRofLost: 2 }), borodino()]);
    expect(run(s, FIRE, [4, 1, 1]).outcome.fired).toBe(false);
    expect(run(s, FIRE, [3, 1, 1]).outcome.fired).toBe(true);
  });
  it("a battery at ROF 0 cannot fire", () => {
    expect(refused(table([mikasa({ heavyRofLost: 5 }), borodino()]), FIRE).code).toBe("rules.illegal");
  });
  it("a distance picks the range band by the scale setting", () => {
    const s = table([mikasa(), borodino()]);
    expect(run(s, { ...FIRE, range: undefined, distance: 100 }, [1, 1, 1]).outcome.blast).toEqual(["E"]); // short line
    expect(run(s, { ...FIRE, range: undefined, distance: 700 }, [1, 1, 1]).outcome.blast).toEqual(["B"]); // long line
    expect(refused(s, { ...FIRE, range: undefined, distance: 1300 }).code).toBe("rules.out-of-range");
  });
});

describe("blast damage (3.0 Blast Damage Table, Blast Caps)", () => {
  const s = table([mikasa(), borodino()]);
  it("uses the three dice's total on the short line at short range (1,1,1 = 3 → E)", () => {
    const t = run(s, { ...FIRE, range: "short" }, [1, 1, 1]);
    expect(t.outcome).toMatchObject({ hit: "G", blast: ["E"] });
    expect(t.followUps).toEqual([
      expect.objectContaining({ kind: "roll", action: { type: "damage-roll", ship: "borodino", line: "explosion", chain: "split" } }),
    ]);
  });
  it("point blank uses the short line too", () => {
    expect(run(s, { ...FIRE, range: "point-blank" }, [1, 1, 1]).outcome.blast).toEqual(["E"]);
  });
  it("uses the long line at long range (1,1,2 = 4 → F, S hit on the odd white 3)", () => {
    const t = run(s, FIRE, [1, 1, 2]);
    expect(t.outcome).toMatchObject({ hit: "S", blast: ["F"] });
    expect(shipIn(t.state, "borodino")).toMatchObject({ speedLost: 1, fires: 1 });
  });
  it("no blast damage without a G or S hit", () => {
    expect(run(table([mikasa({ heavyGun: 1 }), borodino({ heavyArmor: 50 })]), FIRE, [1, 1, 2]).outcome).toMatchObject({
      hit: null,
      blast: [],
    });
  });
  it("a blast cap of 1 allows blast damage only on 1,1,1; cap 2 needs every die ≤ 2", () => {
    const cap1 = table([mikasa({ blastCap: 1 }), borodino()]);
    expect(run(cap1, { ...FIRE, range: "short" }, [1, 1, 1]).outcome.blast).toEqual(["E"]);
    expect(run(cap1, { ...FIRE, range: "short" }, [1, 1, 2]).outcome).toMatchObject({ hit: "S", blast: [] });
    const cap2 = table([mikasa({ blastCap: 2 }), borodino()]);
    expect(run(cap2, { ...FIRE, range: "short" }, [2, 1, 2]).outcome.blast).toEqual(["F"]);
    expect(run(cap2, { ...FIRE, range: "short" }, [3, 1, 1]).outcome.blast).toEqual([]);
  });
  it("blast caps do not limit light fire", () => {
    const capped = table([mikasa({ blastCap: 1 }), borodino()]);
    expect(run(capped, { ...FIRE, battery: "light", range: "short" }, [2, 1, 2]).outcome.blast).toEqual(["F"]);
  });
});

describe("targets (3.0 Gunnery Rating, 3.1)", () => {
  const torpedoBoat = { ...borodino(), id: "tb", name: "TB 201", size: 2, moved: 25 };
  const orel = { ...borodino(), id: "orel", name: "Orel" };
  it("no heavy fire at a size 1–2 vessel that moved 25mm (1 inch) or more; light fire is allowed", () => {
    const s = table([mikasa(), torpedoBoat]);
    expect(refused(s, { ...FIRE, target: "tb" })).toMatchObject({ code: "rules.illegal", path: "action.battery" });
    expect(run(s, { ...FIRE, target: "tb", battery: "light" }, [1, 1, 1]).outcome.fired).toBe(true);
    expect(run(table([mikasa(), { ...torpedoBoat, moved: 24 }]), { ...FIRE, target: "tb" }, [1, 1, 1]).outcome.fired).toBe(true);
    const inches = table([mikasa(), { ...torpedoBoat, moved: 1 }], { settings: { units: "imperial" } });
    expect(refused(inches, { ...FIRE, target: "tb", range: "short" }).code).toBe("rules.illegal");
  });
  it("at point blank both ratings fire at two different targets in one phase", () => {
    const s = table([mikasa(), borodino(), orel], { game: { phase: "first-gunnery" } });
    const a = run(s, { ...FIRE, range: "point-blank" }, [6, 6, 6]);
    const b = run(a.state, { ...FIRE, target: "orel", battery: "light", range: "point-blank" }, [6, 6, 6]);
    expect(b.state.game.shots).toHaveLength(2);
    expect(refused(b.state, { ...FIRE, target: "orel", range: "point-blank" }).code).toBe("rules.illegal");
  });
  it("at short and long range only one rating fires per phase", () => {
    const s = table([mikasa(), borodino(), orel], { game: { phase: "first-gunnery" } });
    const a = run(s, { ...FIRE, range: "short" }, [6, 6, 6]);
    expect(refused(a.state, { ...FIRE, battery: "light", range: "short" }).code).toBe("rules.illegal");
    expect(refused(a.state, { ...FIRE, target: "orel", battery: "light", range: "point-blank" }).code).toBe("rules.illegal");
  });
  it("with the phase not tracked nothing is recorded per phase (a bare request can resolve any shot)", () => {
    const s = table([mikasa(), borodino()]);
    const a = run(s, FIRE, [6, 6, 6]);
    expect(a.state.game.shots).toEqual([]);
    expect(run(a.state, FIRE, [6, 6, 6]).outcome.fired).toBe(false);
  });
  it("the next phase allows a new target", () => {
    const s = table([mikasa(), borodino(), orel], { game: { phase: "first-gunnery" } });
    const a = run(s, FIRE, [6, 6, 6]);
    const next = run(a.state, { type: "end-phase" }, []);
    expect(run(next.state, { ...FIRE, target: "orel" }, [6, 6, 6]).outcome.fired).toBe(false);
  });
  it("no fire at own side, at oneself, at a sunk ship, or outside the gunnery phases", () => {
    const friend = { ...mikasa(), id: "asahi", name: "Asahi" };
    expect(refused(table([mikasa(), friend]), { ...FIRE, target: "asahi" }).code).toBe("rules.illegal");
    expect(refused(table([mikasa(), borodino({ sunk: true })]), FIRE).code).toBe("rules.illegal");
    expect(refused(table([mikasa(), borodino()], { game: { phase: "movement" } }), FIRE).path).toBe("game.phase");
    expect(refused(table([mikasa(), borodino()]), { ...FIRE, firer: "nobody" }).code).toBe("ship.unknown");
  });
});

describe("quickfire effect (3.0): combined light fire of ships with light ROF 6", () => {
  const asahi = { ...mikasa(), id: "asahi", name: "Asahi" };
  const QF = { type: "quickfire-attack", firers: ["mikasa", "asahi"], target: "borodino", range: "short" } as const;
  it("combines light gunnery points against the target's light armor (6 + 6 vs 5 = 240% → 200% column)", () => {
    const s = table([mikasa(), asahi, borodino()], { game: { phase: "first-gunnery" } });
    const t = run(s, QF, [6, 4, 5]);
    expect(t.outcome).toMatchObject({ fired: true, hit: "S", column: 200, hitNumber: 9 });
    expect(t.state.game.shots.map((x) => x.firer)).toEqual(["mikasa", "asahi"]);
  });
  it("not at long range, not with a modified light ROF of 5 or lower", () => {
    const s = table([mikasa(), asahi, borodino()]);
    expect(refused(s, { ...QF, range: "long" }).code).toBe("rules.illegal");
    expect(refused(table([mikasa({ lightRofLost: 1 }), asahi, borodino()]), QF).path).toBe("action.firers[0]");
    expect(refused(s, { ...QF, arc: "fore-aft" }).code).toBe("rules.illegal");
  });
  it("no separate light fire after it, but point-blank heavy fire is still allowed", () => {
    const s = table([mikasa(), asahi, borodino()], { game: { phase: "first-gunnery" } });
    const t = run(s, { ...QF, range: "point-blank" }, [6, 6, 6]);
    expect(refused(t.state, { ...FIRE, battery: "light", range: "point-blank" }).code).toBe("rules.illegal");
    expect(run(t.state, { ...FIRE, range: "point-blank" }, [6, 6, 6]).outcome.fired).toBe(false);
  });
  it('"Making such an attack does not affect a vessel\'s ability to make individual point blank range heavy fire attacks in addition to the combined light fire attack": a short-range quickfire attack still allows point-blank heavy fire, in either order', () => {
    const s = table([mikasa(), asahi, borodino()], { game: { phase: "first-gunnery" } });
    const t = run(s, QF, [6, 6, 6]);
    expect(run(t.state, { ...FIRE, range: "point-blank" }, [1, 6, 6]).outcome.fired).toBe(true);
    expect(refused(t.state, { ...FIRE, range: "short" }).path).toBe("action.firer");
    const heavyFirst = run(s, { ...FIRE, range: "point-blank" }, [6, 6, 6]).state;
    expect(run(heavyFirst, QF, [1, 6, 6]).outcome.fired).toBe(true);
    const heavyShort = run(s, { ...FIRE, range: "short" }, [6, 6, 6]).state;
    expect(refused(heavyShort, QF).path).toBe("action.firers[0]");
  });
});

describe("damage of a gunnery phase takes effect at its end (1.4)", () => {
  it("a G hit in phase 2 is a slash: Borodino still fires with ROF 4, and with 3 in phase 3", () => {
    const s = table([mikasa(), borodino()], { game: { phase: "first-gunnery" } });
    const hit = run(s, FIRE, [4, 1, 3]);
    expect(shipIn(hit.state, "borodino")).toMatchObject({ heavyRofLost: 0, pending: { heavyRofLost: 1 } });
    const back = { type: "gunnery", firer: "borodino", target: "mikasa", battery: "heavy", range: "long" };
    expect(run(hit.state, back, [4, 6, 6]).outcome.fired).toBe(true);
    const phase3 = run(hit.state, { type: "end-phase" }, []).state;
    expect(shipIn(phase3, "borodino")).toMatchObject({ heavyRofLost: 1, pending: { heavyRofLost: 0 } });
    expect(run(phase3, back, [4, 6, 6]).outcome.fired).toBe(false);
  });
});

describe("exact gunnery odds", () => {
  const s = table([mikasa(), borodino()]);
  it("Mikasa at Borodino, long range: no fire 1/6, G 45/216, S 60/216, blast D 6/216", () => {
    const o = odds(s, FIRE);
    expect(o.summary.noFire).toBeCloseTo(1 / 6, 12);
    expect(o.summary.G).toBeCloseTo(45 / 216, 12);
    expect(o.summary.S).toBeCloseTo(60 / 216, 12);
    expect((o.summary.blast as Record<string, number>).D).toBeCloseTo(6 / 216, 12);
    expect(o.outcomes.reduce((a, x) => a + x.p, 0)).toBeCloseTo(1, 12);
    expect(o.summary.chart).toBe("house default — not the official chart");
  });
});
