/**
 * The session's change feed: a version that grows with every change, the notices kept (the display shows the
 * newest), and the events waiting to be told; listeners hear, once per step, of everything the step changed.
 */
import { withNotice } from "./refused-dice.ts";
import type { Notice, SessionEvent, SessionListener } from "./session-types.ts";

/** How many notices the session keeps (the display shows the newest). */
const NOTICES_KEPT = 12;

export class ChangeFeed {
  #version = 0;
  #flushed = 0;
  #pending: SessionEvent[] = [];
  /** The last notices, newest last. */
  #notices: readonly Notice[] = [];
  readonly #listeners = new Set<SessionListener>();

  /** Grows with every change (and every notice). */
  get version(): number {
    return this.#version;
  }
  get notices(): readonly Notice[] {
    return this.#notices;
  }

  /** Listeners hear of every change, once its effects are committed, with what happened. */
  listen(listener: SessionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A change, with what happened (if anything is to be told of it). */
  changed(event?: SessionEvent): void {
    this.#version++;
    if (event) this.#pending.push(event);
  }

  /** Something to tell that is no change of the state's own (the dial turned, a ship shown, the Log button). */
  tell(event: SessionEvent): void {
    this.#pending.push(event);
  }

  /** Keeps a notice and queues it as an event (a change of its own). */
  notice(notice: Notice): void {
    // the same words said again (a button pressed twice on a refused shot) take the last notice's place
    const last = this.#notices.at(-1);
    const again = !notice.refused && last?.text === notice.text && last.level === notice.level && last.device === notice.device;
    this.#notices = withNotice(again ? this.#notices.slice(0, -1) : this.#notices, notice).slice(-NOTICES_KEPT);
    // a die refused for the reason of the last notice joined it: the event carries the joined notice
    this.changed({ type: "notice", notice: this.#notices.at(-1) ?? notice });
  }

  /** Tells listeners of every change since the last push (a new version, with or without events). */
  push(): void {
    if (this.#pending.length === 0 && this.#flushed === this.#version) return;
    this.#flushed = this.#version;
    const events = this.#pending;
    this.#pending = [];
    for (const l of this.#listeners) l(events);
  }
}
