/**
 * {@link BleCentral} over emulated devices: scanning reports every advertising device at once, again whenever its
 * advert changes (a roll, a battery change, advertising resumed), and every `advertIntervalMs` while scanning —
 * the repeated adverts a real scan with allowDuplicates delivers. Adverts pass the device's fault knobs (a
 * corrupted advert has its manufacturer data cut by one byte). Each discovery carries a fresh handle.
 */

import type { BleCentral, BleCentralState, BleDiscovery, BleScanOptions } from "../../ble/seam.ts";
import { type Clock, systemClock, type TimerHandle } from "../../common/clock.ts";
import { Listeners } from "../../common/listeners.ts";
import type { Unsubscribe } from "../../readings.ts";
import type { EmulatedBleDevice } from "./device.ts";
import { EmulatedPeripheral } from "./peripheral.ts";

export interface EmulatedCentralOptions {
  readonly clock?: Clock;
  /** Repeat adverts this often while scanning (Pixels: 187.5 ms); 0 = only on change. Default 200. */
  readonly advertIntervalMs?: number;
  readonly state?: BleCentralState;
}

export class EmulatedCentral implements BleCentral {
  readonly clock: Clock;
  readonly #devices: EmulatedBleDevice[] = [];
  readonly #discoverListeners = new Listeners<BleDiscovery>();
  readonly #stateListeners = new Listeners<BleCentralState>();
  #state: BleCentralState;
  #scan: BleScanOptions | null = null;
  #timer: TimerHandle | null = null;
  readonly #interval: number;

  constructor(options: EmulatedCentralOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.#state = options.state ?? { kind: "ready" };
    this.#interval = options.advertIntervalMs ?? 200;
  }

  add(device: EmulatedBleDevice): void {
    this.#devices.push(device);
    device.onAdvertChange(() => this.#advertise(device));
  }

  devices(): readonly EmulatedBleDevice[] {
    return this.#devices;
  }

  setState(state: BleCentralState): void {
    this.#state = state;
    if (state.kind !== "ready") this.#stopTimer();
    this.#stateListeners.emit(state);
  }

  state(): BleCentralState {
    return this.#state;
  }

  onStateChange(listener: (s: BleCentralState) => void): Unsubscribe {
    return this.#stateListeners.add(listener);
  }

  async whenSettled(): Promise<BleCentralState> {
    return this.#state;
  }

  async startScan(options: BleScanOptions): Promise<void> {
    if (this.#state.kind !== "ready")
      throw new Error(`Bluetooth unavailable: ${"reason" in this.#state ? this.#state.reason : this.#state.kind}`);
    this.#scan = options;
    for (const d of this.#devices) this.#advertise(d);
    this.#tick();
  }

  async stopScan(): Promise<void> {
    this.#scan = null;
    this.#stopTimer();
  }

  onDiscover(listener: (d: BleDiscovery) => void): Unsubscribe {
    return this.#discoverListeners.add(listener);
  }

  async close(): Promise<void> {
    await this.stopScan();
    this.#discoverListeners.clear();
  }

  #stopTimer(): void {
    this.#timer?.cancel();
    this.#timer = null;
  }

  #tick(): void {
    this.#stopTimer();
    if (this.#interval <= 0 || !this.#scan) return;
    this.#timer = this.clock.after(this.#interval, () => {
      for (const d of this.#devices) this.#advertise(d);
      this.#tick();
    });
  }

  #advertise(device: EmulatedBleDevice): void {
    const scan = this.#scan;
    if (!scan || this.#state.kind !== "ready" || !device.advertising()) return;
    const data = device.advertData();
    const filter = scan.serviceUuids ?? [];
    if (filter.length > 0 && !data.serviceUuids.some((u) => filter.includes(u))) return;
    const copies = data.manufacturerData ? device.faults.apply(data.manufacturerData) : [new Uint8Array(0)];
    for (const manufacturerData of copies) {
      device.deliver(() => {
        if (!this.#scan || !device.advertising()) return;
        const discovery: BleDiscovery = {
          advertisement: {
            id: device.id,
            address: device.address,
            ...(data.name ? { name: data.name } : {}),
            rssi: device.rssi,
            ...(data.manufacturerData ? { manufacturerData } : {}),
            serviceUuids: data.serviceUuids,
            serviceData: data.serviceData,
            connectable: true,
          },
          peripheral: new EmulatedPeripheral(device, this.clock),
        };
        this.#discoverListeners.emit(discovery);
      });
    }
  }
}
