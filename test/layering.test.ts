/**
 * The layering: no import cycle between folders (a folder and its own subfolders count as one), and production
 * code never imports the emulators in devices/testing/ — except the composition root's family table, which loads
 * them with `await import()` for the demo table (`--sim`), a composition choice.
 */
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { folderCycles, type ImportEdge, importGraph, importsOf } from "./support/import-graph.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const PRODUCTION = ["src", "devices", "host", "firmware-bridge", "bin", "scripts"];
const EMULATORS = "devices/testing/";
/** The one production file that may load the emulators, and only with `await import()`. */
const DEMO_COMPOSITION = "host/device-families.ts";

/** Folder cycles allowed: none (issue 18). A new entry needs a reason written beside it. */
const KNOWN_CYCLES: readonly (readonly string[])[] = [];

const graph = importGraph(ROOT, PRODUCTION);
const inProduction = (f: string) => !f.startsWith(EMULATORS);

const describeCycle = (group: readonly string[]): string => {
  const members = new Set(group);
  const links = graph.filter((e) => members.has(dirname(e.from)) && members.has(dirname(e.to)) && dirname(e.from) !== dirname(e.to));
  return `${group.join(" ↔ ")}:\n${links.map((e) => `  ${e.from} → ${e.to}`).join("\n")}`;
};

describe("layering", () => {
  it("reads the project's imports", () => {
    expect(graph.length).toBeGreaterThan(500);
  });

  it("has no folder-level import cycle beyond the known ones", () => {
    const known = (group: readonly string[]) => KNOWN_CYCLES.some((k) => group.every((f) => k.includes(f)));
    const unknown = folderCycles(graph).filter((g) => !known(g));
    expect(unknown.map(describeCycle)).toEqual([]);
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
    expect(importsOf("host/a.ts", `const m = await import("../devices/testing/x.ts");`)).toEqual([
      { from: "host/a.ts", to: "devices/testing/x.ts", dynamic: true },
    ]);
    expect(importsOf("host/a.ts", `import type {\n  X,\n} from "./b.ts";\nexport { y } from "../c/d.ts";`).map((e) => e.to)).toEqual([
      "host/b.ts",
      "c/d.ts",
    ]);
  });
});
