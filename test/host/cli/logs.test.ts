/**
 * The host's log through the real bin: JSON lines on stderr when it is a pipe (as under a service manager),
 * `--log-level` honoured, and a bad level refused before anything is written.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "qd-logs-"));

/** Starts the demo host with `args`; once its banner is out and a moment has passed, stops it and returns its stderr. */
function logOfStart(args: readonly string[]): Promise<string> {
  const proc = spawn(process.execPath, ["bin/quarterdeck.mjs", "start", "--port", "0", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let err = "";
  let out = "";
  proc.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    err += chunk;
  });
  return new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no banner; stderr:\n${err}`)), 30_000);
    proc.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      if (out.includes("Game saved in")) {
        clearTimeout(timer);
        setTimeout(() => done(err), 500);
      }
    });
  }).finally(() => proc.kill("SIGTERM"));
}

describe("host logs", () => {
  it("are JSON lines when stderr is a pipe", async () => {
    const err = await logOfStart(["--data", join(dir, "a")]);
    const line = err.split("\n").find((l) => l.includes("table ready")) ?? "";
    expect(JSON.parse(line)).toMatchObject({ level: 30, msg: "table ready", ruleset: "sole-bay-1672" });
  });

  it("--log-level warn leaves out the info lines", async () => {
    const err = await logOfStart(["--data", join(dir, "b"), "--log-level", "warn", "--log-json"]);
    expect(err).not.toContain("table ready");
  });

  it("an unknown level exits 2 naming --log-level and writes nothing", () => {
    const p = spawnSync(process.execPath, ["bin/quarterdeck.mjs", "start", "--data", join(dir, "c"), "--log-level", "loud"], {
      encoding: "utf8",
    });
    expect(p.status).toBe(2);
    expect(JSON.parse(p.stdout).error).toMatchObject({ code: "input.invalid", path: "--log-level" });
    expect(existsSync(join(dir, "c"))).toBe(false);
  });
});
