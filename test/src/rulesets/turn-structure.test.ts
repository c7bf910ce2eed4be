/**
 * Every rule set declares its turn once (`RuleSet.turn`, issue 24 item 1): its phases with the actions each plays
 * (issue 11 item 4: an action outside its phase is allowed with a note), the roll a phase opens with, the action ships
 * tapped set up in it (issue 24 item 3), what ends a phase and what ends the turn — naming only its own action types.
 */
import { describe, expect, it } from "vitest";
import { RULE_SETS } from "../../../src/rulesets/index.ts";

describe("every rule set's turn, declared once", () => {
  for (const rs of RULE_SETS) {
    describe(rs.id, () => {
      const lists = rs.turn.phases.map((p) => p.actions);
      const types = new Set(rs.actions.map((a) => a.type));
      const def = (type: string | undefined) => rs.actions.find((a) => a.type === type);

      it("names its phases from the turn", () => {
        expect(rs.phases).toEqual(rs.turn.phases.map((p) => p.name));
      });

      it("names only its own action types, each once a phase", () => {
        for (const [i, list] of lists.entries()) {
          expect(
            list.filter((t) => !types.has(t)),
            `phase ${i} (${rs.phases[i]})`,
          ).toEqual([]);
          expect(new Set(list).size, `phase ${i} (${rs.phases[i]}) repeats a type`).toBe(list.length);
        }
      });

      it("leaves set-up out: setting the wind belongs to no phase", () => {
        expect(lists.flat()).not.toContain("set-wind");
      });

      it("ties most of the table's actions to a phase", () => {
        expect(new Set(lists.flat()).size).toBeGreaterThan(types.size / 3);
      });

      it("opens, taps and ends with actions it has; a tap action has a ship to tap; an opening has none", () => {
        for (const p of rs.turn.phases) {
          if (p.opens)
            expect(
              def(p.opens)?.fields.filter((f) => f.type === "ship"),
              `${p.name} opens`,
            ).toEqual([]);
          if (p.taps)
            expect(
              def(p.taps)?.fields.some((f) => f.type === "ship"),
              `${p.name} taps`,
            ).toBe(true);
          if (p.ends) expect(types.has(p.ends.action), `${p.name} ends`).toBe(true);
        }
        if (rs.turn.ends) expect(types.has(rs.turn.ends.action)).toBe(true);
      });

      it("a rule set whose state counts turns says what ends the turn", () => {
        if (rs.turnOf) expect(rs.turn.ends ?? rs.turn.phases.at(-1)?.ends).toBeDefined();
      });
    });
  }

  it("Sole Bay plays a broadside in Broadsides / Boarding and the initiative in Initiative", async () => {
    const { soleBay1672 } = await import("../../../src/rulesets/sole-bay-1672/index.ts");
    const at = (type: string) => soleBay1672.turn.phases.filter((p) => p.actions.includes(type)).map((p) => p.name);
    expect(at("broadside")).toEqual(["Broadsides / Boarding"]);
    expect(at("initiative")).toEqual(["Initiative"]);
    expect(at("movement")).toEqual(["Movement / Collisions"]);
  });

  it("Age of Sail maps its actions by the sequence's stages, the same for both players", async () => {
    const { ageOfSail } = await import("../../../src/rulesets/age-of-sail/index.ts");
    const at = (type: string) => ageOfSail.turn.phases.filter((p) => p.actions.includes(type)).map((p) => p.name);
    expect(at("board")).toEqual(["player 1: combat", "player 2: combat"]);
    expect(at("refloat")).toEqual(["player 1: refloat", "player 2: refloat"]);
    expect(at("wind")).toEqual(["end of round: wind"]);
  });
});
