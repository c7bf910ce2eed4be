/**
 * Reads integer tables out of C source the way BSD sail(6)'s `globals.c` writes them
 * (`const char HDT[9][10] = { { 1, 0, … }, … };`, structs as nested braces), keeping line numbers for errors.
 * Not a C compiler: initializers of integers and braces only; anything else inside one is an error at its line.
 */
import type { RulesError } from "../../src/result.ts";

/** A nested initializer: an integer or a list of them. */
export type CValue = number | CValue[];

export interface CSource {
  readonly file: string;
  /** The text with comments blanked (newlines kept, so offsets still give the line). */
  readonly code: string;
  /** The comments, in order, with the line each starts on. */
  readonly comments: readonly { readonly text: string; readonly line: number }[];
  lineOf(offset: number): number;
}

type R<T> = { ok: true; value: T } | { ok: false; error: RulesError };

/** Splits comments from code; an unterminated comment is an error. */
export function readCSource(text: string, file: string): R<CSource> {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const comments: { text: string; line: number }[] = [];
  let code = "";
  let i = 0;
  while (i < text.length) {
    const two = text.slice(i, i + 2);
    if (two === "/*" || two === "//") {
      const end = two === "/*" ? text.indexOf("*/", i + 2) : text.indexOf("\n", i);
      if (two === "/*" && end < 0) return bad(`${file}:${lineOf(i)}`, "A comment is never closed (*/ missing).");
      const stop = end < 0 ? text.length : two === "/*" ? end + 2 : end;
      const body = text.slice(i, stop);
      comments.push({ text: body, line: lineOf(i) });
      code += body.replace(/[^\n]/g, " ");
      i = stop;
    } else if (text[i] === '"') {
      // strings may hold "/*"; keep them as they are
      let j = i + 1;
      while (j < text.length && text[j] !== '"' && text[j] !== "\n") j += text[j] === "\\" ? 2 : 1;
      code += text.slice(i, j + 1);
      i = j + 1;
    } else {
      code += text[i];
      i++;
    }
  }
  return { ok: true, value: { file, code, comments, lineOf } };
}

const bad = (path: string, message: string): { ok: false; error: RulesError } => ({
  ok: false,
  error: { code: "input.invalid", message: `${path}: ${message}`, path },
});

/** The initializer of array `name` (`name[…]… = { … };`), or null when the file does not define it. */
export function cArray(src: CSource, name: string): R<{ value: CValue[]; line: number } | null> {
  const decl = new RegExp(`\\b${name}\\s*(?:\\[[^\\]]*\\]\\s*)+=\\s*\\{`, "g").exec(src.code);
  if (!decl) return { ok: true, value: null };
  const line = src.lineOf(decl.index);
  const stack: CValue[][] = [];
  let top: CValue[] | null = null;
  const token = /\s*(?:(\{)|(\})|(,)|(-?\s*(?:0x[0-9a-fA-F]+|\d+))|(;)|([A-Za-z_]\w*|\S))/y;
  token.lastIndex = decl.index + decl[0].length - 1;
  for (;;) {
    const at = token.lastIndex;
    const m = token.exec(src.code);
    if (!m) return bad(`${src.file}:${src.lineOf(at)}`, `${name}'s initializer is not closed.`);
    const where = `${src.file}:${src.lineOf(m.index + (m[0].length - m[0].trimStart().length))}`;
    if (m[1]) {
      const list: CValue[] = [];
      top?.push(list);
      if (top) stack.push(top);
      top = list;
    } else if (m[2]) {
      if (!top) return bad(where, `${name}: unbalanced braces.`);
      const done = top;
      top = stack.pop() ?? null;
      if (!top) return { ok: true, value: { value: done, line } };
    } else if (m[4] !== undefined) {
      if (!top) return bad(where, `${name}: a number outside the braces.`);
      const t = m[4].replace(/\s+/g, "");
      const n = Number(t.startsWith("-") ? t.slice(1) : t);
      top.push(t.startsWith("-") ? -n : n);
    } else if (m[3] === undefined) {
      return bad(where, `${name}: expected numbers, commas and braces, found "${(m[5] ?? m[6] ?? "").trim()}".`);
    }
  }
}

/** Checks a value is a list of `rows` (any count when undefined) lists of plain integers, each of length `cols`. */
export function grid(v: CValue[], cols?: number): number[][] | null {
  const out: number[][] = [];
  for (const row of v) {
    if (!Array.isArray(row) || !row.every((x) => typeof x === "number")) return null;
    if (cols !== undefined && row.length !== cols) return null;
    out.push(row as number[]);
  }
  return out;
}
