/**
 * The layering: no import cycle between units, where a unit is a folder taken whole with all its subfolders, or a
 * file beside such folders (seen from the deepest folder holding both ends of an import), and production
 * code never imports the emulators in devices/testing/ — except the composition root's family table, which loads
 * them with `await import()` for the demo table (`--sim`), a composition choice.
 */
import { describe, expect, it } from "vitest";
import { folderCycles, type ImportEdge, importGraph, importsOf, unitCycles } from "./support/import-graph.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const PRODUCTION = ["src", "devices", "host", "firmware-bridge", "bin", "scripts"];
const EMULATORS = "devices/testing/";
/** The one production file that may load the emulators, and only with `await import()`. */
const DEMO_COMPOSITION = "host/device-families.ts";

const graph = importGraph(ROOT, PRODUCTION);
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

  it("has no import loop between units (folders taken with their subfolders, and the files beside them)", () => {
    expect(unitCycles(graph).map(describeCycle)).toEqual([]);
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
    // an index gathering its parts, and parts sharing a file of their own folder, are no loop
    expect(
      unitCycles(
        edges([
          ["a/index.ts", "./p/y.ts"],
          ["a/p/y.ts", "./z.ts"],
          ["a/p/z.ts", "./y.ts"],
        ]),
      ),
    ).toEqual([]);
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
