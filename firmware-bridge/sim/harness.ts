/**
 * Node side of the firmware-in-the-loop harness: builds `fitl` (gcc against Debian's libsimavr) and the
 * bridge firmware (make), fetches the StandardFirmata .hex from the npm package avrgirl-arduino (sha256
 * checked, cached under firmware-bridge/build/, never committed), and runs a simulation: its pty, its
 * stdout lines (SERVO, RESET, OK …) and its stdin control channel.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const BUILD_DIR = join(ROOT, "build");
export const FITL_BIN = join(BUILD_DIR, "sim", "fitl");
export const BRIDGE_HEX = join(BUILD_DIR, "bridge.hex");
export const BRIDGE_ELF = join(BUILD_DIR, "bridge.elf");
const CACHE = join(BUILD_DIR, "cache");
const FIRMATA_PATH = "package/junk/hex/uno/StandardFirmata.cpp.hex";
export const STANDARD_FIRMATA_SHA256 = "6d57ea7cf30e26c9c2f3a01ee37907d2c951f8bc9c27f84dddad12fa9c8b8f36";

/** Compiles the harness (under a second). */
export function buildHarness(): string {
  mkdirSync(dirname(FITL_BIN), { recursive: true });
  const src = join(ROOT, "sim");
  const tmp = `${FITL_BIN}.${process.pid}`; // test files build in parallel: compile aside, then rename atomically
  execFileSync("gcc", [
    "-O2",
    "-Wall",
    "-I/usr/include/simavr",
    "-I/usr/include/simavr/parts",
    "-o",
    tmp,
    join(src, "fitl.c"),
    join(src, "i2c_bus.c"),
    "-lsimavrparts",
    "-lsimavr",
    "-lpthread",
    "-lutil",
  ]);
  renameSync(tmp, FITL_BIN);
  return FITL_BIN;
}

/** Builds the bridge firmware with its Makefile; returns the .hex path. */
export function buildFirmware(): string {
  execFileSync("make", ["-s", "-C", ROOT], { stdio: "pipe" });
  return BRIDGE_HEX;
}

/** `avr-size` of the firmware: flash = .text + .data, RAM = .data + .bss. */
export function firmwareSize(): { flash: number; ram: number } {
  const out = execFileSync("avr-size", ["-A", BRIDGE_ELF], { encoding: "utf8" });
  const section = (name: string) => Number(new RegExp(`^\\${name}\\s+(\\d+)`, "m").exec(out)?.[1] ?? 0);
  return { flash: section(".text") + section(".data"), ram: section(".data") + section(".bss") };
}

/** Fetches StandardFirmata for the Uno with `npm pack avrgirl-arduino@5.0.1` into the build cache. */
export function fetchStandardFirmata(): string {
  const hex = join(CACHE, FIRMATA_PATH);
  if (!existsSync(hex)) {
    mkdirSync(CACHE, { recursive: true });
    execFileSync("npm", ["pack", "avrgirl-arduino@5.0.1", "--silent"], { cwd: CACHE, stdio: "pipe" });
    execFileSync("tar", ["xzf", "avrgirl-arduino-5.0.1.tgz", FIRMATA_PATH], { cwd: CACHE });
  }
  const sum = createHash("sha256").update(readFileSync(hex)).digest("hex");
  if (sum !== STANDARD_FIRMATA_SHA256) throw new Error(`StandardFirmata.cpp.hex has sha256 ${sum}, expected ${STANDARD_FIRMATA_SHA256}`);
  return hex;
}

/** One servo pulse width report from the harness. */
export interface ServoReport {
  readonly pin: number;
  readonly us: number;
  readonly t: number;
}

/** A running simulation. Kill it with `close()` (the harness also exits when its stdin closes). */
export class Simulation {
  readonly lines: string[] = [];
  readonly servo: ServoReport[] = [];
  private readonly waiters = new Set<{ test: (line: string) => boolean; resolve: (line: string) => void }>();
  private buffer = "";

  private constructor(
    private readonly proc: ChildProcess,
    readonly ptyPath: string,
  ) {}

  /** Starts `fitl` on a .hex; resolves once the pty exists. */
  static async start(hex: string, args: string[] = [], env: Record<string, string> = {}): Promise<Simulation> {
    const proc = spawn(FITL_BIN, [hex, ...args], { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, ...env } });
    return new Promise((resolvePty, reject) => {
      let sim: Simulation | null = null;
      let early = "";
      proc.once("error", reject);
      proc.once("exit", (code) => sim === null && reject(new Error(`fitl exited (${code}) before its pty was ready: ${early}`)));
      proc.stderr?.on("data", (d: Buffer) => {
        early += d.toString();
      });
      proc.stdout?.on("data", (d: Buffer) => {
        if (sim) return sim.feed(d.toString());
        early += d.toString();
        const m = /^PTY (\S+)$/m.exec(early);
        if (!m?.[1]) return;
        sim = new Simulation(proc, m[1]);
        sim.feed(early.slice(early.indexOf(m[0]) + m[0].length));
        resolvePty(sim);
      });
    });
  }

  /** Sends a control command (`tag 0 04A2…`, `lift 0`, `missing 1`, `present 1`, `reset`); resolves on its OK. */
  async command(cmd: string): Promise<void> {
    const done = this.waitFor((l) => l === `OK ${cmd}` || l === `ERR ${cmd}`, 5000);
    this.proc.stdin?.write(`${cmd}\n`);
    const line = await done;
    if (line.startsWith("ERR")) throw new Error(`harness rejected: ${cmd}`);
  }

  /** Resolves with the first later line that passes `test`. */
  waitFor(test: (line: string) => boolean, timeoutMs = 10_000): Promise<string> {
    return new Promise((res, rej) => {
      const w = {
        test,
        resolve: (l: string) => {
          clearTimeout(timer);
          res(l);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(w);
        rej(new Error(`harness: no matching line within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(w);
    });
  }

  /** The pulse widths reported for a pin since index `from` of `servo`. */
  widths(pin: number, from = 0): number[] {
    return this.servo
      .slice(from)
      .filter((s) => s.pin === pin)
      .map((s) => s.us);
  }

  async close(): Promise<void> {
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    const exited = new Promise((r) => this.proc.once("exit", r));
    this.proc.kill("SIGTERM");
    await exited;
  }

  private feed(text: string): void {
    this.buffer += text;
    for (let i = this.buffer.indexOf("\n"); i >= 0; i = this.buffer.indexOf("\n")) {
      const line = this.buffer.slice(0, i);
      this.buffer = this.buffer.slice(i + 1);
      this.lines.push(line);
      const m = /^SERVO pin=(\d+) us=(\d+) t=([\d.]+)/.exec(line);
      if (m) this.servo.push({ pin: Number(m[1]), us: Number(m[2]), t: Number(m[3]) });
      for (const w of [...this.waiters]) {
        if (w.test(line)) {
          this.waiters.delete(w);
          w.resolve(line);
        }
      }
    }
  }
}
