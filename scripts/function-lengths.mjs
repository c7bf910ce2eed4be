#!/usr/bin/env node
/**
 * Lines of every function, method and class in the given TypeScript files or folders (default: devices/), longest
 * first, from the compiler's own parse (TypeScript's API, so a nested closure is measured apart from its owner).
 * `--min N` shows only those of N lines or more (default 40). The figures in issue 25's "smaller rooms" were taken
 * with it: `node scripts/function-lengths.mjs devices --min 100`.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const args = process.argv.slice(2);
const minAt = args.indexOf("--min");
const min = minAt >= 0 ? Number(args.splice(minAt, 2)[1]) : 40;
const roots = args.length > 0 ? args : ["devices"];

/** The .ts files under a path (a file is itself). */
function filesOf(path) {
  if (!statSync(path).isDirectory()) return path.endsWith(".ts") ? [path] : [];
  return readdirSync(path).flatMap((name) => (name === "node_modules" ? [] : filesOf(join(path, name))));
}

/** The name a node is reported under, or null for a node that is not a function or class. */
function nameOf(n, owner, src) {
  if (ts.isClassDeclaration(n) && n.name) return `class ${n.name.text}`;
  if (ts.isFunctionDeclaration(n) && n.name) return n.name.text;
  if (ts.isMethodDeclaration(n) && n.name) return `${owner}.${n.name.getText(src)}`;
  if (ts.isConstructorDeclaration(n)) return `${owner}.constructor`;
  if ((ts.isArrowFunction(n) || ts.isFunctionExpression(n)) && ts.isVariableDeclaration(n.parent)) return n.parent.name.getText(src);
  return null;
}

const rows = [];
for (const file of roots.flatMap(filesOf)) {
  const src = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const visit = (n, owner) => {
    const name = nameOf(n, owner, src);
    if (name) {
      const first = src.getLineAndCharacterOfPosition(n.getStart(src)).line;
      const last = src.getLineAndCharacterOfPosition(n.getEnd()).line;
      rows.push({ file, name, lines: last - first + 1 });
    }
    ts.forEachChild(n, (c) => visit(c, ts.isClassDeclaration(n) && n.name ? n.name.text : owner));
  };
  visit(src, "");
}
rows.sort((a, b) => b.lines - a.lines);
for (const r of rows) if (r.lines >= min) console.log(`${String(r.lines).padStart(4)}  ${r.name.padEnd(36)} ${r.file}`);
