/** The map's pure parts: which part of the table it shows, and where it writes each ship's name. */
import { describe, expect, it } from "vitest";
import { hexPath } from "../../../host/public/lib/map-hexes.js";
import { coveredMarks, placeLabels, shortNames } from "../../../host/public/lib/map-labels.js";
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

/** The two fleets of the browser's 24-ship table. */
const FLEET = [
  ...["Royal Prince", "St Michael", "Edgar", "Royal James", "Henry", "Cambridge", "London", "Charles", "Victory", "Rainbow"],
  ...["Dreadnought", "Resolution", "De Zeven Provinciën", "Gouda", "Oliphant", "Dolfijn", "Groot Hollandia", "Stavoren"],
  ...["Eendracht", "Oranje", "Wapen van Utrecht", "Tholen", "Delft", "Maagd van Enkhuizen"],
];

describe("the ships' names on the map", () => {
  it("shortens a name to its first word, never less: more words where it is short or shared", () => {
    const names = ["De Zeven Provinciën", "Gouda", "Royal James", "Royal Prince", "Groot Hollandia", "St Michael", "Wapen van Utrecht"];
    const short = shortNames(names.map((name) => ({ id: name, name })));
    expect(names.map((n) => short.get(n))).toEqual(["De Zeven", "Gouda", "Royal James", "Royal Prince", "Groot", "St Michael", "Wapen"]);
  });

  it("never overlaps two names, nor a name and another base or the wind's mark; names the action's ships whole", () => {
    // 24 ships in two lines, 60 px apart at 20 px names: not all fit whole
    const unit = 2.5; // mm per px
    const ships = Array.from({ length: 24 }, (_, i) => ({
      id: `s${i}`,
      name: FLEET[i] ?? "",
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
    expect(labels.find((l) => l.id === "s5")?.text).toBe("Cambridge");
    expect(labels.find((l) => l.id === "s17")?.text).toBe("Stavoren");
    // a name with no room even as its first word is left off (listed under the map): two lines 60 px apart leave
    // room for two thirds of them
    expect(labels.length).toBeGreaterThanOrEqual(16);
    for (const [i, a] of labels.entries()) {
      expect(overlap(boxOf(a), wind)).toBe(false);
      for (const b of labels.slice(i + 1)) expect(overlap(boxOf(a), boxOf(b)), `${a.id} and ${b.id}`).toBe(false);
      // no name covers a base, its own ship's included (the base's whole reach: r)
      for (const s of ships) expect(overlap(a.box, { x0: s.sx - s.r, x1: s.sx + s.r, y0: s.sy - s.r, y1: s.sy + s.r })).toBe(false);
      // a short name is never shorter than the ship's first word
      const ship = ships.find((s) => s.id === a.id);
      expect(a.text.startsWith(ship?.name.split(" ")[0] ?? "")).toBe(true);
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
  it("a target between the range rings' words is named beside her, over a ring's word if need be, never a row away without her leader", () => {
    // Sole Bay at 1280×800 as the display drew it: Royal James firing at Gouda 190 mm off, the rings' words round
    // Gouda, the measured figure at the left (map units; the names' widths in pixels as the page measured them)
    const unit = 2.84;
    const width: Record<string, number> = {
      "Royal Prince": 146,
      RP: 35,
      "St Michael": 123,
      SM: 39,
      Edgar: 71,
      Edg: 47,
      "Royal James": 142,
      RJ: 28,
      Henry: 72,
      Hen: 50,
      Cambridge: 127,
      Cam: 54,
      "De Zeven Provinciën": 237,
      DZP: 51,
      Gouda: 77,
      Gou: 49,
      Oliphant: 102,
      Oli: 36,
      Dolfijn: 78,
      Dol: 42,
      "Groot Hollandia": 182,
      GH: 38,
      Stavoren: 107,
      Sta: 42,
    };
    const rows: [string, string, number, number][] = [
      ["royal-prince", "Royal Prince", 515, 710],
      ["st-michael", "St Michael", 675, 710],
      ["edgar", "Edgar", 835, 710],
      ["royal-james", "Royal James", 995, 710],
      ["henry", "Henry", 1155, 710],
      ["cambridge", "Cambridge", 1315, 710],
      ["zeven-provincien", "De Zeven Provinciën", 1155, 510],
      ["gouda", "Gouda", 1000, 520],
      ["oliphant", "Oliphant", 835, 510],
      ["dolfijn", "Dolfijn", 675, 510],
      ["groot-hollandia", "Groot Hollandia", 515, 510],
      ["stavoren", "Stavoren", 1315, 510],
    ];
    const ships = rows.map(([id, name, sx, sy]) => ({ id, name, sx, sy, r: 40 }));
    const hard = [
      { x0: 1439, x1: 1610, y0: 319, y1: 490 }, // the wind's mark
      { x0: 205, x1: 961, y0: 582, y1: 648 }, // "6.49″ base to base"
    ];
    const rings = [
      { x0: 903, x1: 1087, y0: 542, y1: 593, soft: true }, // close 4″
      { x0: 870, x1: 1120, y0: 441, y1: 492, soft: true }, // medium 8″
      { x0: 898, x1: 1092, y0: 339, y1: 390, soft: true }, // long 12″
    ];
    const labels = placeLabels(ships, {
      unit,
      fontPx: 20,
      bounds: { x0: 186, y0: 285, x1: 1644, y1: 1135 },
      first: ["royal-james", "gouda"],
      obstacles: [...hard, ...rings],
      measure: (t: string) => width[t] ?? t.length * 12,
    });
    const gouda = labels.find((l) => l.id === "gouda");
    expect(gouda?.text).toBe("Gouda");
    expect(labels.find((l) => l.id === "royal-james")?.text).toBe("Royal James");
    for (const [i, a] of labels.entries()) {
      for (const b of labels.slice(i + 1)) expect(overlap(a.box, b.box), `${a.text} over ${b.text}`).toBe(false);
      for (const h of hard) expect(overlap(a.box, h), `${a.text} over a mark`).toBe(false);
    }
    // beside her: within a gap and a row of her base, or a row out with her leader
    const box = gouda?.box ?? { x0: 0, x1: 0, y0: 0, y1: 0 };
    const dx = Math.max(box.x0 - 1000, 0, 1000 - box.x1);
    const dy = Math.max(box.y0 - 520, 0, 520 - box.y1);
    expect(gouda?.leader !== undefined || Math.hypot(dx, dy) <= 40 + 4 * unit + 24 * unit * 1.2).toBe(true);
    // a ring's word under a name is the one the map leaves out
    const hidden = coveredMarks(rings, labels);
    for (const [i, r] of rings.entries()) expect(hidden.has(i)).toBe(labels.some((l) => overlap(l.box, r)));
  });
});
