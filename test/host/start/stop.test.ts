/**
 * Stopping the host (issue 15): SIGTERM and SIGINT end `quarterdeck start` with exit code 0, the store closed
 * and the data-dir lock released — also with a live client that stopped reading (which never answers a close
 * handshake) and with the emulated dice still being set up. No timing is asserted beyond the test's timeout.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { lockDataDir, PID_FILE } from "../../../host/store/data-dir-lock.ts";
import { freshDataDir, type HostProcess, startHost } from "../../browser/harness.ts";

let hosts: HostProcess[] = [];
afterEach(async () => {
  for (const h of hosts) await h.kill();
  hosts = [];
});

/** A live client that reads its first message and then stops reading. */
async function stalledClient(url: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace("http", "ws")}/api/live`, { headers: { origin: url } });
  ws.on("error", () => undefined);
  await new Promise<void>((done) => ws.once("message", () => done()));
  (ws as unknown as { _socket: { pause(): void } })._socket.pause();
  return ws;
}

const exitOf = (h: HostProcess) =>
  new Promise<{ code: number | null; signal: string | null }>((done) => {
    if (h.proc.exitCode !== null || h.proc.signalCode !== null) done({ code: h.proc.exitCode, signal: h.proc.signalCode });
    else h.proc.once("exit", (code, signal) => done({ code, signal }));
  });

describe("the host stops on a signal", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`${signal}: exit 0, the store readable by another process, the lock free`, async () => {
      const data = freshDataDir();
      const host = await startHost(data, ["--log-level", "info"]);
      hosts.push(host);
      const ws = await stalledClient(host.url);
      const exited = exitOf(host);
      host.proc.kill(signal);
      // generous: a stop held by a client's close handshake took 30 s, one held by dice setups 7 s
      const late = new Promise((done) => setTimeout(() => done("still running 20 s after the signal"), 20_000).unref());
      expect(await Promise.race([exited, late])).toEqual({ code: 0, signal: null });
      ws.terminate();
      expect(host.output()).toContain("the host stopped");
      expect(existsSync(join(data, PID_FILE))).toBe(false);
      const lock = lockDataDir(data);
      expect(lock.ok).toBe(true);
      if (lock.ok) lock.lock.release();
      // closed cleanly: the last connection's close checkpoints the WAL into the database and removes it
      expect(existsSync(join(data, "quarterdeck.sqlite-wal"))).toBe(false);
      const db = new Database(join(data, "quarterdeck.sqlite"), { readonly: true });
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      db.close();
    }, 60_000);
  }
});
