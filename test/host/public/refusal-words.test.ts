import { describe, expect, it } from "vitest";
import { fieldOf, refusalWords, typedDice } from "../../../host/public/lib/refusal-words.js";

const fields = [
  { name: "target", label: "Target" },
  { name: "rangeInches", label: "Range (inches)" },
  { name: "rake", label: "Raking fire" },
];

describe("/control's refusals in the players' words", () => {
  it("finds the field a refusal names", () => {
    expect(fieldOf("action.rangeInches", fields)?.label).toBe("Range (inches)");
    expect(fieldOf("values.target", fields)?.name).toBe("target");
    expect(fieldOf("rake", fields)?.name).toBe("rake");
    expect(fieldOf("values[0]", fields)).toBeNull();
    expect(fieldOf(undefined, fields)).toBeNull();
  });

  it("writes the fields' labels for their keys and the schema's words plainly", () => {
    expect(refusalWords({ message: "action.rangeInches must be at least 0; got -5." }, fields)).toBe(
      "Range (inches) must be at least 0; got -5.",
    );
    expect(refusalWords({ message: 'action.rangeInches expected number; got "abc".' }, fields)).toBe(
      'Range (inches) must be a number; got "abc".',
    );
    expect(refusalWords({ message: "values[0] must be integer." }, fields)).toBe("Die 1 must be a whole number.");
    expect(refusalWords({ message: "rake expected boolean; got 3." }, fields)).toBe("Raking fire must be yes or no; got 3.");
    // a plain word that happens to be a key is left alone
    expect(refusalWords({ message: "Gouda cannot rake Eendracht from there." }, fields)).toBe("Gouda cannot rake Eendracht from there.");
  });

  it("checks typed dice before they are sent", () => {
    expect(typedDice("4 6, 1", 3)).toEqual({ values: [4, 6, 1] });
    expect(typedDice("4.5", 3)).toEqual({ error: "“4.5” is not a die's face: type whole numbers, like 4 6 1." });
    expect(typedDice("4 5", 1)).toEqual({ error: "Only 1 more die is needed, and 2 numbers were typed." });
    expect(typedDice("4 5 6", 2)).toEqual({ error: "Only 2 more dice are needed, and 3 numbers were typed." });
    expect(typedDice("  ", 2)).toEqual({ error: "Type the numbers the dice show, like 4 6 1." });
    expect(typedDice("4", null)).toEqual({ error: "No dice are needed now: set up an action first." });
  });
});
