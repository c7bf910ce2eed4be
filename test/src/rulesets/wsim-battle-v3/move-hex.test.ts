/**
 * WS&IM's two-hex ships on the grid (move-hex.ts, issue 43): any plot walked by hand is read back as a plot that gets
 * her there with no more MP and no broken rule it did not break, on flat and pointy grids; the reach holds where every
 * legal plot within her MP ends, and not a hex beyond her MP.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hexAt, hexCenter } from "../../../../src/geometry/hex.ts";
import {
  afterOrder,
  hexPoseOf,
  type Order,
  plotBetween,
  poseOnGrid,
  sternOf,
  walkPlot,
} from "../../../../src/rulesets/wsim-battle-v3/move-hex.ts";
import { reachOutline } from "../../../../src/rulesets/wsim-battle-v3/move-hex-reach.ts";

const FLAT = { size: 25.4, origin: { x: 300, y: 300 }, orientation: "flat" as const };
const POINTY = { ...FLAT, orientation: "pointy" as const };
const START = { bow: { q: 0, r: 0 }, facing: 0 };

/** Whether a point lies inside a polygon (even-odd rule). */
function inside(poly: ReadonlyArray<readonly [number, number]>, x: number, y: number): boolean {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i] as readonly [number, number];
    const [xj, yj] = poly[j] as readonly [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}

describe("WS&IM hex moves", () => {
  it("a forward move takes bow and stern a hex ahead; a turn pivots her on her bow hex, her stern moving", () => {
    const ahead = afterOrder(START, "F");
    expect(ahead).toEqual({ bow: { q: 0, r: 1 }, facing: 0 });
    const turned = afterOrder(START, "R");
    expect(turned.bow).toEqual(START.bow);
    expect(sternOf(START)).toEqual({ q: 0, r: -1 });
    expect(sternOf(turned)).toEqual({ q: -1, r: 0 });
  });

  it("her pose on the grid reads back as the same bow hex and hexside (flat and pointy)", () => {
    for (const g of [FLAT, POINTY])
      for (let f = 0; f < 6; f++) {
        const p = { bow: { q: 2, r: -1 }, facing: f };
        const pose = poseOnGrid(g, p);
        expect(hexPoseOf(g, pose, 50)).toEqual(p);
        expect(hexAt(g, pose).margin).toBeLessThan(1); // her centre on the hexside between her two hexes
      }
  });

  it('a T counts as a turn for IV.1: "LT1L" keeps the rule, "L1TL" turns straight after the T (IV.2)', () => {
    expect(walkPlot(START, ["L", "T", "F", "L"]).early).toBe(0);
    expect(walkPlot(START, ["L", "F", "T", "L"]).early).toBe(1);
    // the text's extreme case: 7 MP, turning allowance 3
    expect(walkPlot(START, ["L", "T", "F", "L", "T", "F", "L"])).toMatchObject({ early: 0, turns: 3, ts: 2 });
  });

  it("any plot walked is read back with no more MP, turns or early turns than it has (at most one early turn)", () => {
    const order = fc.constantFrom<Order>("F", "F", "L", "R", "T", "B");
    fc.assert(
      fc.property(fc.array(order, { maxLength: 7 }), fc.boolean(), fc.integer({ min: 0, max: 5 }), (orders, owes, facing) => {
        const from = { bow: { q: 1, r: 2 }, facing };
        const legalTs = orders.filter((o, i) => o !== "T" || orders.slice(0, i).some((x) => x === "L" || x === "R"));
        const walked = walkPlot(from, legalTs, owes);
        const end = walked.poses.at(-1) as (typeof walked.poses)[number];
        const found = plotBetween(from, end, owes, walked.turns, legalTs.length);
        expect(found).not.toBeNull();
        const got = found as NonNullable<typeof found>;
        expect(got.poses.at(-1)).toEqual(end);
        // plots breaking IV.1 twice are not looked for: another plot is found, perhaps longer
        if (walked.early <= 1) expect(got.orders.length).toBeLessThanOrEqual(legalTs.length);
        if (walked.early === 0) expect(got.early).toBe(0);
        if (walked.early === 0) expect(got.turns).toBeLessThanOrEqual(walked.turns);
      }),
      { numRuns: 300 },
    );
  });

  it("the reach holds the hexes every legal plot within her MP ends in, and not a hex beyond it", () => {
    const reach = reachOutline(FLAT, START, false, 3, 1);
    for (const plot of [["F", "F", "F"], ["F", "R", "F"], ["L", "T", "F"], ["R"]] as Order[][]) {
      const end = walkPlot(START, plot).poses.at(-1) as typeof START;
      for (const h of [end.bow, sternOf(end)]) {
        const c = hexCenter(FLAT, h);
        expect(inside(reach, c.x, c.y), `${plot.join("")}`).toBe(true);
      }
    }
    const beyond = hexCenter(FLAT, { q: 0, r: 4 });
    expect(inside(reach, beyond.x, beyond.y)).toBe(false);
  });
});
