/**
 * "Ships are divided into “squadrons” … each with a flagship" and "Initiative is reduced by -1 if the flag officer is
 * killed, or if the flagship cannot be seen": a squadron with no flagship marked is said at set-up.
 */
import { describe, expect, it } from "vitest";
import { rs, shipOf, table } from "./helpers.ts";

describe("a 1666 squadron with no flagship marked (set-up warning)", () => {
  it("is said, in the text's words, with its ships; a squadron with one marked, and fire ships, are not", () => {
    const s = table([
      shipOf("a", 60, 20, 5, { squadron: "red" }),
      shipOf("b", 60, 20, 5, { squadron: "red" }),
      shipOf("c", 60, 20, 5, { squadron: "white", flagship: true }),
      shipOf("f", 10, 4, 1, { squadron: "white-fire", fireship: true }),
    ]);
    expect(rs.setupWarnings?.(s)).toEqual([
      {
        code: "setup.no-flagship",
        message:
          'The dutch squadron "red" has no flagship marked, so it rolls initiative at −1 every move ("Initiative is reduced ' +
          'by -1 … if the flagship cannot be seen"). Mark one of its ships as the flagship (A, B).',
        ships: ["a", "b"],
      },
    ]);
  });
  it("ships listed in no squadron are their side's squadron, one per side (never one squadron of both fleets)", () => {
    const s = table([shipOf("a", 60, 20, 5, { flagship: true }), shipOf("e", 60, 20, 5, { side: "english", nation: "english" })]);
    expect(s.ships.map((x) => x.squadron)).toEqual(["dutch", "english"]);
    expect(rs.setupWarnings?.(s).map((w) => w.message)).toEqual([
      'The english squadron has no flagship marked, so it rolls initiative at −1 every move ("Initiative is reduced by -1 … ' +
        'if the flagship cannot be seen"). Mark one of its ships as the flagship (E).',
    ]);
    // and the initiative rolls one die a side
    expect(rs.plan(s, { type: "initiative" })).toMatchObject({ ok: true, value: [{ count: 1 }, { count: 1 }] });
  });
});
