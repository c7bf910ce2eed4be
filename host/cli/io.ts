/**
 * Shared plumbing of the CLI: reading stdin, printing JSON, and the exit-code contract
 * (0 success, 2 bad input with error JSON on stdout, 1 anything else).
 */
import type { RulesError } from "../../src/result.ts";
import { JSON_LIMITS, jsonDepth } from "../server/json-limits.ts";

/** Exit code and output of one command run, so commands are testable without a process. */
export interface CommandResult {
  readonly code: 0 | 1 | 2;
  readonly stdout: string;
  readonly stderr?: string;
}

/** Streams a command may use; tests pass strings. */
export interface CommandIo {
  readonly readStdin: () => Promise<string>;
}

export const printJson = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** Exit 2 with the contract's error JSON. */
export function badInput(error: RulesError): CommandResult {
  return { code: 2, stdout: printJson({ ok: false, error }) };
}

/** Parses stdin JSON; malformed JSON is `input.invalid` with the position in `path`. */
export function parseJsonInput(text: string, source = "stdin"): { ok: true; value: unknown } | { ok: false; error: RulesError } {
  if (text.trim() === "") {
    return { ok: false, error: { code: "input.invalid", message: `Expected a JSON request on ${source}, got nothing.`, path: source } };
  }
  // bounded before parsing: a request nested thousands deep would overflow the stack in the rules
  if (jsonDepth(text, JSON_LIMITS.depth) > JSON_LIMITS.depth) {
    return {
      ok: false,
      error: { code: "input.too-deep", message: `The input is nested deeper than ${JSON_LIMITS.depth} levels.`, path: source },
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const pos = errorPosition(text, msg);
    let where = source;
    if (pos !== undefined) {
      const before = text.slice(0, Number(pos));
      const line = before.split("\n").length;
      const col = Number(pos) - before.lastIndexOf("\n");
      where = `${source}:${line}:${col}`;
    }
    return { ok: false, error: { code: "input.invalid", message: `The input is not valid JSON: ${msg}.`, path: where } };
  }
}

/**
 * Where JSON.parse stopped. V8 names the position for most errors but not for "Unexpected token 'X'" or
 * "Unexpected end": then it is the first X whose prefix is still an unfinished valid JSON, or the end.
 */
function errorPosition(text: string, message: string): number | undefined {
  const named = /position (\d+)/.exec(message)?.[1];
  if (named !== undefined) return Number(named);
  if (/Unexpected end of JSON input/.test(message)) return text.length;
  const token = /Unexpected token '(.)'/.exec(message)?.[1];
  if (token === undefined) return undefined;
  for (let i = text.indexOf(token); i >= 0; i = text.indexOf(token, i + 1)) {
    try {
      JSON.parse(text.slice(0, i));
    } catch (e) {
      if (/Unexpected end of JSON input/.test((e as Error).message)) return i;
    }
  }
  return undefined;
}

/** Reads all of stdin as text. */
export async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
