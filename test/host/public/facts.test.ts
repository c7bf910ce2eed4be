import { describe, expect, it } from "vitest";
import { factLine, factsLine, factValue } from "../../../host/public/lib/facts.js";

describe("a result's typed facts, written by their kind", () => {
  it("writes counts with their noun, changes, targets, modifiers, entries with their meaning and rows per ship", () => {
    expect(factLine({ label: "Boxes marked", kind: "count", value: 3, unit: "boxes" })).toBe("Boxes marked 3 boxes");
    expect(factLine({ label: "Condition", kind: "change", value: { before: "Fresh", after: "Worn" } })).toBe("Condition Fresh → Worn");
    expect(factValue({ label: "Condition", kind: "change", value: { before: "Worn", after: "Worn" } })).toBe("Worn");
    expect(factValue({ label: "Needed", kind: "target", value: 4 })).toBe("4+");
    expect(factValue({ label: "Modifier", kind: "modifier", value: -1 })).toBe("−1");
    expect(factValue({ label: "Modifier", kind: "modifier", value: 2 })).toBe("+2");
    expect(factLine({ label: "First broadside", kind: "flag", value: true })).toBe("First broadside");
    expect(factValue({ label: "Critical hit", kind: "entry", value: { entry: "4R", meaning: "a broadside reduced" } })).toBe(
      "4R — a broadside reduced",
    );
    expect(
      factsLine([
        { label: "Hits", kind: "count", value: 2 },
        {
          label: "Damage",
          kind: "rows",
          value: [{ label: "Royal James", facts: [{ label: "Condition", kind: "word", value: "Worn" }] }],
        },
      ]),
    ).toBe("Hits 2 · Damage Royal James: Condition Worn");
  });
});
