/**
 * Properties of measuring: a rake agrees with points sampled along the target's bow and stern edges; ships within a
 * radius agree with the sampled gaps; whatever the positions, a value a person gives is kept and never reported as
 * measured, and every measured field is one the rule set declares.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRequest } from "../../../src/game/engine.ts";
import { baseOf, edge } from "../../../src/geometry/base.ts";
import { firingLine, lineCrossesEdge } from "../../../src/geometry/firing-line.ts";
import { cross, type Point, sub } from "../../../src/geometry/vec.ts";
import { soleBay1672 } from "../../../src/rulesets/sole-bay-1672/index.ts";

const pose = fc.record({
  x: fc.double({ min: 0, max: 800, noNaN: true }),
  y: fc.double({ min: 0, max: 800, noNaN: true }),
  heading: fc.double({ min: 0, max: 359.99, noNaN: true }),
});
const size = { width: 25, length: 60 };

describe("the firing line across an edge", () => {
  it("crosses it exactly when sampled points of the edge lie on both sides of the line", () => {
    fc.assert(
      fc.property(pose, pose, fc.constantFrom("bow" as const, "stern" as const, "port" as const), (a, b, name) => {
        const ray = firingLine(baseOf(a, size), "starboard");
        const target = baseOf(b, size);
        const c = lineCrossesEdge(ray, target, name);
        const [p, q] = edge(target, name);
        const sides = new Set<number>();
        for (let k = 0; k <= 400; k++) {
          const s: Point = { x: p.x + ((q.x - p.x) * k) / 400, y: p.y + ((q.y - p.y) * k) / 400 };
          sides.add(Math.sign(cross(ray.direction, sub(s, ray.origin))));
        }
        if (Math.abs(c.margin) > 0.2) expect(c.crosses).toBe(sides.has(1) && sides.has(-1));
        return true;
      }),
      { numRuns: 300 },
    );
  });
});

describe("measuring a Sole Bay broadside at random positions", () => {
  const ships = [
    { id: "a", name: "A", side: "english", rating: 3, speed: "medium", hull: "average" },
    { id: "b", name: "B", side: "dutch", rating: 3, speed: "medium", hull: "average" },
  ];
  it("keeps a range a person gives, and measures only what was left out", () => {
    fc.assert(
      fc.property(pose, pose, fc.option(fc.double({ min: 0, max: 12, noNaN: true }), { nil: undefined }), (a, b, given) => {
        const r = parseRequest(soleBay1672, {
          ships,
          action: { type: "broadside", firer: "a", target: "b", ...(given === undefined ? {} : { rangeInches: given }) },
          table: { ships: { a, b } },
        });
        if (!r.ok) {
          expect(["rules.illegal", "rules.out-of-range"]).toContain(r.error.code);
          return true;
        }
        const m = r.value.measurement;
        expect(m).toBeDefined();
        if (given !== undefined) {
          expect(r.value.action.rangeInches).toBe(given);
          expect(m?.measured).not.toHaveProperty("rangeInches");
        }
        for (const f of Object.keys(m?.measured ?? {})) expect(["broadside", "rangeInches", "rake"]).toContain(f);
        for (const bl of m?.borderline ?? []) expect(bl.sentence).toContain("check with a ruler");
        return true;
      }),
      { numRuns: 200 },
    );
  });
});
