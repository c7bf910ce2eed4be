/**
 * What a family driver (Pixels, GoDice) does over one BLE connection, and what it reports back to the die's link.
 * A session lives from connect to disconnect; the link makes a new one, on a fresh peripheral handle, per
 * reconnect.
 */
import type { Logger } from "pino";
import type { BleCharacteristic, BlePeripheral } from "../ble/seam.ts";
import type { Clock } from "../common/clock.ts";
import type { DieLight, PhysicalDieKind, Unsubscribe } from "../readings.ts";
import type { DieObservation } from "./roll-gate.ts";

/** Callbacks from a session to its die's link (which owns the roll gate and the health). */
export interface SessionSink {
  /** A state report; the link runs it through the roll gate. */
  observe(observation: DieObservation): void;
  /** The link came back and the family cannot resync (GoDice). */
  restoredWithoutSync(): void;
  /** The die's physical kind as the die reports it (Pixels IAmADie), or null when unknown. */
  identified(kind: PhysicalDieKind | null, detail: Record<string, unknown>): void;
  battery(percent: number, charging?: boolean): void;
  rssi(dbm: number): void;
  color(name: string): void;
  /** A message that is not a roll but a person should see (crooked landing, tilted GoDice …). */
  notice(message: string): void;
  /** A roll under way whose result was lost and could not be asked for again: the player must roll again. */
  rollLost(reason: string): void;
  /** A notification that failed to decode (counted and logged). */
  rejected(bytes: Uint8Array, reason: string): void;
}

export interface SessionContext {
  readonly dieId: string;
  readonly clock: Clock;
  readonly logger?: Logger;
  readonly sink: SessionSink;
  /** True on the first connection of this die since the source started. */
  readonly firstConnection: boolean;
}

/** One open connection to a die. */
export interface DieSession {
  /** Blinks the die's LEDs; resolves true once the command was written. */
  identify(): Promise<boolean>;
  /** Shows a light (a result, the glow, low battery, off); resolves true once the command was written. */
  light(light: DieLight): Promise<boolean>;
  /** Asks for battery (and RSSI where the link can read it). */
  poll(): Promise<void>;
  /** Disconnects and releases the handle. Idempotent. */
  close(): Promise<void>;
}

/**
 * The connection lifetime both families' sessions share: notifications are subscribed through it, a failed
 * setup unsubscribes and disconnects before its error goes on, and `close()` does the same once.
 */
export class SessionLifetime {
  #closed = false;
  #unsubscribe: Unsubscribe | null = null;

  constructor(private readonly peripheral: BlePeripheral) {}

  /** True once `close()` was called: identify and poll do nothing then. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Subscribes `handle` to a characteristic's notifications until the session ends. */
  async subscribe(characteristic: BleCharacteristic, handle: (bytes: Uint8Array) => void): Promise<void> {
    this.#unsubscribe = await characteristic.subscribe(handle);
  }

  /**
   * Runs the setup steps (connect, discover, subscribe, handshake) and gives what they return; when one fails,
   * releases the die and rethrows.
   */
  async setUp<T>(steps: () => Promise<T>): Promise<T> {
    try {
      return await steps();
    } catch (e) {
      await this.#release();
      throw e;
    }
  }

  /** Unsubscribes and disconnects. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#release();
  }

  async #release(): Promise<void> {
    this.#unsubscribe?.();
    await this.peripheral.disconnect().catch(() => undefined);
  }
}
