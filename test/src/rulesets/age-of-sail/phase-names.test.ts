import { describe, expect, it } from "vitest";
import { ageOfSail } from "../../../../src/rulesets/age-of-sail/index.ts";
import { mustResolve } from "../request-helpers.ts";

const ships = [
  { id: "victory", name: "Victory", side: "GB", class: "ship-of-the-line", heading: "S" },
  { id: "redoutable", name: "Redoutable", side: "FR", class: "ship-of-the-line", heading: "N" },
];

describe("Age of Sail phases as players read them", () => {
  it("say 'first side' and 'second side' until the dice say who moves first, then the sides' names (the text's player sequence)", () => {
    const p = ageOfSail.parseState({ ships, wind: { direction: "S", speed: 4 } });
    if (!p.ok) throw new Error(p.error.message);
    expect(ageOfSail.phaseNames?.(p.value)[0]).toBe("first side: fire removal");
    const t = mustResolve(ageOfSail, {
      ships,
      wind: { direction: "S", speed: 4 },
      action: { type: "initiative", sideA: "FR", sideB: "GB" },
      dice: [6, 2],
    });
    const names = ageOfSail.phaseNames?.(t.state) ?? [];
    expect(names[0]).toBe("FR: fire removal");
    expect(names[6]).toBe("GB: fire removal");
    expect(names.at(-1)).toBe("end of round: wind");
    expect(names).toHaveLength(ageOfSail.phases.length);
  });
});
