import { describe, expect, it } from "vitest";
import { outOfCommand, squadrons } from "../../../../src/rulesets/anglo-dutch-1666/command.ts";
import { act, antelope, odds, refused, rs, run, shipOf, table } from "./helpers.ts";

const red = (over: Record<string, unknown> = {}) => antelope({ flagship: true, ...over });
const maas = (over: Record<string, unknown> = {}) => shipOf("zeven", 80, 30, 7.5, { squadron: "maas", flagship: true, ...over });

describe("initiative (text: Initiative)", () => {
  it("one D6 a squadron, in squadron-name order", () => {
    const s = table([red(), maas()]);
    const p = rs.plan(s, act(s, { type: "initiative" }));
    expect(p.ok && p.value.map((e) => [e.die, e.count, e.purpose])).toEqual([
      ["d6", 1, "Initiative for squadron maas."],
      ["d6", 1, "Initiative for squadron red."],
    ]);
  });
  it("lowest moves first", () => {
    expect(run(table([red(), maas()]), { type: "initiative" }, [2, 5]).outcome.order).toEqual(["maas", "red"]);
    expect(run(table([red(), maas()]), { type: "initiative" }, [5, 2]).outcome.order).toEqual(["red", "maas"]);
  });
  it("the Dutch win draws and move second", () => {
    const t = run(table([red(), maas()]), { type: "initiative" }, [3, 3]);
    expect(t.outcome.order).toEqual(["red", "maas"]);
  });
  it("−1 for a killed flag officer or an unseen flagship (once)", () => {
    const killed = run(table([red({ flagOfficer: "killed" }), maas()]), { type: "initiative" }, [3, 3]);
    expect(killed.outcome.groups).toContainEqual(expect.objectContaining({ squadron: "red", initiative: 2, modifier: -1 }));
    const both = run(table([red({ flagOfficer: "killed" }), maas()]), { type: "initiative", flagshipUnseen: ["antelope"] }, [3, 3]);
    expect(both.outcome.groups).toContainEqual(expect.objectContaining({ squadron: "red", initiative: 2 }));
    const unseen = run(table([red(), maas()]), { type: "initiative", flagshipUnseen: ["zeven"] }, [3, 3]);
    expect(unseen.outcome.order).toEqual(["maas", "red"]);
  });
  it("scenario flag officers may raise or lower initiative", () => {
    const t = run(table([red({ flagOfficerInitiative: 2 }), maas()]), { type: "initiative" }, [4, 3]);
    expect(t.outcome.order).toEqual(["maas", "red"]);
  });
  it("ships beyond 4 hexes of the flagship, with no chain of adjacent ships, move at one lower initiative", () => {
    const ships = [
      red({ hex: { q: 0, r: 0 } }),
      shipOf("near", 40, 20, 3, { squadron: "red", side: "english", hex: { q: 0, r: 4 } }),
      shipOf("chained", 40, 20, 3, { squadron: "red", side: "english", hex: { q: 0, r: 5 } }),
      shipOf("stray", 40, 20, 3, { squadron: "red", side: "english", hex: { q: 5, r: 3 } }),
    ];
    const s = table(ships);
    expect(outOfCommand(squadrons(s)[0] as ReturnType<typeof squadrons>[number])).toEqual(["stray"]);
    const t = run(s, { type: "initiative" }, [4]);
    expect(t.outcome.groups).toEqual([
      expect.objectContaining({ squadron: "red", ships: ["stray"], initiative: 3, outOfCommand: true }),
      expect.objectContaining({ squadron: "red", ships: ["antelope", "near", "chained"], initiative: 4, outOfCommand: false }),
    ]);
    const named = run(table([red(), shipOf("lost", 40, 20, 3, { squadron: "red" })]), { type: "initiative", outOfCommand: ["lost"] }, [4]);
    expect(named.outcome.order).toEqual(["red (out of command)", "red"]);
  });
  it("fired fire ships always move first; other draws are marked", () => {
    const s = table([
      red(),
      shipOf("blue", 40, 20, 3, { squadron: "blue", flagship: true, nation: "english" }),
      shipOf("fs", 12, 4, 0.5, { fireship: true, fireshipLit: true, squadron: "red" }),
    ]);
    const t = run(s, { type: "initiative" }, [3, 3]);
    expect(t.outcome.order).toEqual(["fire ships", "blue = red"]);
    expect(t.outcome.groups).toContainEqual(expect.objectContaining({ squadron: "blue", tiedWith: ["red"] }));
  });
  it("unknown squadrons and ships are named", () => {
    expect(refused(table([red()]), { type: "initiative", flagshipUnseen: ["blue"] }).path).toBe("action.flagshipUnseen[0]");
    expect(refused(table([red()]), { type: "initiative", outOfCommand: ["x"] }).path).toBe("action.outOfCommand[0]");
  });
  it("exact odds: the English move first 21/36 against one Dutch squadron", () => {
    const o = odds(table([red(), maas()]), { type: "initiative" });
    expect(o.summary.movesFirst).toEqual({ red: expect.closeTo(21 / 36, 12), maas: expect.closeTo(15 / 36, 12) });
  });
  it("odds merge by move order and sum to 1; a draw of one nation is a draw; 16 squadrons are exact", () => {
    const o = odds(table([red(), maas(), shipOf("blue", 40, 20, 3, { squadron: "blue", flagship: true, nation: "english" })]), {
      type: "initiative",
    });
    expect(o.outcomes.reduce((t, x) => t + x.p, 0)).toBeCloseTo(1, 12);
    expect(o.outcomes.find((x) => (x.outcome.order as string[]).join() === "blue,red,maas")?.p).toBeGreaterThan(0);
    const two = odds(table([red(), shipOf("blue", 40, 20, 3, { squadron: "blue", flagship: true, nation: "english" })]), {
      type: "initiative",
    });
    expect(two.outcomes.find((x) => (x.outcome.order as string[]).join() === "blue = red")?.p).toBeCloseTo(1 / 6, 12);
    expect(two.summary.drawFirst).toBeCloseTo(1 / 6, 12);
    const sixteen = Array.from({ length: 16 }, (_, i) =>
      shipOf(`s${i}`, 40, 20, 3, { squadron: `q${String(i).padStart(2, "0")}`, flagship: true, nation: i % 2 ? "dutch" : "english" }),
    );
    const s = table(sixteen);
    const r = rs.odds(s, act(s, { type: "initiative" }));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.truncated).toBe(true);
    const first = r.value.summary.movesFirst as Record<string, number>;
    expect(Object.values(first).reduce((a, b) => a + b, 0) + (r.value.summary.drawFirst as number)).toBeCloseTo(1, 12);
    for (const x of r.value.outcomes) expect(x.p).toBeGreaterThan(0);
  });
});
