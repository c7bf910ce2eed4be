/**
 * The far side of the BLE seam: an emulated peripheral with GATT characteristics, adverts and one link at a time
 * (Pixels firmware allows a single connection). Subclasses (Pixels, GoDice) speak the die's real bytes; this base
 * class carries them through the fault knobs and models what the air does: a notification with no subscriber
 * is lost, a connected die stops advertising, a die out of range neither advertises nor accepts connections.
 */

import type { BleServiceData } from "../../ble/seam.ts";
import type { Clock } from "../../common/clock.ts";
import { Listeners } from "../../common/listeners.ts";
import { cutLastByte, Faults, seededRandom } from "../faults.ts";

export interface CharacteristicDef {
  readonly uuid: string;
  readonly properties: readonly string[];
}

export interface ServiceDef {
  readonly uuid: string;
  readonly characteristics: readonly CharacteristicDef[];
}

/** The GATT table both dice families have: one service with a notify and a write characteristic. */
export function notifyWriteService(ids: { readonly service: string; readonly notify: string; readonly write: string }): ServiceDef {
  return {
    uuid: ids.service,
    characteristics: [
      { uuid: ids.notify, properties: ["notify"] },
      { uuid: ids.write, properties: ["write", "writeWithoutResponse"] },
    ],
  };
}

export interface AdvertData {
  readonly name?: string;
  readonly manufacturerData?: Uint8Array;
  readonly serviceUuids: readonly string[];
  readonly serviceData: readonly BleServiceData[];
}

/** One connection between a peripheral handle and the device. */
export class EmulatedLink {
  readonly subscribers = new Map<string, (data: Uint8Array) => void>();
  open = true;
  readonly #onDown: Array<(reason: string) => void> = [];
  onDown(fn: (reason: string) => void): void {
    this.#onDown.push(fn);
  }
  close(reason: string): void {
    if (!this.open) return;
    this.open = false;
    this.subscribers.clear();
    for (const fn of this.#onDown) fn(reason);
  }
}

export interface EmulatedDeviceOptions {
  readonly id: string;
  readonly address?: string;
  readonly rssi?: number;
  readonly mtu?: number;
  readonly clock: Clock;
  readonly seed?: number;
}

export abstract class EmulatedBleDevice {
  readonly id: string;
  readonly address: string;
  rssi: number;
  readonly mtu: number;
  readonly faults: Faults;
  /** Connection attempts are refused (the die is held by a phone app, or flaky). */
  refuseConnections = false;
  protected readonly clock: Clock;
  #inRange = true;
  #link: EmulatedLink | null = null;
  readonly #advertListeners = new Listeners<void>();

  constructor(options: EmulatedDeviceOptions) {
    this.id = options.id;
    this.address = options.address ?? addressFor(this.id);
    this.rssi = options.rssi ?? -60;
    this.mtu = options.mtu ?? 128;
    this.clock = options.clock;
    const seed = options.seed ?? [...this.id].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);
    this.faults = new Faults({ garble: cutLastByte, random: seededRandom(seed) });
  }

  abstract services(): readonly ServiceDef[];
  abstract advertData(): AdvertData;
  /** A host→device write arrived. */
  protected abstract onWrite(characteristicUuid: string, bytes: Uint8Array): void;
  /** Called when a link opens (subclass may reset per-connection state). */
  protected onConnected(): void {}

  /** Whether the device advertises now (in range and not connected). */
  advertising(): boolean {
    return this.#inRange && this.#link === null;
  }

  connected(): boolean {
    return this.#link !== null;
  }

  inRange(): boolean {
    return this.#inRange;
  }

  /** Central-side hook: fires when the advert content changes or advertising resumes. */
  onAdvertChange(listener: () => void): () => void {
    return this.#advertListeners.add(listener);
  }

  protected advertChanged(): void {
    if (!this.advertising()) return;
    this.#advertListeners.emit();
  }

  /** Peripheral-side: accept a link, or null when the device cannot be reached or is busy. */
  acceptLink(): EmulatedLink | null {
    if (!this.#inRange || this.refuseConnections || this.#link) return null;
    const link = new EmulatedLink();
    this.#link = link;
    link.onDown(() => {
      if (this.#link === link) this.#link = null;
      this.advertChanged();
    });
    this.onConnected();
    return link;
  }

  /** Peripheral-side: a write through `link`. */
  receive(link: EmulatedLink, characteristicUuid: string, bytes: Uint8Array): void {
    if (link !== this.#link || !link.open) return;
    this.onWrite(characteristicUuid, Uint8Array.from(bytes));
  }

  /** Sends a notification through the fault knobs; lost when nobody is subscribed (as on the die). */
  protected notify(characteristicUuid: string, bytes: Uint8Array): void {
    const link = this.#link;
    const listener = link?.subscribers.get(characteristicUuid);
    if (!link || !listener) return;
    for (const copy of this.faults.apply(bytes)) this.deliver(() => link.open && link.subscribers.get(characteristicUuid)?.(copy));
  }

  /** Runs `fn` after the delay knob (microtask when 0), preserving order. */
  deliver(fn: () => void): void {
    if (this.faults.knobs.delayMs > 0) this.clock.after(this.faults.knobs.delayMs, fn);
    else queueMicrotask(fn);
  }

  /** Fault: the link drops but the die stays in range (it advertises again and can be reconnected). */
  dropLink(reason = "link lost (emulated)"): void {
    this.#link?.close(reason);
  }

  /** Fault: the die goes out of range / is switched off: the link drops and it stops advertising. */
  disconnect(): void {
    this.#inRange = false;
    this.#link?.close("out of range (emulated)");
  }

  /** Fault cleared: the die is back in range and advertises again. */
  reconnect(): void {
    this.#inRange = true;
    this.advertChanged();
  }
}

/** A stable, distinct-looking random-static address for an emulated id (FNV-1a over the id). */
function addressFor(id: string): string {
  let h = 2166136261;
  for (const c of id) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  const bytes = [
    0xc0 | (id.length & 0x3f),
    (h >>> 24) & 0xff,
    (h >>> 16) & 0xff,
    (h >>> 8) & 0xff,
    h & 0xff,
    (id.charCodeAt(0) ^ id.length) & 0xff,
  ];
  return bytes.map((b) => b.toString(16).padStart(2, "0")).join(":");
}
