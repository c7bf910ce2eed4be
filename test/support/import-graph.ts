/**
 * The import graph of the project's own TypeScript, by file and by folder, for the layering test: relative
 * imports only (packages are not ours), static `import`/`export … from` and dynamic `import("…")` told apart.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

/** One import of one file: the file it names (repository-relative) and whether it is an `await import()`. */
export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  readonly dynamic: boolean;
}

const STATIC = /(?:^|[\s;}])(?:import|export)\s(?:[^;'"]*?\sfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g;
const DYNAMIC = /import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

/** Every `.ts`/`.mts`/`.mjs` file under `dirs` (relative to `root`), skipping node_modules and `.d.ts`. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
      const p = join(dir, e.name);
      if (e.isDirectory()) return e.name === "node_modules" ? [] : walk(p);
      return /\.(m?ts|mjs)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [p] : [];
    });
  return dirs.flatMap((d) => {
    try {
      return walk(d);
    } catch {
      return [];
    }
  });
}

/** The relative imports of `file` (its text given), resolved to repository-relative paths. */
export function importsOf(file: string, text: string): ImportEdge[] {
  const resolve = (spec: string) => normalize(join(dirname(file), spec));
  const edges: ImportEdge[] = [];
  for (const m of text.matchAll(STATIC)) edges.push({ from: file, to: resolve(m[1] ?? ""), dynamic: false });
  for (const m of text.matchAll(DYNAMIC)) edges.push({ from: file, to: resolve(m[1] ?? ""), dynamic: true });
  return edges;
}

/** Every import of every file under `dirs`. */
export function importGraph(root: string, dirs: readonly string[]): ImportEdge[] {
  return sourceFiles(root, dirs).flatMap((f) => importsOf(f, readFileSync(join(root, f), "utf8")));
}

/** Whether one folder is the other or inside it (`devices/nfc` and `devices/nfc/pn532`). */
export const nested = (a: string, b: string): boolean => {
  const inside = (x: string, y: string) => !relative(y, x).startsWith("..");
  return inside(a, b) || inside(b, a);
};

/**
 * The folder-level cycles: strongly connected groups of two or more folders, where folder A → B when a file
 * directly in A imports a file directly in B. A folder and its own subfolders are one family (an `index.ts` that
 * gathers its parts, parts that share the family's helpers), so imports between them make no edge.
 */
export function folderCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of edges) {
    const a = dirname(e.from);
    const b = dirname(e.to);
    if (nested(a, b)) continue;
    if (!next.has(a)) next.set(a, new Set());
    next.get(a)?.add(b);
  }
  // Tarjan's algorithm
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return groups;
}

/**
 * The unit of `file` seen from folder `parent`: the child folder of `parent` that holds it, with all its subfolders
 * (`host/cli` for `host/cli/commands/x.ts` seen from `host`), or the file itself when it lies directly in `parent`.
 */
const unitUnder = (parent: string, file: string): string => join(parent, relative(parent, file).split("/")[0] ?? "");

/** The deepest folder holding both files. */
const commonFolder = (a: string, b: string): string => {
  const x = dirname(a).split("/");
  const y = dirname(b).split("/");
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i += 1;
  return x.slice(0, i).join("/") || ".";
};

/**
 * The cycles between units, at every level of the tree: an import is seen from the deepest folder holding both files,
 * where each file belongs to the child folder that holds it, taken whole with all its subfolders, or is a unit of its
 * own when it lies directly in that folder. So `host/cli/…` → `host/config/…` and back is a loop however deep the
 * files lie, so is `src/game/…` → `src/result.ts` → `src/game/…`, and so are two files of one folder that import
 * each other (siblings are units too), or a loop that passes through a sibling (`devices/family.ts` →
 * `devices/world.ts` → `devices/hid/…` → `devices/family.ts`). `import type` counts like any import: a type-only
 * loop is a loop. An `index.ts` gathering its folder's parts is not. Strongly connected groups of two or more units.
 */
export function unitCycles(edges: readonly ImportEdge[]): string[][] {
  const unitEdges = edges.flatMap((e) => {
    const parent = commonFolder(e.from, e.to);
    const a = unitUnder(parent, e.from);
    const b = unitUnder(parent, e.to);
    // each unit stands as a folder of its own, so that folderCycles sees units, not their files' folders
    return a === b ? [] : [{ from: join(a, "unit"), to: join(b, "unit"), dynamic: e.dynamic }];
  });
  return folderCycles(unitEdges);
}
