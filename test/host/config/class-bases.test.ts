/**
 * Issue 37 item 1: a table file gives bases per ship (`base` on a ship) or per class (`bases: { by, sizes }`); a ship's
 * own base wins, a ship of no listed class stands on the rule set's default; a bad base is refused naming where.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadTableFile } from "../../../host/config/load.ts";
import { tempDir } from "../helpers.ts";

function tableFile(text: string): string {
  const dir = tempDir("qd-bases-");
  const file = join(dir, "table.yaml");
  writeFileSync(file, text);
  return file;
}

const fleets = (bases: string, ownBase = "") => `ruleset: sole-bay-1672
${bases}
fleets:
  - side: English
    ships:
      - { id: royal-james, name: Royal James, rating: 1, speed: slow, hull: stout${ownBase} }
      - { id: london, name: London, rating: 2, speed: medium, hull: stout }
  - side: Dutch
    ships:
      - { id: gouda, name: Gouda, rating: 3, speed: medium, hull: average }
`;

const basesOf = (file: string) => {
  const r = loadTableFile(file);
  if (!r.ok) throw new Error(r.error.message);
  return Object.fromEntries((r.value.start.ships as Array<{ id: string; base?: unknown }>).map((s) => [s.id, s.base]));
};

describe("bases per class and per ship in a table file", () => {
  const byRating = `bases:
  by: rating
  sizes:
    "1": { width: 30, length: 90 }
    "2": { width: 28, length: 75 }`;
  it("each ship of a listed class stands on its class's base; the others on the rule set's default", () => {
    expect(basesOf(tableFile(fleets(byRating)))).toEqual({
      "royal-james": { width: 30, length: 90 },
      london: { width: 28, length: 75 },
      gouda: undefined,
    });
  });
  it("a ship's own base wins over her class's", () => {
    expect(basesOf(tableFile(fleets(byRating, ", base: { width: 40, length: 100 }")))["royal-james"]).toEqual({ width: 40, length: 100 });
  });
  it("a class no ship has, a field no ship has and a base of 0 are refused, naming where", () => {
    const noClass = loadTableFile(tableFile(fleets(`bases: { by: rating, sizes: { "4": { width: 20, length: 50 } } }`)));
    expect(!noClass.ok && noClass.error.message).toMatch(/bases\.sizes\.4\): no ship's rating is "4" \(the ships': 1, 2, 3\)\.$/);
    const noField = loadTableFile(tableFile(fleets(`bases: { by: rate, sizes: { "1": { width: 20, length: 50 } } }`)));
    expect(!noField.ok && noField.error.message).toMatch(/bases\.by\): no ship has a "rate" field to give her class\.$/);
    const zero = loadTableFile(tableFile(fleets(`bases: { by: rating, sizes: { "1": { width: 0, length: 50 } } }`)));
    expect(!zero.ok && zero.error.message).toMatch(/bases\.sizes\[1\]\.width must be at least 1 and at most 2000; got 0\.$/);
    const ownZero = loadTableFile(tableFile(fleets("", ", base: { width: 0, length: 60 }")));
    expect(!ownZero.ok && ownZero.error.message).toMatch(/Royal James's base width must be a number of mm from 1 to 2000; got 0\.$/);
  });
});
