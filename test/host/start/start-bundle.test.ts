/**
 * `quarterdeck start` runs from its own bundle (dist/host/cli/start.cjs) with V8's code cache (bin/code-cache.mjs):
 * a start that listened leaves the cache of the bundle it ran, and the next start's V8 takes it. A host stopped as
 * soon as its banner is read stops by its own steps (its stop signals are taken before the banner). firmata, inside
 * it, loads no serialport of its own (the dial hands it an open port), and johnny-five no REPL (it runs without).
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { freshDataDir, startHost } from "../../browser/harness.ts";

const ROOT = resolve(import.meta.dirname, "..", "..", "..");
const cacheOf = () => {
  const hash = /^\/\/ quarterdeck start bundle ([0-9a-f]{32})/.exec(readFileSync(join(ROOT, "dist/host/cli/start.cjs"), "latin1"))?.[1];
  return readdirSync(join(ROOT, "dist/.code-cache")).filter((f) => hash !== undefined && f.includes(hash));
};

describe("the start's own bundle", () => {
  it("gives the dial's libraries stand-ins for what the dial never uses, which say so if ever used", async () => {
    const bundle = readFileSync(join(ROOT, "dist/host/cli/start.cjs"), "latin1");
    expect(bundle).toContain("firmata's own serial port is not in the bundle");
    expect(bundle).toContain("johnny-five's REPL is not in the bundle");
    expect(bundle).not.toContain('require("repl")');
    const load = createRequire(import.meta.url);
    const Port = load(join(ROOT, "scripts/firmata-serialport-stub.cjs"));
    expect(() => new Port("/dev/ttyACM0")).toThrow(/give johnny-five an open port/);
    await expect(Port.list()).resolves.toEqual([]);
    expect(() => load(join(ROOT, "scripts/johnny-five-repl-stub.cjs")).start({})).toThrow(/repl: false/);
  });

  it("leaves its code cache after a start and a stop, and the next start uses it", async () => {
    process.env.QUARTERDECK_STARTUP_MARKS = "1";
    try {
      const first = await startHost(freshDataDir());
      // stopped the moment its banner is read: by its stop steps (exit 0), not by SIGTERM's default action
      await first.stop();
      expect({ code: first.proc.exitCode, signal: first.proc.signalCode }).toEqual({ code: 0, signal: null });
      expect(first.output()).toMatch(/^startup-code-cache (none|used|refused)$/m);
      expect(cacheOf()).toHaveLength(1);
      const second = await startHost(freshDataDir());
      await second.stop();
      expect(second.output()).toMatch(/^startup-code-cache used$/m);
    } finally {
      delete process.env.QUARTERDECK_STARTUP_MARKS;
    }
  }, 60_000);
});
