/** A tiny typed listener set shared by the transports, links, drivers and emulators of the device layer. */
import type { Unsubscribe } from "../readings.ts";

export class Listeners<T> {
  readonly #set = new Set<(value: T) => void>();

  /** Adds a listener; the returned function removes it. */
  add(listener: (value: T) => void): Unsubscribe {
    this.#set.add(listener);
    return () => this.#set.delete(listener);
  }

  /**
   * Calls every listener with `value`; one added or removed meanwhile does not change this round. With
   * `onError`, a listener that throws is reported there and the others still hear the value.
   */
  emit(value: T, onError?: (error: unknown) => void): void {
    for (const listener of [...this.#set]) {
      if (!onError) listener(value);
      else {
        try {
          listener(value);
        } catch (e) {
          onError(e);
        }
      }
    }
  }

  /** Removes every listener. */
  clear(): void {
    this.#set.clear();
  }

  get size(): number {
    return this.#set.size;
  }
}
