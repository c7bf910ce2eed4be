/**
 * Brings a WAL-mode game file's `-wal` to the disk in the background. The store commits with synchronous=NORMAL:
 * when a commit returns its pages are written to the operating system, so a killed or crashed host loses nothing,
 * and the table can show the result at once; this then syncs the file on libuv's thread pool while the change is
 * pushed and painted. A power cut can so lose at most the commits of the last few milliseconds, which the screen
 * had only just shown. Syncs coalesce: one in flight, and one more after it when commits came meanwhile.
 */
import { closeSync, fsync, fsyncSync, openSync } from "node:fs";

export class WalSync {
  readonly #file: string;
  readonly #onError: (e: Error) => void;
  #fd: number | null = null;
  #busy = false;
  #again = false;
  #closed = false;

  /** `onError`: a sync failed (the store then syncs every commit itself, so that the failure surfaces there). */
  constructor(dbFile: string, onError: (e: Error) => void) {
    this.#file = `${dbFile}-wal`;
    this.#onError = onError;
  }

  /** Asks for the commits made so far to reach the disk; returns at once. */
  request(): void {
    if (this.#closed) return;
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
