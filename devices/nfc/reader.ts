/**
 * The reader seam: every NFC reader — PN532, MFRC522 sketch, keyboard wedge, and the bridge firmware's reader
 * — implements `NfcReader`, and `readersSource` turns a set of them into the host's `DeviceSource`.
 */

import { Listeners } from "../common/listeners.ts";
import type { DeviceHealth, DeviceSource, TagArrived, TagLeft, Unsubscribe } from "../readings.ts";

/**
 * One reader. Contract:
 * - `start()` never rejects for missing hardware: that is `health().status` (`missing`, `unavailable`) with a message.
 * - `onTag` gets one `tag.arrived` per placement and one `tag.left` per removal (debounced), in order, never
 *   doubled across a reconnect.
 * - `onHealth` fires on every change of status; `health()` is the latest.
 */
export interface NfcReader {
  readonly readerId: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  onTag(listener: (event: TagArrived | TagLeft) => void): Unsubscribe;
  onHealth(listener: (health: DeviceHealth) => void): Unsubscribe;
  health(): DeviceHealth;
}

/** Health fields every reader shares. */
export function readerHealth(
  id: string,
  family: string,
  emulated: boolean,
  status: string,
  extra: { message?: string | undefined; lastSeen?: number | undefined } = {},
): DeviceHealth {
  return {
    id,
    kind: "reader",
    family,
    connected: status === "connected",
    status,
    emulated,
    ...(extra.message !== undefined ? { message: extra.message } : {}),
    ...(extra.lastSeen !== undefined ? { lastSeen: extra.lastSeen } : {}),
  };
}

/** Health with change detection, so listeners hear each change once. */
export class HealthCell {
  readonly #listeners = new Listeners<DeviceHealth>();
  #value: DeviceHealth;

  constructor(initial: DeviceHealth) {
    this.#value = initial;
  }

  get value(): DeviceHealth {
    return this.#value;
  }

  set(next: DeviceHealth): void {
    const a = this.#value;
    const changed = a.status !== next.status || a.message !== next.message || a.connected !== next.connected;
    this.#value = next;
    if (changed) this.#listeners.emit(next);
  }

  /** Updates `lastSeen` without notifying (it changes on every poll). */
  touch(at: number): void {
    this.#value = { ...this.#value, lastSeen: at };
  }

  onChange(listener: (health: DeviceHealth) => void): Unsubscribe {
    return this.#listeners.add(listener);
  }
}

/** A `DeviceSource` over several readers (the host sees readings and health, nothing else). */
export function readersSource(readers: readonly NfcReader[]): DeviceSource {
  const readings = new Listeners<TagArrived | TagLeft>();
  const health = new Listeners<DeviceHealth>();
  const offs: Unsubscribe[] = [];
  return {
    async start() {
      if (offs.length > 0) return;
      for (const r of readers) {
        offs.push(
          r.onTag((e) => readings.emit(e)),
          r.onHealth((h) => health.emit(h)),
        );
      }
      await Promise.all(readers.map((r) => r.start()));
    },
    async stop() {
      await Promise.all(readers.map((r) => r.stop()));
      for (const off of offs.splice(0)) off();
    },
    onReading: (listener) => readings.add(listener),
    onHealth: (listener) => health.add(listener),
    health: () => readers.map((r) => r.health()),
  };
}
