/**
 * The HID seam. A `HidBackend` lists and opens devices; an open `HidTransport` delivers input reports.
 * The real backend wraps node-hid (`node-hid-backend.ts`); the emulated backend (`devices/testing/hid`)
 * implements the same interface with wedge and pad emulators behind it.
 */
import { Listeners } from "../common/listeners.ts";
import type { Unsubscribe } from "../readings.ts";
import type { TransportClosed } from "../serial/transport.ts";

/** One HID device as enumerated (node-hid `devicesAsync()` fields we use). */
export interface HidDeviceInfo {
  readonly path: string;
  readonly vendorId: number;
  readonly productId: number;
  readonly product?: string;
  readonly manufacturer?: string;
  readonly serialNumber?: string;
  /** 1/6 is a keyboard (a keyboard-wedge reader), 1/4 a joystick, 1/5 a gamepad. */
  readonly usagePage?: number;
  readonly usage?: number;
  readonly interface?: number;
}

/**
 * An open HID device. Contract:
 * - `onData` gets each input report as the OS delivers it; if the device uses numbered reports the first byte
 *   is the report id (hidapi). Reports are only read while at least one listener is attached.
 * - `onDisconnect` fires once when the device goes away (unplug, read error); the transport is then closed.
 * - `write` sends an output report (first byte: report id, 0 if unnumbered); it rejects when closed.
 * - `close()` is idempotent and never fires `onDisconnect`.
 */
export interface HidTransport {
  readonly info: HidDeviceInfo;
  write(report: Uint8Array): Promise<void>;
  close(): Promise<void>;
  onData(listener: (report: Uint8Array) => void): Unsubscribe;
  onDisconnect(listener: (reason: TransportClosed) => void): Unsubscribe;
}

/**
 * What every open HID transport does alike, node-hid's and the emulated one: its listeners, and once closed or lost
 * it writes nothing and tells nothing more. A backend gives how a report is written (`send`) and how the device is
 * let go (`release`), and calls `deliver` with each input report and `lose` when the device goes away.
 */
export abstract class OpenHidTransport implements HidTransport {
  readonly info: HidDeviceInfo;
  readonly #data = new Listeners<Uint8Array>();
  readonly #lost = new Listeners<TransportClosed>();
  #open = true;

  constructor(info: HidDeviceInfo) {
    this.info = info;
  }

  /** Writes one output report to the device. */
  protected abstract send(report: Uint8Array): Promise<void>;
  /** Lets the device go (closed by the host). */
  protected abstract release(): Promise<void>;

  /** An input report from the device, told to the listeners while the transport is open. */
  deliver(report: Uint8Array): void {
    if (this.#open) this.#data.emit(report);
  }

  /** The device went away: said once (true), then nothing more (false). */
  lose(message: string): boolean {
    if (!this.#open) return false;
    this.#open = false;
    this.#lost.emit({ disconnected: true, message });
    return true;
  }

  async write(report: Uint8Array): Promise<void> {
    if (!this.#open) throw new Error(`HID device ${this.info.path} is closed`);
    await this.send(report);
  }

  async close(): Promise<void> {
    if (!this.#open) return;
    this.#open = false;
    await this.release();
  }

  onData(listener: (report: Uint8Array) => void): Unsubscribe {
    return this.#data.add(listener);
  }

  onDisconnect(listener: (reason: TransportClosed) => void): Unsubscribe {
    return this.#lost.add(listener);
  }
}

/** Lists and opens HID devices. Its methods reject with `HidUnavailableError` when the backend cannot load. */
export interface HidBackend {
  devices(): Promise<HidDeviceInfo[]>;
  open(path: string): Promise<HidTransport>;
}

/** The HID subsystem cannot be used on this machine (native module, libusb, permissions). */
export class HidUnavailableError extends Error {
  readonly unavailable = true;
}

/** Which device a config means: vendor/product id, optionally pinned to one OS path or serial number. */
export interface HidMatch {
  readonly vendorId: number;
  readonly productId: number;
  readonly path?: string;
  readonly serialNumber?: string;
}

export function matches(info: HidDeviceInfo, want: HidMatch): boolean {
  return (
    info.vendorId === want.vendorId &&
    info.productId === want.productId &&
    (want.path === undefined || info.path === want.path) &&
    (want.serialNumber === undefined || info.serialNumber === want.serialNumber)
  );
}

const hex4 = (n: number): string => n.toString(16).padStart(4, "0");

/** `0483:5750` — how the docs and messages name a device. */
export const vidPid = (m: { vendorId: number; productId: number }): string => `${hex4(m.vendorId)}:${hex4(m.productId)}`;
