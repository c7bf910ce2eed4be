import { describe, expect, it } from "vitest";
import { ageOfSail } from "../../../../src/rulesets/age-of-sail/index.ts";

const state = (b: Record<string, unknown> = {}, c: Record<string, unknown> = {}) => {
  const s = ageOfSail.parseState({
    ships: [
      { id: "a", name: "Victory", side: "GB", class: "ship-of-the-line" },
      { id: "b", name: "Redoutable", side: "FR", class: "ship-of-the-line", ...b },
      { id: "c", name: "Neptune", side: "FR", class: "frigate", ...c },
    ],
  });
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
};

describe("age-of-sail victory: the Admiral inflicting the most damage on the opposing fleet", () => {
  it("names no winner before any damage", () => {
    expect(ageOfSail.victory?.(state())).toEqual({ winner: null, reason: expect.stringMatching(/^No damage inflicted yet/) });
  });

  it("counts the boxes marked off the opposing fleet's damage records", () => {
    const v = ageOfSail.victory?.(state({ hull: 1 }));
    expect(v).toEqual({ winner: "GB", reason: expect.stringMatching(/^GB inflicted the most damage \(GB 2, FR 0 boxes/) });
  });

  it("a ship sunk or captured counts as her whole record lost (a frigate: 3 masts, 2 + 2 gun decks, 3 hull units)", () => {
    const sunk = ageOfSail.victory?.(state({}, { sunk: true }));
    expect(sunk?.winner).toBe("GB");
    expect(sunk?.reason).toMatch(/GB 10, FR 0/);
  });

  it("level damage names no winner", () => {
    const s = state({ hull: 2 });
    const level = { ...s, ships: s.ships.map((x) => (x.id === "a" ? { ...x, hull: 2 } : x)) };
    expect(ageOfSail.victory?.(level)).toEqual({
      winner: null,
      reason: expect.stringMatching(/^Damage inflicted is level \(GB 1, FR 1\)/),
    });
  });
});
