import { describe, expect, it } from "vitest";
import { readFace } from "../../../src/dice/kinds.ts";
import { diceByRole, entry, splitDice } from "../../../src/dice/plan.ts";

const plan = [entry("rof", "d6", 1, "rate of fire", "black"), entry("gunnery", "d6", 2, "gunnery", "white")];

describe("dice plans", () => {
  it("splits dice by entry and role", () => {
    const r = splitDice(plan, [3, 4, 5]);
    expect(r).toEqual({ ok: true, value: [[3], [4, 5]] });
    if (r.ok) expect(diceByRole(plan, r.value)).toEqual({ rof: [3], gunnery: [4, 5] });
  });
  it("wrong count is dice.count at path dice", () => {
    const r = splitDice(plan, [3, 4]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: "dice.count", path: "dice" });
  });
  it("a value out of range is dice.value at its index", () => {
    const r = splitDice([entry("x", "dave", 2, "boarding")], [3, 6]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: "dice.value", path: "dice[1]" });
    const s = splitDice([entry("x", "d6", 1, "p")], [2.5]);
    if (!s.ok) expect(s.error.code).toBe("dice.value");
  });
  it("reads physical faces as the plan's kind", () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => readFace("d6", f, "dave"))).toEqual([2, 3, 3, 4, 4, 5]);
    expect([1, 2, 3, 4, 5, 6].map((f) => readFace("d6", f, "d3"))).toEqual([1, 1, 2, 2, 3, 3]);
    expect(readFace("d6", 5, "d8")).toBeNull();
    expect(readFace("d8", 7, "d8")).toBe(7);
    expect(readFace("d8", 7, "d6")).toBeNull();
  });
});
