/**
 * One geometry vocabulary (issue 42): the core, the camera and the host turn, wrap and convert angles with
 * src/geometry's functions (`normalizeBearing`, `oppositeBearing`, `angleGap`, `turnBetween`, `turnClockwise`,
 * `radians`, `degrees`), never by hand. Reads every source of src, devices and host outside src/geometry; an idiom
 * that creeps back names its file and line. (The pages' JS in host/public is copied as it is, not bundled with
 * src/, so it is not read.)
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** The hand idioms and the function each is: wrapping a bearing, the signed turn, degrees ↔ radians. */
const IDIOMS: readonly [RegExp, string][] = [
  [/%\s*360\b/, "normalizeBearing / oppositeBearing / angleGap"],
  [/\+\s*540\b/, "turnBetween"],
  [/Math\.PI\s*\)?\s*\/\s*180\b|\/\s*180\s*\)?\s*\*\s*Math\.PI/, "radians"],
  [/180\s*\)?\s*\/\s*Math\.PI|Math\.PI\s*\)?\s*\*\s*180\b/, "degrees"],
];

const offences = (file: string): string[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .flatMap((line, i) => IDIOMS.filter(([p]) => p.test(line)).map(([, use]) => `${file}:${i + 1}: ${line.trim()} — use ${use}`));

describe("angles outside src/geometry are its functions, not hand formulas", () => {
  const files = ["src", "devices", "host"].flatMap(sources).filter((f) => !f.startsWith("src/geometry/"));
  it("has sources", () => expect(files.length).toBeGreaterThan(300));
  it("finds no hand-written wrap, turn or degree conversion", () => {
    expect(files.flatMap(offences)).toEqual([]);
  });
  it("sees one planted", () => {
    const planted = ["const turn = ((a - b + 540) % 360) - 180;", "const r = (deg * Math.PI) / 180;", "const d = (r * 180) / Math.PI;"];
    expect(planted.map((line) => IDIOMS.filter(([p]) => p.test(line)).length)).toEqual([2, 1, 1]);
  });
});
