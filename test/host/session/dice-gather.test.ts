import { describe, expect, it } from "vitest";
import { gather, type Roll, rollInstruction } from "../../../host/session/dice-gather.ts";
import { planValues } from "../../../host/session/resolve.ts";
import { entry } from "../../../src/dice/plan.ts";

const die = (dieId: string, face: number, colors: string[] = [], roles: string[] = [], dieKind = "d6"): Roll => ({
  from: { source: "die", dieId, family: "pixels", dieKind, face, at: 0 },
  colors,
  roles,
});

const quickfire = [entry("rof", "d6", 1, "rate of fire", "black"), entry("gunnery", "d6", 2, "gunnery", "white")];

describe("gathering dice", () => {
  it("places coloured dice by colour, whatever order they are rolled in", () => {
    const g = gather(quickfire, [die("w1", 3, ["white"]), die("b", 5, ["black"]), die("w2", 6, ["white"])]);
    expect(g.complete).toBe(true);
    expect(planValues(quickfire, g.placed)).toEqual([5, 3, 6]);
  });

  it("leaves out a die no entry may use: wrong colour, wrong role, or a kind the plan cannot read", () => {
    const g = gather(quickfire, [
      die("r", 4, ["red"]),
      die("plain", 4),
      die("w", 2, ["white"], ["attack"]),
      die("d8", 7, ["white"], [], "d8"),
    ]);
    expect(g.placed).toHaveLength(0);
    expect(g.unused).toHaveLength(4);
  });

  it("WS&IM's normal die is any die not of the plan's other colours; the red die only red (wsim v3 line 119)", () => {
    const wsim = [entry("fire", "d6", 1, "fire", "normal"), entry("critical", "d6", 1, "critical", "red")];
    const g = gather(wsim, [die("r", 4, ["red"]), die("w", 2, ["white"])]);
    expect(g.complete).toBe(true);
    expect(planValues(wsim, g.placed)).toEqual([2, 4]);
    const plain = gather(wsim, [die("p", 3), die("r1", 5, ["red"]), die("r2", 6, ["red"])]);
    expect(planValues(wsim, plain.placed)).toEqual([3, 5]);
    expect(plain.unused.map((r) => (r.from.source === "die" ? r.from.dieId : ""))).toEqual(["r2"]);
    expect(gather(wsim, [die("b", 5, ["black"])]).placed).toHaveLength(1);
  });

  it("reads a d6 face as an average die or a d3", () => {
    const plan = [entry("boarding", "dave", 1, "boarding"), entry("spread", "d3", 1, "fire")];
    const g = gather(plan, [die("a", 6), die("b", 6)]);
    expect(planValues(plan, g.placed)).toEqual([5, 3]);
  });

  it("says which dice to roll", () => {
    expect(rollInstruction(quickfire, [1, 2], 9)).toBe("roll the black and two white dice");
    expect(rollInstruction(quickfire, [0, 1], 9)).toBe("roll the white die");
    expect(rollInstruction([entry("attack", "d6", 14, "")], [14], 6)).toBe("14 dice — roll 6, then 6, then 2");
    expect(rollInstruction([entry("attack", "d6", 3, "")], [3], 9)).toBe("roll 3 dice");
    expect(rollInstruction([entry("boarding", "dave", 2, "")], [2], 9)).toBe("roll 2 average dice");
    expect(rollInstruction([entry("attack", "d6", 3, "")], [0], 9)).toBe("");
  });
});
