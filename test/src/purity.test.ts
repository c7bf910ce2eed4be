import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HOST_ERROR_CODES } from "../../host/error-codes.ts";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith(".ts") ? [p] : [];
  });
}

const FORBIDDEN =
  /(?:from|import\()\s*["'](node:|fs|path|os|child_process|net|http|serialport|@abandonware|node-hid|johnny-five|fastify|better-sqlite3|pino|[./]+\/(?:\.\.\/)*(?:devices|host|firmware-bridge)\/)/;

describe("the rules core is pure", () => {
  const files = sources("src");
  it("has sources", () => expect(files.length).toBeGreaterThan(5));
  it.each(files)("%s imports nothing from node:*, devices/, host/ or I/O libraries", (file) => {
    const offending = readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => FORBIDDEN.test(line));
    expect(offending).toEqual([]);
  });
  it("the check itself catches a forbidden import", () => {
    expect(FORBIDDEN.test(`import { readFileSync } from "node:fs";`)).toBe(true);
    expect(FORBIDDEN.test(`import { x } from "../../devices/readings.ts";`)).toBe(true);
    expect(FORBIDDEN.test(`import { x } from "../../host/cli/io.ts";`)).toBe(true);
    expect(FORBIDDEN.test(`import { x } from "../dice/plan.ts";`)).toBe(false);
  });
});

describe("the rules core raises only its own error codes (src/error-codes.ts)", () => {
  const hostCode = new RegExp(
    `["'](?:${Object.keys(HOST_ERROR_CODES)
      .map((c) => c.replace(/[.-]/g, "\\$&"))
      .join("|")})["']`,
  );
  it("no source in src/ names a code the host declares", () => {
    const named = sources("src").flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .filter((line) => hostCode.test(line))
        .map((line) => `${f}: ${line.trim()}`),
    );
    expect(named).toEqual([]);
  });
  it("the check itself catches one", () => expect(hostCode.test(`fail("store.unwritable", "x")`)).toBe(true));
});
