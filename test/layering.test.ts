/**
 * The layering: no import loop of any kind — between units, where a unit is a folder taken whole with all its
 * subfolders or a single file (seen from the deepest folder holding both ends of an import), so two sibling files
 * that import each other are a loop, and so is a loop that passes through a sibling; `import type` counts like any
 * import. And production code never imports the emulators in devices/testing/ — except the composition root's
 * family table, which loads them with `await import()` for the demo table (`--sim`), a composition choice.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { folderCycles, type ImportEdge, importGraph, importsOf, unitCycles } from "./support/import-graph.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const PRODUCTION = ["src", "devices", "host", "firmware-bridge", "bin", "scripts"];
const EMULATORS = "devices/testing/";
/** The one production file that may load the emulators, and only with `await import()`. */
const DEMO_COMPOSITION = "host/device-families.ts";

const graph = importGraph(ROOT, PRODUCTION);

/**
 * Imports known to close a loop when the test learnt to see sibling and type-only loops, each with why and who is
 * removing it. Without them the graph has no loop. This list may only shrink: a loop the list does not explain fails,
 * and so does a listed import that is gone or closes no loop any more (take it off the list).
 */
const KNOWN_LOOP_IMPORTS: readonly { readonly from: string; readonly to: string; readonly why: string }[] = [];
const isKnown = (e: ImportEdge) => KNOWN_LOOP_IMPORTS.some((k) => k.from === e.from && k.to === e.to);
const unexplained = graph.filter((e) => !isKnown(e));

/** A tree of files written to a temporary folder, read back as the real graph is. */
const trees: string[] = [];
afterAll(() => {
  for (const t of trees) rmSync(t, { recursive: true, force: true });
});
function plantedGraph(files: Record<string, string>): ImportEdge[] {
  const root = mkdtempSync(join(tmpdir(), "layering-"));
  trees.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, dirname(path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return importGraph(root, ["a"]);
}
const inProduction = (f: string) => !f.startsWith(EMULATORS);

/** A loop in words, with the imports that make it (a unit is a file or a folder with everything under it). */
const describeCycle = (group: readonly string[]): string => {
  const inUnit = (file: string) => group.find((u) => file === u || file.startsWith(`${u}/`));
  const links = graph.filter((e) => {
    const a = inUnit(e.from);
    const b = inUnit(e.to);
    return a !== undefined && b !== undefined && a !== b;
  });
  return `${group.join(" ↔ ")}:\n${links.map((e) => `  ${e.from} → ${e.to}`).join("\n")}`;
};

describe("layering", () => {
  it("reads the project's imports", () => {
    expect(graph.length).toBeGreaterThan(500);
  });

  it("has no import loop between units (folders taken with their subfolders, and single files, siblings too)", () => {
    expect(unitCycles(unexplained).map(describeCycle)).toEqual([]);
  });

  it("every known loop import is still there and still closes a loop (the list only shrinks)", () => {
    const stale = KNOWN_LOOP_IMPORTS.filter((k) => {
      const edge = graph.find((e) => e.from === k.from && e.to === k.to);
      return edge === undefined || unitCycles([...unexplained, edge]).length === 0;
    });
    expect(stale.map((k) => `${k.from} → ${k.to}`)).toEqual([]);
  });

  it("sees a planted type-only loop, a planted sibling loop and a loop through a sibling, in a tree on disk", () => {
    // type-only, every way TypeScript writes one
    expect(
      unitCycles(
        plantedGraph({
          "a/x/types.ts": `import type { Y } from "../y/y.ts";\nexport interface X { y: Y }`,
          "a/y/y.ts": `import { type X } from "../x/types.ts";\nexport interface Y { x: X }`,
        }),
      ),
    ).toEqual([["a/x", "a/y"]]);
    expect(
      unitCycles(
        plantedGraph({
          "a/x/types.ts": `export type { Y } from "../y/y.ts";`,
          "a/y/y.ts": `export type Y = { x: import("../x/types.ts").X };`,
        }),
      ),
    ).toEqual([["a/x", "a/y"]]);
    // two sibling files
    expect(
      unitCycles(
        plantedGraph({
          "a/s/one.ts": `import type { Two } from "./two.ts";`,
          "a/s/two.ts": `import { one } from "./one.ts";`,
        }),
      ),
    ).toEqual([["a/s/one.ts", "a/s/two.ts"]]);
    // through a sibling: family.ts → world.ts (its sibling) → hid/ → family.ts
    expect(
      unitCycles(
        plantedGraph({
          "a/family.ts": `import type { World } from "./world.ts";`,
          "a/world.ts": `import type { Hid } from "./hid/transport.ts";`,
          "a/hid/transport.ts": "export type Hid = number;",
          "a/hid/family.ts": `import type { Family } from "../family.ts";`,
        }),
      ),
    ).toEqual([["a/family.ts", "a/hid", "a/world.ts"]]);
    // a tree with none
    expect(
      unitCycles(
        plantedGraph({
          "a/index.ts": `export * from "./p/y.ts";`,
          "a/p/y.ts": `import { z } from "./z.ts";`,
          "a/p/z.ts": `import type { W } from "../w.ts";`,
          "a/w.ts": "export type W = 1;",
        }),
      ),
    ).toEqual([]);
  });

  it("production code never imports the emulators; the demo composition loads them lazily", () => {
    const bad = graph.filter(
      (e: ImportEdge) => inProduction(e.from) && e.to.startsWith(EMULATORS) && !(e.dynamic && e.from === DEMO_COMPOSITION),
    );
    expect(bad.map((e) => `${e.from} → ${e.to}${e.dynamic ? " (dynamic)" : ""}`)).toEqual([]);
  });

  it("the checks catch what they are for", () => {
    const edges = (pairs: [string, string][]) => pairs.flatMap(([from, to]) => importsOf(from, `import { x } from "${to}";`));
    expect(
      folderCycles(
        edges([
          ["a/x.ts", "../b/y.ts"],
          ["b/y.ts", "../a/x.ts"],
        ]),
      ),
    ).toEqual([["a", "b"]]);
    // a family folder and its parts are one unit
    expect(
      folderCycles(
        edges([
          ["a/x.ts", "./p/y.ts"],
          ["a/p/y.ts", "../x.ts"],
        ]),
      ),
    ).toEqual([]);
    // a loop through subfolders is a loop between the folders taken whole (host/cli ↔ host/config)
    expect(
      unitCycles(
        edges([
          ["host/cli/commands/start.ts", "../../config/load.ts"],
          ["host/config/load.ts", "../cli/data-file.ts"],
        ]),
      ),
    ).toEqual([["host/cli", "host/config"]]);
    // a file beside a folder is a unit of its own (src/game ↔ src/result.ts)
    expect(
      unitCycles(
        edges([
          ["src/game/engine.ts", "../result.ts"],
          ["src/result.ts", "./game/error-codes.ts"],
        ]),
      ),
    ).toEqual([["src/game", "src/result.ts"]]);
    // an index gathering its parts is no loop; two parts importing each other are
    expect(
      unitCycles(
        edges([
          ["a/index.ts", "./p/y.ts"],
          ["a/p/y.ts", "./z.ts"],
        ]),
      ),
    ).toEqual([]);
    expect(
      unitCycles(
        edges([
          ["a/index.ts", "./p/y.ts"],
          ["a/p/y.ts", "./z.ts"],
          ["a/p/z.ts", "./y.ts"],
        ]),
      ),
    ).toEqual([["a/p/y.ts", "a/p/z.ts"]]);
    // the planted loop is caught in the real graph too
    const planted = [...graph, ...importsOf("src/dice/plan.ts", `import { x } from "../../host/compose.ts";`)];
    expect(unitCycles(planted).length).toBeGreaterThan(0);
    expect(importsOf("host/a.ts", `const m = await import("../devices/testing/x.ts");`)).toEqual([
      { from: "host/a.ts", to: "devices/testing/x.ts", dynamic: true },
    ]);
    expect(importsOf("host/a.ts", `import type {\n  X,\n} from "./b.ts";\nexport { y } from "../c/d.ts";`).map((e) => e.to)).toEqual([
      "host/b.ts",
      "c/d.ts",
    ]);
  });
});
