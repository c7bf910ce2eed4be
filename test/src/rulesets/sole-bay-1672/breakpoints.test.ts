import { describe, expect, it } from "vitest";
import { soleBay1672 } from "../../../../src/rulesets/sole-bay-1672/index.ts";

const ship = (id: string, side: string, squadron: string, more: Record<string, unknown> = {}) => ({
  id,
  name: id,
  side,
  squadron,
  rating: 2,
  speed: "medium",
  hull: "stout",
  ...more,
});

describe("sole-bay-1672 squadron breakpoints", () => {
  const parsed = soleBay1672.parseState({
    ships: [
      ship("a", "English", "Red", { damage: 20 }),
      ship("b", "English", "Red"),
      ship("c", "English", "Red"),
      ship("f", "English", "Red", { fireship: true, damage: 20 }),
      ship("d", "Dutch", "Zeeland"),
    ],
  });
  if (!parsed.ok) throw new Error(parsed.error.message);

  it("a squadron that lost a third of its ships (fireships ignored) has reached its breakpoint", () => {
    expect(soleBay1672.breakpoints?.(parsed.value)).toEqual([
      { side: "English", group: "Red", counted: 3, lost: 1, reached: true, broken: false },
      { side: "Dutch", group: "Zeeland", counted: 1, lost: 0, reached: false, broken: false },
    ]);
  });

  it("a squadron that failed its test is broken", () => {
    const after = soleBay1672.applyEvent(parsed.value, { type: "squadron-broken", squadron: "Red" });
    expect(soleBay1672.breakpoints?.(after)?.[0]).toMatchObject({ group: "Red", broken: true });
  });
});
