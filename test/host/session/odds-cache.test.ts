import { describe, expect, it } from "vitest";
import { OddsCache } from "../../../host/session/draft.ts";
import { parseRequest } from "../../../src/game/engine.ts";
import { soleBay1672 } from "../../../src/rulesets/sole-bay-1672/index.ts";

const ships = (damage: number) => [
  { id: "a", name: "A", side: "Allied", rating: 1, speed: "slow", hull: "stout" },
  { id: "b", name: "B", side: "Dutch", rating: 3, speed: "medium", hull: "average", damage },
];
const action = { type: "broadside", firer: "a", target: "b", rangeInches: 4 };

function stateWith(damage: number) {
  const r = parseRequest(soleBay1672, { ships: ships(damage), action });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
}

describe("the odds of the action being set up", () => {
  it("are computed once per rules state and action", () => {
    const cache = new OddsCache();
    const s = stateWith(0);
    expect(cache.get(soleBay1672, s, action)).toBe(cache.get(soleBay1672, s, action));
  });
  it("follow a new rules state even when as many actions are resolved as before (resolve, undo, resolve another)", () => {
    const cache = new OddsCache();
    const fresh = cache.get(soleBay1672, stateWith(0), action);
    const worn = cache.get(soleBay1672, stateWith(5), action);
    expect(fresh.ok && worn.ok).toBe(true);
    if (fresh.ok && worn.ok) expect(worn.value.odds.summary).not.toEqual(fresh.value.odds.summary);
  });
});
