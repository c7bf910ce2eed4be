/**
 * Removes pty-pair directories left by processes that no longer run (a host killed with SIGKILL whose guards could
 * not tidy up, e.g. because the machine lost power).
 */
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

/** Whether a process with this pid exists (EPERM: it exists but belongs to someone else). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

let swept = false;

/**
 * Once per process: removes `<dir>/<prefix><pid>-*` whose pid is not running. Directories without a pid (from
 * older versions) are left alone: nothing says whether their owner still runs. Returns the directories removed. Errors (another user's
 * directory, a race with another sweeper) are ignored: the sweep is tidying, never a reason to fail.
 */
export function sweepStalePtyDirs(dir: string, prefix: string, force = false): string[] {
  if (swept && !force) return [];
  swept = true;
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(prefix));
  } catch {
    return removed;
  }
  for (const name of names) {
    const owner = /^(\d+)-/.exec(name.slice(prefix.length))?.[1];
    if (owner === undefined || Number(owner) === process.pid || processAlive(Number(owner))) continue;
    try {
      rmSync(join(dir, name), { recursive: true, force: true });
      removed.push(name);
    } catch {
      // not ours to remove, or already gone
    }
  }
  return removed;
}
