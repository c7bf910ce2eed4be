/**
 * The geometry against the texts' sentences, before any rule set: WS&IM's two-hex counters and rake zones ("a hex
 * which is completely within the area defined by the 60 degree arc of the spines of the hex towards which the bow
 * or stern is pointing") on flat and pointy grids; Age of Sail's 16-point turning circle and points of sail
 * ("+45° … close hauled", "+45° to 135° … beam reached to broad reached", "+180° … running").
 */
import { describe, expect, it } from "vitest";
import { baseOf } from "../../../src/geometry/base.ts";
import { type HexGrid, hexAt, hexCenter, inRakeZone, shipHexes } from "../../../src/geometry/hex.ts";
import { angleOffWind, compassPoint, pointOfSail } from "../../../src/geometry/wind.ts";

const grids: HexGrid[] = [
  { size: 25.4, origin: { x: 0, y: 0 }, orientation: "flat" },
  { size: 25.4, origin: { x: 0, y: 0 }, orientation: "pointy" },
];

describe("hex grids, flat and pointy", () => {
  for (const g of grids) {
    // the bearing from a hex straight through a hexside: north (flat) or 30° (pointy)
    const side = g.orientation === "flat" ? 0 : 30;
    const rad = (side * Math.PI) / 180;
    const step = (k: number) => hexAt(g, { x: Math.sin(rad) * g.size * k, y: Math.cos(rad) * g.size * k }).hex;

    it(`${g.orientation}: hexes a whole hex apart along a hexside's normal are one step apart, and the centres match`, () => {
      for (let k = 0; k < 6; k++) {
        const h = step(k);
        const c = hexCenter(g, h);
        expect(Math.hypot(c.x, c.y)).toBeCloseTo(g.size * k, 6);
      }
    });

    it(`${g.orientation}: a 50 mm base centred on a hexside has its bow and stern in the two hexes either side`, () => {
      const b = baseOf({ x: (Math.sin(rad) * g.size) / 2, y: (Math.cos(rad) * g.size) / 2, heading: side }, { width: 20, length: 50 });
      const { bow, stern } = shipHexes(g, b);
      expect(stern).toEqual(step(0));
      expect(bow).toEqual(step(1));
    });

    it(`${g.orientation}: the rake zone ahead holds the hexes straight ahead, and not those beside them`, () => {
      const end = step(0);
      for (let k = 1; k <= 5; k++) expect(inRakeZone(g, end, side, step(k)).inside, `${k} ahead`).toBe(true);
      // one hex off the line, two hexes out, leaves the 60° arc
      const beside = hexAt(g, {
        x: Math.sin(rad + Math.PI / 2) * g.size + Math.sin(rad) * g.size,
        y: Math.cos(rad + Math.PI / 2) * g.size + Math.cos(rad) * g.size,
      }).hex;
      expect(inRakeZone(g, end, side, beside).inside).toBe(false);
      // astern is never in the zone ahead
      expect(inRakeZone(g, end, side, step(-2)).inside).toBe(false);
      // a heading 29° off the hexside still points at it; the margin says how close to the next one it is
      expect(inRakeZone(g, end, side + 29, step(3))).toEqual({ inside: true, margin: expect.closeTo(1, 6) });
    });
  }
});

describe("headings and points of sail", () => {
  it("the 16-point circle: 11.24° is N, 11.26° NNE, 348.8° N again, with the margin to the half-way line", () => {
    expect(compassPoint(11.24, 16).index).toBe(0);
    expect(compassPoint(11.26, 16).index).toBe(1);
    expect(compassPoint(348.8, 16).index).toBe(0);
    expect(compassPoint(90, 16)).toEqual({ index: 4, margin: 11.25 });
  });
  it("every band of angles off the wind, at and either side of its edges", () => {
    const bands = [
      { name: "close-hauled", upTo: 45 },
      { name: "reaching", upTo: 135 },
      { name: "running", upTo: 180 },
    ] as const;
    const at = (heading: number) => pointOfSail(angleOffWind(heading, 0), bands).band;
    expect([44, 45, 46, 134, 135, 136, 180, 226, 314, 316].map(at)).toEqual([
      "close-hauled",
      "close-hauled",
      "reaching",
      "reaching",
      "reaching",
      "running",
      "running",
      "reaching",
      "reaching",
      "close-hauled",
    ]);
  });
});
