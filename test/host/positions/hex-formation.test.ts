/**
 * The starting formation on a hex table (the 1666 and WS&IM demos play on 2″ hexes): every ship faces a hexside and
 * stands in a hex's centre, each line along the hexside nearest its heading turned toward the enemy, the other line's
 * ship abeam. Before, ships were placed at 90°/270°, which a flat-topped cloth reads as 120°/300°.
 */
import { describe, expect, it } from "vitest";
import { scenarioNames } from "../../../host/config/scenario.ts";
import { hexGridOf, lineHexside, type Placed, startingFormation, type TableLayout } from "../../../host/config/table-layout.ts";
import { hexAt, hexDistance, sideBearings } from "../../../src/geometry/hex.ts";
import { angleGap, bearingTo } from "../../../src/geometry/vec.ts";
import { demoSetup } from "../helpers.ts";

/** What must hold of a formation on a hex table: on the table, facing hexsides, in hexes' centres, enemies abeam. */
function checkOnHexes(f: readonly Placed[], layout: TableLayout, sideOf: (ship: string) => string): void {
  const grid = hexGridOf(layout);
  if (!grid) throw new Error("no hex grid");
  const hexsides = sideBearings(grid);
  for (const p of f) {
    expect(hexsides, `${p.ship} faces ${p.heading}°`).toContain(p.heading);
    // in a hex's centre (to the 0.1 mm the formation rounds to): as far from its edge as a point can be
    expect(hexAt(grid, p).margin, `${p.ship} in a hex's centre`).toBeCloseTo(grid.size / 2, 1);
    expect(p.x).toBeGreaterThan(0);
    expect(p.x).toBeLessThan(layout.width);
    expect(p.y).toBeGreaterThan(0);
    expect(p.y).toBeLessThan(layout.height);
  }
  // no two ships in one hex
  expect(new Set(f.map((p) => JSON.stringify(hexAt(grid, p).hex))).size).toBe(f.length);
  // each ship's nearest enemy lies on her beam (90° off her bow), four hexes off
  for (const p of f) {
    const enemies = f.filter((o) => sideOf(o.ship) !== sideOf(p.ship));
    const near = enemies.reduce((a, b) => (Math.hypot(b.x - p.x, b.y - p.y) < Math.hypot(a.x - p.x, a.y - p.y) ? b : a));
    expect(angleGap(bearingTo(p, near), p.heading), `${near.ship} off ${p.ship}'s bow`).toBeCloseTo(90, 1);
    expect(hexDistance(hexAt(grid, p).hex, hexAt(grid, near).hex)).toBe(4);
  }
}

describe("the starting formation on a hex table", () => {
  const hexScenarios = scenarioNames().filter((n) => demoSetup(n).table?.hexGrid);

  it("the bundled scenarios on a hex cloth are 1666 and WS&IM", () => {
    expect(hexScenarios.sort()).toEqual(["anglo-dutch-1666", "wsim-battle-v3"]);
  });

  it.each(hexScenarios)("%s: every demo ship faces a hexside, in a hex's centre, the enemy abeam", (name) => {
    const setup = demoSetup(name);
    const ships = setup.start.ships.map((s) => ({ id: String(s.id), side: String(s.side) }));
    const layout = setup.table as TableLayout;
    const f = startingFormation(ships, layout);
    expect(f.map((p) => p.ship).sort()).toEqual(ships.map((s) => s.id).sort());
    checkOnHexes(f, layout, (id) => ships.find((s) => s.id === id)?.side ?? "");
    // flat-topped: 90° is no hexside; of 60° and 120° the first side turns toward the enemy north of it
    const first = ships[0]?.side;
    expect(new Set(f.filter((p) => ships.find((s) => s.id === p.ship)?.side === first).map((p) => p.heading))).toEqual(new Set([60]));
    expect(new Set(f.filter((p) => ships.find((s) => s.id === p.ship)?.side !== first).map((p) => p.heading))).toEqual(new Set([240]));
  });

  it("twelve ships a side, a pointy-topped grid, and three sides still face hexsides in hexes' centres", () => {
    const ships = ["a", "b", "c"].flatMap((side) => Array.from({ length: 12 }, (_, k) => ({ id: `${side}${k}`, side })));
    for (const orientation of ["flat", "pointy"] as const) {
      const layout: TableLayout = { width: 1830, height: 1220, hexGrid: { size: 50.8, orientation } };
      const f = startingFormation(ships, layout);
      const grid = hexGridOf(layout);
      if (!grid) throw new Error("no grid");
      for (const p of f) {
        expect(sideBearings(grid)).toContain(p.heading);
        expect(hexAt(grid, p).margin).toBeCloseTo(grid.size / 2, 1);
        expect(p.x > 0 && p.x < layout.width && p.y > 0 && p.y < layout.height, `${p.ship} on the table (${orientation})`).toBe(true);
      }
      expect(new Set(f.map((p) => JSON.stringify(hexAt(grid, p).hex))).size).toBe(f.length);
      // two sides: the enemy abeam
      checkOnHexes(
        startingFormation(
          ships.filter((s) => s.side !== "c"),
          layout,
        ),
        layout,
        (id) => id.charAt(0),
      );
    }
  });

  it("a line's hexside: the nearest its heading, toward the enemy where two are as near; a ship the section places stays", () => {
    const flat = { size: 50.8, origin: { x: 0, y: 0 }, orientation: "flat" as const };
    const pointy = { ...flat, orientation: "pointy" as const };
    expect(lineHexside(flat, 90, 0)).toBe(60);
    expect(lineHexside(flat, 90, 180)).toBe(120);
    expect(lineHexside(flat, 270, 180)).toBe(240);
    expect(lineHexside(pointy, 90, 0)).toBe(90);
    const layout: TableLayout = { width: 1830, height: 1220, hexGrid: { size: 50.8 }, start: { x: { x: 10, y: 20, heading: 45 } } };
    expect(startingFormation([{ id: "x", side: "a" }], layout)).toEqual([{ ship: "x", x: 10, y: 20, heading: 45 }]);
  });
});
