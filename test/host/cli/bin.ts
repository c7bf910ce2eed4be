/** Runs the real installed command (`node bin/quarterdeck.mjs …`) the way a user's shell does. */
import { spawnSync } from "node:child_process";
import { expect } from "vitest";

/**
 * Runs `node bin/quarterdeck.mjs <args…>` with `input` on stdin and parses its stdout as JSON. Every run is also
 * checked for a leaked TypeScript stack trace on stderr: bad input is a clear error, never a crash.
 */
export function runBin(args: readonly string[], input: string) {
  const p = spawnSync(process.execPath, ["bin/quarterdeck.mjs", ...args], { input, encoding: "utf8", timeout: 60_000 });
  expect(p.stderr).not.toMatch(/at .*\.ts:\d+/);
  return { status: p.status, stdout: p.stdout, stderr: p.stderr, json: JSON.parse(p.stdout) };
}

/** `quarterdeck resolve --ruleset <ruleset>` with `input` on stdin (see {@link runBin}). */
export const resolveBin = (ruleset: string, input: string) => runBin(["resolve", "--ruleset", ruleset], input);
