/**
 * The session's change feed: a version that grows with every change, the notices, and the events waiting to be
 * told. Listeners hear of every change at a flush, once its effects are committed.
 */
import { type Notice, NoticeBoard } from "./notices.ts";
import type { SessionEvent, SessionListener } from "./session-types.ts";

export class SessionFeed {
  #version = 0;
  #flushed = 0;
  readonly #notices = new NoticeBoard();
  readonly #listeners = new Set<SessionListener>();
  #pending: SessionEvent[] = [];

  /** Grows with every change (and every notice). */
  get version(): number {
    return this.#version;
  }

  get notices(): readonly Notice[] {
    return this.#notices.list();
  }

  onChange(listener: SessionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Marks a change: a new version. */
  bump(): void {
    this.#version++;
  }

  /** Queues an event for the next flush. */
  emit(e: SessionEvent): void {
    this.#pending.push(e);
  }

  /** Keeps a notice and queues it as an event (a change of its own). */
  notice(notice: Notice): void {
    this.#notices.add(notice);
    this.#version++;
    this.emit({ type: "notice", notice });
  }

  /** Tells listeners of every change since the last flush (a new version, with or without events). */
  flush(): void {
    if (this.#pending.length === 0 && this.#flushed === this.#version) return;
    this.#flushed = this.#version;
    const events = this.#pending;
    this.#pending = [];
    for (const l of this.#listeners) l(events);
  }
}
