import { describe, expect, it } from "vitest";
import { quickfire } from "../../../../src/rulesets/quickfire/index.ts";
import { act, borodino, mikasa, run, table } from "./helpers.ts";

describe("quickfire views", () => {
  it("has no wind", () => expect(quickfire.windView(table([mikasa()]))).toBeNull());
  it("draws the log: speed boxes, ROF, torpedo and repair tracks; fires and direction hits as status", () => {
    const s = table([borodino({ speedLost: 2, heavyRofLost: 1, fires: 1, directionHits: [5], torpedoSpent: true })]);
    const [v] = quickfire.shipViews(s);
    expect(v?.tracks).toEqual([
      { label: "Speed 55/48/41/34/27/21/14/7", boxes: 8, marked: 2 },
      { label: "Heavy ROF", boxes: 4, marked: 1 },
      { label: "Light ROF", boxes: 5, marked: 0 },
      { label: "Torpedo", boxes: 2, marked: 2 },
      { label: "Repair points", boxes: 6, marked: 0 },
    ]);
    expect(v?.status).toEqual(["on fire (1 fire)", "torpedoes spent", "direction hit: 90° right"]);
    expect(v?.facts).toContainEqual({ label: "Chart", value: "house default — not the official chart" });
    expect(v?.facts).toContainEqual({ label: "Available speed", value: "41" });
  });
  it("shows slashes of the phase as marked, with a note", () => {
    const s = table([mikasa(), borodino()], { game: { phase: "first-gunnery" } });
    const t = run(s, { type: "gunnery", firer: "mikasa", target: "borodino", battery: "heavy", range: "long" }, [4, 1, 3]);
    const v = quickfire.shipViews(t.state).find((x) => x.id === "borodino");
    expect(v?.tracks[1]).toMatchObject({ marked: 1 });
    expect(v?.status).toContain("1 hit takes effect at the end of the phase");
  });
  it("describes a result in one sentence naming the chart", () => {
    const s = table([mikasa(), borodino()]);
    const raw = { type: "gunnery", firer: "mikasa", target: "borodino", battery: "heavy", range: "long" };
    const t = run(s, raw, [4, 1, 3]);
    expect(quickfire.describe(s, act(s, raw), t.outcome)).toBe(
      "Mikasa's heavy fire scored a G hit on Borodino (chart: house default — not the official chart).",
    );
  });
  it("every action has a form; ship fields come first, firer before target", () => {
    for (const a of quickfire.actions) {
      const kinds = a.fields.map((f) => f.type);
      const firstOther = kinds.findIndex((k) => k !== "ship" && k !== "ships");
      const lastShip = Math.max(kinds.lastIndexOf("ship"), kinds.lastIndexOf("ships"));
      if (lastShip >= 0 && firstOther >= 0) expect(lastShip).toBeLessThan(firstOther);
    }
    expect(
      quickfire.actions
        .find((a) => a.type === "gunnery")
        ?.fields.slice(0, 2)
        .map((f) => f.name),
    ).toEqual(["firer", "target"]);
    expect(quickfire.phases).toEqual(["Movement", "First gunnery", "Second gunnery and torpedoes", "Repair: fires, repairs, sinking"]);
  });
});
