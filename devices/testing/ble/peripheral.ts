/**
 * {@link BlePeripheral} handle onto an emulated device. Like a handle from a discovery, it connects once: a
 * second `connect` on the same handle is refused, which enforces the seam's "re-scan for a fresh handle" rule.
 * A device that cannot be reached makes `connect` wait for the timeout (≥ 10 s), as a real radio does.
 */

import {
  type BleCharacteristic,
  type BleConnectOptions,
  BleDisconnectedError,
  type BlePeripheral,
  type BleService,
  MIN_CONNECT_TIMEOUT_MS,
} from "../../ble/seam.ts";
import type { Clock } from "../../common/clock.ts";
import { Listeners } from "../../common/listeners.ts";
import type { Unsubscribe } from "../../readings.ts";
import type { EmulatedBleDevice, EmulatedLink } from "./device.ts";

export class EmulatedPeripheral implements BlePeripheral {
  readonly id: string;
  #link: EmulatedLink | null = null;
  #used = false;
  readonly #listeners = new Listeners<string>();

  constructor(
    private readonly device: EmulatedBleDevice,
    private readonly clock: Clock,
  ) {
    this.id = device.id;
  }

  async connect(options?: BleConnectOptions): Promise<void> {
    if (this.#used) throw new Error(`stale peripheral handle for ${this.id}: re-scan for a fresh one`);
    this.#used = true;
    const link = this.device.acceptLink();
    if (!link) {
      const ms = Math.max(options?.timeoutMs ?? MIN_CONNECT_TIMEOUT_MS, MIN_CONNECT_TIMEOUT_MS);
      await new Promise<void>((resolve) => this.clock.after(ms, resolve));
      throw new Error(`connect to ${this.id} timed out after ${ms} ms`);
    }
    this.#link = link;
    link.onDown((reason) => {
      this.#listeners.emit(reason);
    });
    await new Promise<void>((resolve) => this.device.deliver(resolve));
  }

  #open(): EmulatedLink {
    const link = this.#link;
    if (!link?.open) throw new BleDisconnectedError();
    return link;
  }

  async discover(serviceUuids: readonly string[]): Promise<readonly BleService[]> {
    const link = this.#open();
    return this.device
      .services()
      .filter((s) => serviceUuids.includes(s.uuid))
      .map((s) => ({
        uuid: s.uuid,
        characteristics: s.characteristics.map(
          (c): BleCharacteristic => ({
            uuid: c.uuid,
            properties: c.properties,
            subscribe: async (listener) => {
              if (!link.open) throw new BleDisconnectedError();
              link.subscribers.set(c.uuid, listener);
              return () => {
                if (link.subscribers.get(c.uuid) === listener) link.subscribers.delete(c.uuid);
              };
            },
            write: async (data) => {
              if (!link.open) throw new BleDisconnectedError();
              const copy = Uint8Array.from(data);
              this.device.deliver(() => this.device.receive(link, c.uuid, copy));
            },
          }),
        ),
      }));
  }

  async readRssi(): Promise<number> {
    this.#open();
    return this.device.rssi;
  }

  mtu(): number | null {
    return this.#link ? this.device.mtu : null;
  }

  async disconnect(): Promise<void> {
    this.#link?.close("disconnected by host");
  }

  onDisconnect(listener: (reason: string) => void): Unsubscribe {
    return this.#listeners.add(listener);
  }
}
