/** The map's pure parts: which part of the table it shows, and where it writes each ship's name. */
import { describe, expect, it } from "vitest";
import { hexPath } from "../../../host/public/lib/map-hexes.js";
import { initials, placeLabels } from "../../../host/public/lib/map-labels.js";
import { viewWindow } from "../../../host/public/lib/map-window.js";

const overlap = (a: { x0: number; x1: number; y0: number; y1: number }, b: typeof a) =>
  a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

describe("the map's window", () => {
  const table = { width: 1830, height: 1220 };
  it("shows the fleet with a margin, in the map's shape, on the table", () => {
    const w = viewWindow([{ x0: 500, x1: 1300, y0: 500, y1: 720 }], table, 1.5);
    expect((w.x1 - w.x0) / (w.y1 - w.y0)).toBeCloseTo(1.5);
    expect(w.x0).toBeLessThanOrEqual(500 - 120);
    expect(w.x1).toBeGreaterThanOrEqual(1300 + 120);
    expect(w.x0).toBeGreaterThanOrEqual(0);
    expect(w.y0).toBeGreaterThanOrEqual(0);
    expect(w.y1).toBeLessThanOrEqual(table.height);
  });
  it("slides onto the table at its edge, and centres on it when it is larger", () => {
    const corner = viewWindow([{ x0: 0, x1: 100, y0: 0, y1: 100 }], table, 1);
    expect(corner.x0).toBe(0);
    expect(corner.y0).toBe(0);
    const tall = viewWindow([{ x0: 0, x1: 1830, y0: 0, y1: 1220 }], table, 0.5);
    expect(tall.x0).toBeCloseTo(-(tall.x1 - tall.x0 - 1830) / 2);
    expect(viewWindow([], table, 2)).toEqual({ x0: 0, y0: 0, x1: 1830, y1: 1220 });
  });
});

describe("the ships' names on the map", () => {
  it("shortens a name to its initials", () => {
    expect(initials("De Zeven Provinciën")).toBe("DZP");
    expect(initials("Gouda")).toBe("Gou");
  });

  it("never overlaps two names, nor a name and another base or the wind's mark; names the action's ships whole", () => {
    // 24 ships in two lines, 60 px apart at 20 px names: not all fit whole
    const unit = 2.5; // mm per px
    const ships = Array.from({ length: 24 }, (_, i) => ({
      id: `s${i}`,
      name: ["Royal Prince", "St Michael", "De Zeven Provinciën", "Gouda"][i % 4] ?? "",
      sx: 150 + (i % 12) * 150,
      sy: i < 12 ? 500 : 700,
      r: 40,
    }));
    const wind = { x0: 1700, x1: 1830, y0: 0, y1: 130 };
    const labels = placeLabels(ships, {
      unit,
      fontPx: 20,
      bounds: { x0: 0, y0: 0, x1: 1830, y1: 1220 },
      first: ["s5", "s17"],
      obstacles: [wind],
    });
    const boxOf = (l: (typeof labels)[number]) => {
      const w = l.text.length * 20 * 0.74 * unit;
      const x0 = l.anchor === "middle" ? l.x - w / 2 : l.anchor === "start" ? l.x : l.x - w;
      return { x0, x1: x0 + w, y0: l.y - 20 * unit * 0.95, y1: l.y + 20 * unit * 0.25 };
    };
    expect(labels.find((l) => l.id === "s5")?.text).toBe("St Michael");
    expect(labels.find((l) => l.id === "s17")?.text).toBe("St Michael");
    // a name with no room even as initials is left off (the fleet lists every ship): few are
    expect(labels.length).toBeGreaterThanOrEqual(20);
    for (const [i, a] of labels.entries()) {
      expect(overlap(boxOf(a), wind)).toBe(false);
      for (const b of labels.slice(i + 1)) expect(overlap(boxOf(a), boxOf(b)), `${a.id} and ${b.id}`).toBe(false);
      for (const s of ships)
        if (s.id !== a.id) expect(overlap(boxOf(a), { x0: s.sx - 20, x1: s.sx + 20, y0: s.sy - 20, y1: s.sy + 20 })).toBe(false);
    }
  });
});

describe("the ships' names kept apart", () => {
  it("two names side by side keep half a letter apart, so they never read as one word; a leader runs from its ship", () => {
    // six ships 40 px apart in a line, 20 px names measured at 12 px a letter: whole names cannot sit in one row
    const unit = 1;
    const ships = ["Henry", "Cambridge", "Gouda", "Stavoren", "Edgar", "Dolfijn"].map((name, i) => ({
      id: name,
      name,
      sx: 100 + i * 60,
      sy: 300,
      r: 20,
    }));
    const measure = (t: string) => t.length * 12;
    const labels = placeLabels(ships, { unit, fontPx: 20, bounds: { x0: 0, y0: 0, x1: 600, y1: 600 }, measure });
    expect(labels).toHaveLength(6);
    for (const [i, a] of labels.entries())
      for (const b of labels.slice(i + 1)) {
        const sameRow = a.box.y0 < b.box.y1 && b.box.y0 < a.box.y1;
        if (sameRow)
          expect(Math.max(a.box.x0, b.box.x0) - Math.min(a.box.x1, b.box.x1), `${a.text} and ${b.text}`).toBeGreaterThanOrEqual(10);
      }
    const out = labels.filter((l) => l.leader);
    for (const l of out) expect(l.leader?.x1).toBe(ships.find((s) => s.id === l.id)?.sx);
  });
});

describe("the map's hex grid", () => {
  it("outlines the hexes the window shows, each closed, about as many as the area holds", () => {
    for (const orientation of ["flat", "pointy"] as const) {
      const grid = { size: 50.8, origin: { x: 0, y: 0 }, orientation };
      const path = hexPath(grid, { x0: 0, y0: 0, x1: 508, y1: 508 }, 1220);
      const hexes = path.split("Z").filter(Boolean);
      // a hex of 50.8 mm across the flats covers 2235 mm²: a 508 mm square holds about 115, the path a ring more
      expect(hexes.length).toBeGreaterThan(115);
      expect(hexes.length).toBeLessThan(260);
      for (const h of hexes) expect(h.split("L")).toHaveLength(6);
    }
  });

  it("an action's ship at the map's edge keeps her whole name inside the map and clear of the wind's mark", () => {
    const unit = 1;
    const measure = (text: string) => text.length * 11;
    // two lines of ships across a 600-wide map; the target is next to the right edge, under the wind's mark
    const ships = [
      ...Array.from({ length: 6 }, (_, i) => ({ id: `d${i}`, name: `Dutch ship ${i}`, sx: 60 + i * 95, sy: 120, r: 12 })),
      ...Array.from({ length: 6 }, (_, i) => ({ id: `e${i}`, name: `English ${i}`, sx: 60 + i * 95, sy: 200, r: 12 })),
    ];
    ships[5] = { id: "target", name: "De Zeven Provinciën", sx: 555, sy: 120, r: 12 };
    const bounds = { x0: 0, y0: 0, x1: 600, y1: 320 };
    const wind = { x0: 480, x1: 600, y0: 0, y1: 100 };
    const labels = placeLabels(ships, { unit, fontPx: 20, bounds, first: ["target", "e5"], obstacles: [wind], measure });
    const target = labels.find((l) => l.id === "target");
    expect(target?.text).toBe("De Zeven Provinciën");
    const box = target?.box ?? { x0: -1, x1: -1, y0: -1, y1: -1 };
    expect(box.x0).toBeGreaterThanOrEqual(bounds.x0);
    expect(box.x1).toBeLessThanOrEqual(bounds.x1);
    expect(box.y0).toBeGreaterThanOrEqual(bounds.y0);
    expect(overlap(box, wind)).toBe(false);
  });
});
