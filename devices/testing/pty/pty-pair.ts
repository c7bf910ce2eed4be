/**
 * A real pty pair made by `socat` (Debian package `socat`): two linked TTYs, so an emulator on one end and a
 * driver on the other both go through serialport and the kernel's tty layer, exactly as with a USB adapter.
 *
 * We chose socat over python3's `pty` module or a native helper: it is one process per pair, creates stable
 * symlinks (`link=`) we can reuse for a reconnect — like `/dev/serial/by-id/…` — and killing it makes both
 * ends fail with a read error, which is what an unplug looks like to serialport.
 *
 * socat runs under a small `sh` guard that kills it when our end of the guard's stdin closes — on `unplug()`,
 * and also when this process dies without cleaning up (SIGKILL), so no socat outlives the host. The pair's
 * temporary directory is named after the owning pid (`quarterdeck-pty-<pid>-…`): the guard removes it when it
 * finds its parent gone, and every new pair sweeps away directories whose owner no longer runs, so kills leave
 * nothing behind in /tmp.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sweepStalePtyDirs } from "./stale-dirs.ts";

/**
 * Runs socat with the two addresses; kills it when stdin reaches EOF; exits with socat. When the process that
 * started it is gone by then (it was killed: the guard has been handed to another parent — checked in /proc, as a
 * killed parent may linger as a zombie that `kill -0` still finds), it also removes the pair's directory ($3).
 */
const GUARD =
  'exec 3<&0; socat -d -d "$1" "$2" </dev/null & pid=$!; (read _ <&3; kill $pid 2>/dev/null) & wait $pid; s=$?; ' +
  'read -r _ _ _ pp _ </proc/$$/stat; [ "$pp" = "$PPID" ] || rm -rf "$3"; exit $s';

/** The prefix of every pair's directory in the temp dir; the owner's pid follows it. */
export const PTY_DIR_PREFIX = "quarterdeck-pty-";

export class PtyPair {
  /** The end a driver opens (stands for `/dev/ttyUSB0`). */
  readonly hostPath: string;
  /** The end an emulator opens (stands for the device). */
  readonly devicePath: string;
  readonly #dir: string;
  #proc: ChildProcess | null = null;

  constructor(name = "dev") {
    sweepStalePtyDirs(tmpdir(), PTY_DIR_PREFIX);
    this.#dir = mkdtempSync(join(tmpdir(), `${PTY_DIR_PREFIX}${process.pid}-`));
    this.hostPath = join(this.#dir, `${name}-host`);
    this.devicePath = join(this.#dir, `${name}-device`);
  }

  get running(): boolean {
    return this.#proc !== null;
  }

  /** Creates the pair (again, after `unplug`); resolves when both links exist and data flows. */
  async plug(): Promise<void> {
    if (this.#proc) return;
    rmSync(this.hostPath, { force: true });
    rmSync(this.devicePath, { force: true });
    const proc = spawn(
      "sh",
      ["-c", GUARD, "sh", `pty,raw,echo=0,link=${this.devicePath}`, `pty,raw,echo=0,link=${this.hostPath}`, this.#dir],
      {
        stdio: ["pipe", "ignore", "pipe"],
      },
    );
    this.#proc = proc;
    await new Promise<void>((resolve, reject) => {
      let log = "";
      const onError = (e: Error) => fail(e.message);
      const onExit = (code: number | null) => fail(`exited with ${code}: ${log.trim()}`);
      const onLog = (d: Buffer) => {
        log += d.toString();
        if (!log.includes("starting data transfer loop")) return;
        proc.off("error", onError);
        proc.off("exit", onExit);
        proc.stderr?.off("data", onLog);
        proc.stderr?.resume();
        resolve();
      };
      const fail = (why: string) => {
        this.#proc = null;
        reject(new Error(`socat could not make a pty pair: ${why}. Install it with: apt-get install socat`));
      };
      proc.once("error", onError);
      proc.once("exit", onExit);
      proc.stderr?.on("data", onLog);
    });
    this.#proc.once("exit", () => {
      if (this.#proc === proc) this.#proc = null;
    });
  }

  /** Kills socat: both ends see their device vanish (and the links are removed). */
  async unplug(): Promise<void> {
    const proc = this.#proc;
    if (!proc) return;
    this.#proc = null;
    const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
    proc.stdin?.end();
    await exited;
    rmSync(this.hostPath, { force: true });
    rmSync(this.devicePath, { force: true });
  }

  /** Unplugs and removes the temporary directory. */
  async dispose(): Promise<void> {
    await this.unplug();
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
