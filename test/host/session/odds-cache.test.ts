import { describe, expect, it } from "vitest";
import { OddsCache } from "../../../host/session/draft.ts";
import { MeasuredKeep } from "../../../host/session/measured-draft.ts";
import type { Positions } from "../../../host/session/positions.ts";
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

describe("the draft's measurement from positions", () => {
  const seen = (at: number, holdsFor?: number): Positions => ({
    a: { x: 100, y: 100, heading: 0, uncertainty: 5, at, source: "camera", ...(holdsFor !== undefined ? { holdsFor } : {}) },
  });
  const measuring = () => {
    let made = 0;
    const measure =
      (asked: string | null = null) =>
      () => {
        made++;
        return { measure: { measured: { range: made }, figures: {}, overridden: {}, borderline: [], refusal: null, asked } };
      };
    return { measure, made: () => made };
  };

  it("is made once while the game, the draft and the positions are those it was made from (a die's reading changes none)", () => {
    const keep = new MeasuredKeep();
    const m = measuring();
    const positions = seen(1000);
    const first = keep.get(["state", "values", positions], positions, 1000, m.measure());
    expect(keep.get(["state", "values", positions], positions, 60_000, m.measure())).toBe(first);
    expect(m.made()).toBe(1);
    // a ship moved (new positions), or the draft's values changed: measured again
    const moved = seen(2000);
    keep.get(["state", "values", moved], moved, 2000, m.measure());
    keep.get(["state", "other values", moved], moved, 2000, m.measure());
    expect(m.made()).toBe(3);
  });

  it("is made again once a sighting it used no longer holds, and is not kept when it could not be made", () => {
    const keep = new MeasuredKeep();
    const m = measuring();
    const camera = seen(1000, 3000);
    keep.get(["s", camera], camera, 1000, m.measure());
    keep.get(["s", camera], camera, 4000, m.measure());
    expect(m.made()).toBe(1);
    keep.get(["s", camera], camera, 4001, m.measure("A's position was last seen 3 s ago"));
    keep.get(["s", camera], camera, 5001, m.measure("A's position was last seen 4 s ago"));
    expect(m.made()).toBe(3);
  });
});
