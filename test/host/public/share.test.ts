import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shareEqual } from "../../../host/public/lib/share.js";

describe("structural sharing of pushed states", () => {
  it("keeps the previous object for every unchanged part, and new objects on the path to a change", () => {
    const prev = {
      version: 1,
      ships: [
        { id: "a", tracks: [{ marked: 1 }] },
        { id: "b", tracks: [{ marked: 0 }] },
      ],
      pending: { dice: [] },
    };
    const next = JSON.parse(JSON.stringify(prev));
    next.version = 2;
    next.ships[1].tracks[0].marked = 2;
    const out = shareEqual(prev, next);
    expect(out).toEqual(next);
    expect(out).not.toBe(prev);
    expect(out.ships[0]).toBe(prev.ships[0]);
    expect(out.pending).toBe(prev.pending);
    expect(out.ships[1]).not.toBe(prev.ships[1]);
    expect(out.ships).not.toBe(prev.ships);
  });

  it("returns the previous state itself when nothing changed; the new one when there was none", () => {
    const prev = { a: [1, { b: null }] };
    expect(shareEqual(prev, JSON.parse(JSON.stringify(prev)))).toBe(prev);
    const next = { a: 1 };
    expect(shareEqual(null, next)).toBe(next);
  });

  it("always equals the new state (any JSON)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(shareEqual(a, b)).toEqual(b);
        expect(shareEqual(a, JSON.parse(JSON.stringify(a)))).toEqual(a);
      }),
    );
  });
});
