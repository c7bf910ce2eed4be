/**
 * Hardening of the host process (issue 15, items 5 and 12): one host per data directory — a second start exits
 * 2 naming the first one's pid, and a host killed with SIGKILL never blocks the next start; and kills leave no
 * `/tmp/quarterdeck-pty-*` directories behind.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sweepStalePtyDirs } from "../../../devices/testing/pty/stale-dirs.ts";
import { lockDataDir } from "../../../host/store/data-dir-lock.ts";
import { freshDataDir, type HostProcess, startHost } from "../../browser/harness.ts";
import { tempDir } from "../helpers.ts";

const ROOT = resolve(import.meta.dirname, "..", "..", "..");
let hosts: HostProcess[] = [];
afterEach(async () => {
  for (const h of hosts) await h.stop();
  hosts = [];
});

const ptyDirsOf = (pid: number | undefined) => readdirSync(tmpdir()).filter((n) => n.startsWith(`quarterdeck-pty-${pid}-`));
const waitFor = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return check();
};

describe("one host per data directory", () => {
  it("makes a lock file left unreadable (a power cut: the lock writes without an fsync) again, and takes the lock", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "quarterdeck.lock"), "not a database at all, a torn page".repeat(200));
    const locked = lockDataDir(dir);
    expect(locked.ok).toBe(true);
    if (locked.ok) locked.lock.release();
  });

  it("a second lock on the same directory is refused and names the holder's pid; released, it is free again", () => {
    const dir = tempDir("qd-lock-");
    const first = lockDataDir(dir, 4242);
    expect(first.ok).toBe(true);
    const second = lockDataDir(dir, 4343);
    expect(second).toMatchObject({ ok: false, holderPid: 4242 });
    if (!second.ok) expect(second.message).toMatch(/pid 4242/);
    if (first.ok) first.lock.release();
    const third = lockDataDir(dir, 4444);
    expect(third.ok).toBe(true);
    if (third.ok) third.lock.release();
  });

  it("a data directory that cannot be used is a clear error, exit 2: a file where the folder should be, a folder for the token (issue 27)", () => {
    const start = (data: string) =>
      spawnSync(process.execPath, ["bin/quarterdeck.mjs", "start", "--port", "0", "--data", data], {
        cwd: ROOT,
        encoding: "utf8",
        timeout: 30_000,
      });
    const file = join(tempDir("qd-data-"), "data");
    writeFileSync(file, "not a folder");
    const a = start(file);
    expect(a.status).toBe(2);
    expect(JSON.parse(a.stdout).error).toEqual({
      code: "store.unwritable",
      message: `The data directory ${file} cannot be used: a file is where a folder should be (${file}).`,
      path: file,
    });
    const data = tempDir("qd-data-");
    mkdirSync(join(data, "token"));
    const b = start(data);
    expect(b.status).toBe(2);
    expect(JSON.parse(b.stdout).error).toMatchObject({ code: "store.unwritable", path: join(data, "token") });
  });

  it("a second `quarterdeck start` exits 2 naming the running host; after kill -9 the next start is not blocked", async () => {
    const data = freshDataDir();
    const first = await startHost(data);
    hosts.push(first);
    const second = spawnSync(process.execPath, ["bin/quarterdeck.mjs", "start", "--port", "0", "--data", data], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(second.status).toBe(2);
    const out = JSON.parse(second.stdout);
    expect(out.error.code).toBe("data.locked");
    expect(out.error.message).toContain(`pid ${first.proc.pid}`);
    expect(out.error.path).toBe(join(data, "quarterdeck.lock"));

    await first.kill();
    const third = await startHost(data);
    hosts.push(third);
    expect(third.output()).toMatch(/Display:/);
  }, 90_000);
});

describe("no pty directories outlive the host", () => {
  it("SIGKILL: the guards remove the killed host's pty directories; SIGTERM: the host removes its own", async () => {
    // the demo's dice over an emulated HCI controller run on pty pairs (its readers are in memory)
    const killed = await startHost(freshDataDir(), ["--sim", "hci"]);
    const pid = killed.proc.pid;
    expect(await waitFor(() => ptyDirsOf(pid).length > 0, 20_000)).toBe(true);
    await killed.kill();
    // the guards remove them; at the latest the next start's sweep does (pid gone)
    const stopped = await startHost(freshDataDir(), ["--sim", "hci"]);
    expect(await waitFor(() => ptyDirsOf(pid).length === 0)).toBe(true);
    const pid2 = stopped.proc.pid;
    expect(await waitFor(() => ptyDirsOf(pid2).length > 0, 20_000)).toBe(true);
    await stopped.stop();
    expect(await waitFor(() => ptyDirsOf(pid2).length === 0)).toBe(true);
  }, 90_000);

  it("a start sweeps away directories whose owning process is gone, and keeps those of running ones", () => {
    const dir = tempDir("qd-sweep-");
    const gone = spawnSync("true").pid as number; // a pid that has just exited
    mkdirSync(join(dir, `quarterdeck-pty-${gone}-abc123`));
    mkdirSync(join(dir, `quarterdeck-pty-${process.pid}-def456`));
    mkdirSync(join(dir, `quarterdeck-pty-${process.ppid}-ghi789`));
    const removed = sweepStalePtyDirs(dir, "quarterdeck-pty-", true);
    expect(removed).toEqual([`quarterdeck-pty-${gone}-abc123`]);
    expect(existsSync(join(dir, `quarterdeck-pty-${process.pid}-def456`))).toBe(true);
    expect(existsSync(join(dir, `quarterdeck-pty-${process.ppid}-ghi789`))).toBe(true);
  });
});
