/**
 * Optional HTTPS for tables on a shared LAN: `quarterdeck start --tls-cert FILE --tls-key FILE` serves the pages,
 * API and live socket over TLS (the real command, in its own process); a missing half or unreadable file is bad
 * input (exit 2) naming the flag.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { get } from "node:https";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runStart } from "../../../host/cli/commands/start.ts";
import { tempDir } from "../helpers.ts";

const FIXTURES = join(import.meta.dirname, "fixtures");
const CERT = join(FIXTURES, "localhost-cert.pem");
const KEY = join(FIXTURES, "localhost-key.pem");
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill("SIGTERM");
});

function getJson(url: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    get(url, { ca: readFileSync(CERT) }, (res) => {
      let text = "";
      res.on("data", (d) => {
        text += d;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    }).on("error", reject);
  });
}

describe("quarterdeck start over HTTPS", () => {
  it("serves the table on https:// with the given certificate", async () => {
    const args = ["bin/quarterdeck.mjs", "start", "--port", "0", "--data", tempDir("qd-tls-"), "--tls-cert", CERT, "--tls-key", KEY];
    const proc = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    child = proc;
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      proc.stdout?.on("data", (d) => {
        out += d;
        const m = /Display:\s+(\S+)/.exec(out);
        if (m?.[1]) resolve(m[1]);
      });
      proc.on("exit", (code) => reject(new Error(`exited ${code}`)));
    });
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/$/);
    const state = await getJson(`${url.replace("127.0.0.1", "localhost")}api/state`);
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ ruleset: { id: "sole-bay-1672" } });
  }, 30_000);

  it("needs both files, readable; each problem names its flag", async () => {
    const half = await runStart({ "tls-cert": CERT });
    expect(half.code).toBe(2);
    expect(JSON.parse(half.stdout).error.path).toBe("--tls-key");
    const missing = await runStart({ "tls-cert": CERT, "tls-key": "/nonexistent/key.pem" });
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stdout).error).toMatchObject({ code: "input.invalid", path: "--tls-key" });
  });
});
