/**
 * One of the bridge board's readers as the host keeps it: the tag on it (one presence, so a reconnect or a
 * repeated report never doubles an arrival), its health, and its listeners. A tag seen before the line went down
 * (or the board restarted) is unconfirmed until the board's next full round; one the round does not confirm has
 * left while nobody was listening.
 */
import { Listeners } from "../common/listeners.ts";
import { HealthCell, readerHealth } from "../nfc/reader.ts";
import type { TagArrived, TagLeft } from "../readings.ts";

/** One bridge reader: the tag on it, its health and its listeners. */
export class BridgeReaderSlot {
  readonly health: HealthCell;
  readonly tags = new Listeners<TagArrived | TagLeft>();
  #uid: string | null = null;
  /** Present before the last reconnect and not yet confirmed by the board's snapshot. */
  #stale = false;

  constructor(
    readonly readerId: string,
    private readonly emulated: boolean,
    private readonly now: () => number,
  ) {
    this.health = new HealthCell(readerHealth(readerId, "bridge", emulated, "connecting"));
  }

  /** The reader's health now (stamped with the time), with the reason when it is not connected. */
  setHealth(status: string, message?: string): void {
    this.health.set(readerHealth(this.readerId, "bridge", this.emulated, status, { message, lastSeen: this.now() }));
  }

  /** The board reports `uid` on this reader: an arrival, unless it is the tag already there. */
  arrived(uid: string): void {
    if (this.#uid === uid) {
      this.#stale = false; // the same tag, re-reported after a reconnect or query
      return;
    }
    this.#left();
    this.#uid = uid;
    this.tags.emit({ type: "tag.arrived", readerId: this.readerId, uid, at: this.now() });
  }

  /** The board reports `uid` gone from this reader. */
  departed(uid: string): void {
    if (this.#uid === uid) this.#left();
  }

  /** The line came back, or the board restarted: the tag on it must be confirmed by the next round. */
  unconfirm(): void {
    this.#stale = this.#uid !== null;
  }

  /** The board finished a round: a tag it did not confirm has left. */
  roundDone(): void {
    if (this.#stale) this.#left();
  }

  #left(): void {
    if (this.#uid === null) return;
    this.tags.emit({ type: "tag.left", readerId: this.readerId, uid: this.#uid, at: this.now() });
    this.#uid = null;
    this.#stale = false;
  }
}
