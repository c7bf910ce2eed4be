/**
 * Who listens to the table's devices, family by family: a subscriber hears every family's readings and health, and
 * keeps hearing them when a family is rebuilt (its old devices let go, the new ones followed). The listeners go to
 * the devices themselves ({@link subscribeEach}), so nothing of this runs on a reading's way in.
 */
import type { Reading, Unsubscribe } from "../devices/readings.ts";
import type { Slot } from "./device-slots.ts";
import { subscribeEach } from "./devices.ts";

interface Subscriber {
  readonly onReading: (r: Reading) => void;
  readonly onHealth: () => void;
  /** Each slot's unsubscribe. */
  readonly offs: Map<Slot, Unsubscribe>;
}

/** The subscribers of one table's devices. */
export class DeviceSubscriptions {
  readonly #subscribers = new Set<Subscriber>();

  /** Subscribes to every slot of `slots`; returns the unsubscribe. */
  add(slots: readonly Slot[], onReading: (r: Reading) => void, onHealth: () => void): Unsubscribe {
    const sub: Subscriber = { onReading, onHealth, offs: new Map() };
    this.#subscribers.add(sub);
    for (const slot of slots) this.#follow(sub, slot);
    return () => {
      this.#subscribers.delete(sub);
      for (const off of sub.offs.values()) off();
    };
  }

  /** A slot rebuilt: the old one's devices are no longer heard, the fresh one's are, and every subscriber hears of it. */
  replaced(old: Slot, fresh: Slot): void {
    for (const sub of this.#subscribers) {
      sub.offs.get(old)?.();
      sub.offs.delete(old);
    }
    for (const sub of this.#subscribers) this.#follow(sub, fresh);
  }

  /** Tells every subscriber the devices' health changed. */
  healthChanged(): void {
    for (const sub of this.#subscribers) sub.onHealth();
  }

  #follow(sub: Subscriber, slot: Slot): void {
    sub.offs.get(slot)?.();
    sub.offs.set(slot, slot.built ? subscribeEach(slot.built.sources, slot.built.dial, sub.onReading, sub.onHealth) : () => {});
  }
}
