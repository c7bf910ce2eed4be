/**
 * Debounced tag presence for one reader: one `tag.arrived` per placement however long the tag stays, one
 * `tag.left` once the tag has been unseen for `debounceMs`. Polling readers (PN532) call `seen`/`check` on
 * every poll; reporting readers (MFRC522 sketches, keyboard wedges) call `seen` per report and `check` on a timer.
 */
import type { TagArrived, TagLeft } from "../readings.ts";

export type TagEvent = TagArrived | TagLeft;

export class PresenceTracker {
  readonly #readerId: string;
  readonly #debounceMs: number;
  #uid: string | null = null;
  #lastSeen = 0;

  constructor(readerId: string, debounceMs: number) {
    this.#readerId = readerId;
    this.#debounceMs = debounceMs;
  }

  /** The tag now on the reader, if any. */
  get current(): string | null {
    return this.#uid;
  }

  /**
   * A tag was read at `now`. Returns the events it causes: an arrival for a new tag (preceded by the
   * departure of a different tag that was on the reader), nothing for the tag already there.
   */
  seen(uid: string, now: number, text?: string): TagEvent[] {
    if (this.#uid === uid) {
      this.#lastSeen = now;
      return [];
    }
    const events: TagEvent[] = [];
    if (this.#uid !== null) events.push({ type: "tag.left", readerId: this.#readerId, uid: this.#uid, at: now });
    this.#uid = uid;
    this.#lastSeen = now;
    events.push(
      text === undefined
        ? { type: "tag.arrived", readerId: this.#readerId, uid, at: now }
        : { type: "tag.arrived", readerId: this.#readerId, uid, text, at: now },
    );
    return events;
  }

  /** True when `uid` would be a new arrival (used to read NDEF only once per placement). */
  isNew(uid: string): boolean {
    return this.#uid !== uid;
  }

  /** No tag seen at `now` (or a timer tick): the departure, once the tag has been unseen for the debounce time. */
  check(now: number): TagEvent[] {
    if (this.#uid === null || now - this.#lastSeen < this.#debounceMs) return [];
    const uid = this.#uid;
    this.#uid = null;
    return [{ type: "tag.left", readerId: this.#readerId, uid, at: now }];
  }
}

/** Upper-case hex without separators, the UID form of `TagArrived.uid`. */
export const uidHex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join("");

/**
 * The one UID normaliser: a UID as a table file, a reader or a person writes it ("04 a2:3b-5c") becomes the
 * `TagArrived.uid` form, `04A23B5C`. Null when it is not hex digits, optionally with single colons, dashes or
 * spaces between them, or longer than 64 digits.
 */
export function normaliseUid(text: string): string | null {
  const trimmed = text.trim();
  if (!/^[0-9a-fA-F]+(?:[:\s-]?[0-9a-fA-F]+)*$/.test(trimmed)) return null;
  const compact = trimmed.replace(/[\s:-]/g, "").toUpperCase();
  return compact.length <= 64 ? compact : null;
}
