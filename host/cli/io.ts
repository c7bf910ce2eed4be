/**
 * Shared plumbing of the CLI: reading stdin, printing JSON, and the exit-code contract
 * (0 success, 2 bad input with error JSON on stdout, 1 anything else).
 */
import type { RulesError } from "../../src/game/result.ts";

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
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const pos = /position (\d+)/.exec(msg)?.[1];
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

/** Reads all of stdin as text. */
export async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
