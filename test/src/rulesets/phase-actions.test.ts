/**
 * Issue 11 item 4, "an action outside the phase is allowed with a visible note": every rule set says which of its
 * actions each phase plays (`phaseActions`), one list per phase, naming only its own action types.
 */
import { describe, expect, it } from "vitest";
import { RULE_SETS } from "../../../src/rulesets/index.ts";

describe("every rule set's phases list the actions they play", () => {
  for (const rs of RULE_SETS) {
    describe(rs.id, () => {
      const lists = rs.phaseActions ?? [];
      const types = new Set(rs.actions.map((a) => a.type));

      it("has one list per phase", () => {
        expect(rs.phaseActions).toBeDefined();
        expect(lists.length).toBe(rs.phases.length);
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
    });
  }

  it("Sole Bay plays a broadside in Broadsides / Boarding and the initiative in Initiative", async () => {
    const { soleBay1672 } = await import("../../../src/rulesets/sole-bay-1672/index.ts");
    const at = (type: string) => soleBay1672.phases.filter((_, i) => soleBay1672.phaseActions?.[i]?.includes(type));
    expect(at("broadside")).toEqual(["Broadsides / Boarding"]);
    expect(at("initiative")).toEqual(["Initiative"]);
    expect(at("movement")).toEqual(["Movement / Collisions"]);
  });

  it("Age of Sail maps its actions by the sequence's stages, the same for both players", async () => {
    const { ageOfSail } = await import("../../../src/rulesets/age-of-sail/index.ts");
    const at = (type: string) => ageOfSail.phases.filter((_, i) => ageOfSail.phaseActions?.[i]?.includes(type));
    expect(at("board")).toEqual(["player 1: combat", "player 2: combat"]);
    expect(at("refloat")).toEqual(["player 1: refloat", "player 2: refloat"]);
    expect(at("wind")).toEqual(["end of round: wind"]);
  });
});
