/**
 * `quarterdeck markers` (docs/reference/camera.md): the sheet printed at 100 % has markers of the stated size — checked in the
 * file's own units (the PDF's points through its `cm` matrix, the SVG's millimetre viewBox) — each ship's marker
 * by roster order with its name, and bad input exits 2.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runMarkers } from "../../../host/cli/commands/markers.ts";

const dir = mkdtempSync(join(tmpdir(), "qd-markers-"));
const roster = join(dir, "roster.csv");
writeFileSync(roster, "side,id,name,rating\nEnglish,royal-james,Royal James,1\nEnglish,henry,Henry,2\nDutch,gouda,Gouda (1664),3\n");
const base = { roster: undefined, config: undefined, scenario: undefined, size: undefined, referenceSize: undefined, json: true };

/** The extent of a set of rectangles [x, y, w, h]: its width and height. */
function extent(rects: number[][]): { w: number; h: number } {
  const x0 = Math.min(...rects.map((r) => r[0] as number));
  const y0 = Math.min(...rects.map((r) => r[1] as number));
  const x1 = Math.max(...rects.map((r) => (r[0] as number) + (r[2] as number)));
  const y1 = Math.max(...rects.map((r) => (r[1] as number) + (r[3] as number)));
  return { w: x1 - x0, h: y1 - y0 };
}

describe("quarterdeck markers", () => {
  it("writes a PDF whose markers are their stated size in points, ships by roster order with their names", {
    timeout: 60_000,
  }, async () => {
    const out = join(dir, "sheet.pdf");
    const r = await runMarkers({ ...base, roster, size: "40", referenceSize: "60", out });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).ships).toEqual([
      { marker: 10, ship: "royal-james" },
      { marker: 11, ship: "henry" },
      { marker: 12, ship: "gouda" },
    ]);
    const pdf = readFileSync(out, "latin1");
    expect(pdf.startsWith("%PDF-1.4")).toBe(true);
    // every object where the cross-reference table says it is
    const xref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((o, i) => {
      expect(pdf.slice(o, o + 12).startsWith(`${i + 1} 0 obj`)).toBe(true);
    });
    // A4 pages; user space scaled to mm: 72/25.4 points per mm
    const boxes = [...pdf.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)];
    expect(boxes.length).toBe(2);
    for (const b of boxes) {
      expect(Number(b[1])).toBeCloseTo((210 * 72) / 25.4, 2);
      expect(Number(b[2])).toBeCloseTo((297 * 72) / 25.4, 2);
    }
    const streams = [...pdf.matchAll(/stream\n([\s\S]*?)endstream/g)].map((m) => m[1] as string);
    for (const s of streams) {
      const cm = /^([\d.]+) 0 0 (-[\d.]+) 0 ([\d.]+) cm$/m.exec(s);
      expect(Number(cm?.[1])).toBeCloseTo(72 / 25.4, 3);
      expect(Number(cm?.[2])).toBeCloseTo(-72 / 25.4, 3);
    }
    // each marker is one filled block of rectangles: 8 reference markers of 60 mm, then 3 ships of 40 mm
    const blocks = streams.flatMap((s) => [...s.matchAll(/q 0 g\n([\s\S]*?)\nf Q/g)].map((m) => m[1] as string));
    const sizes = blocks.map((b) => extent(b.split("\n").map((l) => l.split(" ").slice(0, 4).map(Number))));
    expect(sizes.length).toBe(11);
    sizes.forEach((e, i) => {
      const want = i < 8 ? 60 : 40;
      expect(e.w).toBeCloseTo(want, 2);
      expect(e.h).toBeCloseTo(want, 2);
    });
    expect(pdf).toContain("(Royal James) Tj");
    expect(pdf).toContain("(Gouda \\(1664\\)) Tj");
    expect(pdf).toMatch(/marker 12, 40 mm, Dutch/);
  });

  it("writes SVG pages in millimetres, each marker its stated side", { timeout: 60_000 }, async () => {
    const out = join(dir, "sheet.svg");
    const r = await runMarkers({ ...base, scenario: "sole-bay-1672", out });
    expect(r.code).toBe(0);
    const files = JSON.parse(r.stdout).files as string[];
    expect(files[0]).toBe(out);
    const text = files.map((f) => readFileSync(f, "utf8"));
    for (const t of text) expect(t).toMatch(/<svg [^>]*width="210mm" height="297mm" viewBox="0 0 210 297"/);
    const groups = text.flatMap((t) => [...t.matchAll(/<g data-marker="(\d+)" data-size-mm="([\d.]+)"[^>]*>(.*?)<\/g>/g)]);
    expect(groups.map((g) => Number(g[1]))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, ...Array.from({ length: 12 }, (_, i) => 10 + i)]);
    for (const g of groups) {
      const rects = [...(g[3] as string).matchAll(/x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/g)].map((m) =>
        m.slice(1, 5).map(Number),
      );
      const e = extent(rects);
      const want = Number(g[1]) < 10 ? 60 : 40;
      expect(Number(g[2])).toBe(want);
      expect(e.w).toBeCloseTo(want, 2);
      expect(e.h).toBeCloseTo(want, 2);
    }
    expect(text.join("")).toContain(">Royal James<");
    expect(text.join("")).toMatch(/data-check-bar-mm="100"/);
  });

  it("prints a ship the marker the roster's marker column gives her, the others by roster order", async () => {
    const given = join(dir, "given.csv");
    writeFileSync(given, "side,id,name,marker\nEnglish,royal-james,Royal James,\nEnglish,henry,Henry,40\nDutch,gouda,Gouda (1664),\n");
    const r = await runMarkers({ ...base, roster: given, json: false, out: join(dir, "given.svg") });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/marker 10: Royal James \(royal-james\)/);
    expect(r.stdout).toMatch(/marker 40: Henry \(henry\)/);
    expect(r.stdout).toMatch(/marker 12: Gouda \(1664\) \(gouda\)/);
  });

  it("refuses bad input with exit 2", async () => {
    expect((await runMarkers({ ...base, out: undefined })).code).toBe(2);
    expect((await runMarkers({ ...base, out: join(dir, "x.png") })).code).toBe(2);
    expect((await runMarkers({ ...base, size: "3", out: join(dir, "x.pdf") })).code).toBe(2);
    const missing = await runMarkers({ ...base, roster: join(dir, "none.csv"), out: join(dir, "x.pdf") });
    expect(missing.code).toBe(2);
    expect(missing.stdout).toMatch(/Cannot read/);
    expect((await runMarkers({ ...base, roster, scenario: "quickfire", out: join(dir, "x.pdf") })).code).toBe(2);
    expect((await runMarkers({ ...base, scenario: "nowhere", out: join(dir, "x.pdf") })).code).toBe(2);
  });

  it("refuses a roster of more ships than a game holds, naming the first row over, rather than dropping the rest (issue 39)", async () => {
    const big = join(dir, "big.csv");
    const rows = Array.from({ length: 100_000 }, (_, i) => `English,ship-${i},Ship ${i}`);
    writeFileSync(big, `side,id,name\n${rows.join("\n")}\n`);
    const out = join(dir, "big.svg");
    const r = await runMarkers({ ...base, roster: big, out });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: "input.invalid", message: `${big}:502: a roster holds at most 500 ships.` });
    // 500 is within it
    writeFileSync(big, `side,id,name\n${rows.slice(0, 500).join("\n")}\n`);
    const fits = await runMarkers({ ...base, roster: big, out });
    expect(fits.code).toBe(0);
    expect(JSON.parse(fits.stdout).ships).toHaveLength(500);
  }, 60_000);
});
