/**
 * Issue 39 item 5: a game file that was read-only when a host started, then made writable, is used again — by the
 * running host (its store opens the file again and its game stores follow) and at the next start. SQLite makes the
 * `-wal` and `-shm` with the file's mode, so the first start left them read-only, and every later start opened the
 * file read-only however writable it was made. Permissions bind only a user who is not root: under root the scenario
 * runs in a child process as `nobody`.
 */
import { spawnSync } from "node:child_process";
import { chownSync, existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../helpers.ts";

const ROOT = process.getuid?.() === 0;
const NOBODY = 65534;

describe("a game file made writable again", () => {
  it.skipIf(!ROOT && process.getuid === undefined)(
    "is written again by the running host, and at the next start: the -wal and -shm left read-only are given the file's mode",
    () => {
      const dir = tempDir();
      if (ROOT) chownSync(dir, NOBODY, NOBODY);
      const run = spawnSync(process.execPath, ["--import", "tsx", join(import.meta.dirname, "fixtures", "read-only-restart.ts"), dir], {
        encoding: "utf8",
        cwd: join(import.meta.dirname, "..", "..", ".."),
        ...(ROOT ? { uid: NOBODY, gid: NOBODY } : {}),
        timeout: 60_000,
      });
      expect(run.stderr).toBe("");
      const r = JSON.parse(run.stdout) as Record<string, unknown>;
      expect(r.uid).not.toBe(0);
      expect(r.first).toBe("writes");
      expect(r.whileReadOnly).toMatch(/game\.sqlite: cannot be written .*SQLITE_READONLY|readonly/);
      expect(r.left).toMatchObject({ "-shm": "444" }); // what the read-only start left beside the file
      expect(r.afterRestart).toBe("writes");
      // the running host: refused while read-only, then writing again on its own, a person's write kept
      expect(r.runningReadOnly).toMatch(/live\.sqlite: cannot be written/);
      expect(r.runningWritable).toBe("writes");
      expect(r.marker).toBe("writes");
      expect(r.kept).toEqual({ "royal-james": 40 });
      expect(existsSync(join(dir, "game.sqlite"))).toBe(true);
    },
    90_000,
  );
});
