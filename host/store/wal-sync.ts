/**
 * Brings a WAL-mode game file's `-wal` to the disk in the background. The store commits with synchronous=NORMAL:
 * when a commit returns its pages are written to the operating system, so a killed or crashed host loses nothing,
 * and the table can show the result at once; this then syncs the file on libuv's thread pool while the change is
 * pushed and painted. A power cut can so lose at most the commits of the last few milliseconds, which the screen
 * had only just shown. Syncs coalesce: one in flight, and one more after it when commits came meanwhile.
 *
 * It also checkpoints the -wal into the file once the table has been quiet for a second (no commit), or at the latest
 * CHECKPOINT_MAX_WAIT_MS after the first commit since the last checkpoint, instead of SQLite's own checkpoint inside
 * the commit that crosses its 1,000 pages: that one copied and synced the file on the die's path, the host's slowest
 * runs (die-path bench: the step's p99 1.25 → 0.77 ms). The store keeps SQLite's as a backstop at
 * CHECKPOINT_BACKSTOP_PAGES.
 */
import { closeSync, fsync, fsyncSync, openSync } from "node:fs";

/** How long the table is quiet (no commit) before the -wal is checkpointed into the file: between rolls. */
export const CHECKPOINT_AFTER_MS = 1000;

/** The longest a commit waits for its checkpoint while commits keep coming (a flood of readings, a long phase). */
export const CHECKPOINT_MAX_WAIT_MS = 10_000;

/** SQLite's own checkpoint, kept for a -wal that grows past this many pages before a timer runs (40 MB). */
export const CHECKPOINT_BACKSTOP_PAGES = 10_000;

export class WalSync {
  readonly #file: string;
  readonly #onError: (e: Error) => void;
  readonly #checkpoint: (() => void) | null;
  #checkpointDue: NodeJS.Timeout | null = null;
  /** When the first commit since the last checkpoint came (performance.now()). */
  #firstCommitAt = 0;
  #fd: number | null = null;
  #busy = false;
  #again = false;
  #closed = false;

  /**
   * `onError`: a sync failed (the store then syncs every commit itself, so that the failure surfaces there).
   * `checkpoint`: copies the -wal into the file (`wal_checkpoint(PASSIVE)`), run once the table is quiet.
   */
  constructor(dbFile: string, onError: (e: Error) => void, checkpoint?: () => void) {
    this.#file = `${dbFile}-wal`;
    this.#onError = onError;
    this.#checkpoint = checkpoint ?? null;
  }

  /**
   * A checkpoint once no commit has come for CHECKPOINT_AFTER_MS: each commit puts it off (`refresh`, which allocates
   * nothing on the die's path), until the first commit since the last checkpoint has waited CHECKPOINT_MAX_WAIT_MS.
   */
  #scheduleCheckpoint(): void {
    if (!this.#checkpoint || this.#closed) return;
    if (this.#checkpointDue) {
      if (performance.now() - this.#firstCommitAt < CHECKPOINT_MAX_WAIT_MS) this.#checkpointDue.refresh();
      return;
    }
    const run = this.#checkpoint;
    this.#firstCommitAt = performance.now();
    this.#checkpointDue = setTimeout(() => {
      this.#checkpointDue = null;
      if (this.#closed) return;
      try {
        run();
      } catch {
        // a checkpoint that fails leaves the commits in the -wal, where SQLite reads them: nothing is lost, and
        // SQLite's backstop checkpoints in a commit once the -wal is that long
      }
    }, CHECKPOINT_AFTER_MS);
    this.#checkpointDue.unref();
  }

  /** Asks for the commits made so far to reach the disk; returns at once. */
  request(): void {
    if (this.#closed) return;
    this.#scheduleCheckpoint();
    if (this.#busy) {
      this.#again = true;
      return;
    }
    const fd = this.#open();
    if (fd === null) return;
    this.#busy = true;
    fsync(fd, (err) => {
      this.#busy = false;
      if (err && !this.#closed) this.#onError(err);
      if (this.#again) {
        this.#again = false;
        this.request();
      }
    });
  }

  /**
   * Brings every commit so far to the disk before returning: for a write a person is told is done (a game ended,
   * created, deleted or opened, a device named, a die bound), which a power cut must not take back.
   */
  now(): void {
    if (this.#closed) return;
    const fd = this.#open();
    if (fd !== null) fsyncSync(fd);
  }

  /** Syncs what is left and lets go of the file; call before the database closes (which removes the -wal). */
  close(): void {
    this.#closed = true;
    if (this.#checkpointDue) clearTimeout(this.#checkpointDue);
    this.#checkpointDue = null;
    if (this.#fd === null) return;
    try {
      fsyncSync(this.#fd);
    } finally {
      closeSync(this.#fd);
      this.#fd = null;
    }
  }

  #open(): number | null {
    if (this.#fd === null) {
      try {
        this.#fd = openSync(this.#file, "r");
      } catch (e) {
        this.#onError(e as Error);
        return null;
      }
    }
    return this.#fd;
  }
}
