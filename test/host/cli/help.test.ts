/**
 * Every command answers `--help` the conventional way, through the real installed command: usage on stdout,
 * exit 0, nothing started (the process ends by itself) and nothing written (its working directory stays empty).
 * Unknown commands and options exit 2 with the usage.
 */
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { COMMANDS } from "../../../host/cli/commands/index.ts";

const BIN = resolve("bin/quarterdeck.mjs");
const cwd = mkdtempSync(join(tmpdir(), "qd-help-"));

function run(args: readonly string[], script = BIN): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [script, ...args], { cwd, encoding: "utf8", timeout: 30_000 }, (error, stdout, stderr) => {
      done({ status: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr });
    });
  });
}

afterAll(() => {
  // Nothing any run did may leave a file behind (no data dir, no token, no database).
  expect(readdirSync(cwd)).toEqual([]);
});

describe("quarterdeck COMMAND --help", () => {
  it.each(COMMANDS.map((c) => [c.name]))("%s --help prints its usage, exits 0 and does nothing else", async (name) => {
    const [long, short] = await Promise.all([run([...name.split(" "), "--help"]), run([...name.split(" "), "-h"])]);
    for (const r of [long, short]) {
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: quarterdeck ${name}`));
      expect(r.stderr).toBe("");
    }
    expect(readdirSync(cwd)).toEqual([]);
  });

  it("no arguments and --help print every command's synopsis", async () => {
    for (const r of await Promise.all([run([]), run(["--help"]), run(["help"])])) {
      expect(r.status).toBe(0);
      for (const c of COMMANDS) expect(r.stdout).toContain(`quarterdeck ${c.name}`);
    }
  });

  it("--version prints the package's version", async () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
    const r = await run(["--version"]);
    expect(r).toMatchObject({ status: 0, stdout: `quarterdeck ${pkg.version}\n` });
  });

  it.each([[["strat"]], [["--bogus"]], [["start", "--prot", "1"]], [["devices"]], [["rulesets", "extra"]]])(
    "%j exits 2 with the error JSON and the usage",
    async (args) => {
      const r = await run(args);
      expect(r.status).toBe(2);
      expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, error: { code: "input.invalid" } });
      expect(r.stderr).toMatch(/quarterdeck /);
    },
  );

  it("the firmware flash script has --help too", async () => {
    const r = await new Promise<{ status: number | null; stdout: string }>((done) =>
      execFile(process.execPath, ["--import", "tsx", "firmware-bridge/flash.ts", "--help"], { encoding: "utf8" }, (e, stdout) =>
        done({ status: e ? 1 : 0, stdout }),
      ),
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage: npm run firmware:flash -- --port PORT/);
  });

  it("the bin says how to build when dist/ is missing, instead of a stack trace", async () => {
    const checkout = mkdtempSync(join(tmpdir(), "qd-unbuilt-"));
    mkdirSync(join(checkout, "bin"));
    copyFileSync(BIN, join(checkout, "bin", "quarterdeck.mjs"));
    const r = await run(["rulesets"], join(checkout, "bin", "quarterdeck.mjs"));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/not built yet: run `npm run build`/);
  });
});
