/**
 * The far side of the HID seam: an in-process `HidBackend` whose devices are emulators. HID cannot be put on
 * a pty, so emulation happens at the node-hid device interface: `devices()` lists what is plugged, `open()`
 * returns a transport that receives the emulator's reports (through its fault knobs), and `unplug()` is a
 * disconnect the driver sees exactly like node-hid's read error.
 */

import { Listeners } from "../../common/listeners.ts";
import type { HidBackend, HidDeviceInfo, HidTransport } from "../../hid/transport.ts";
import type { Unsubscribe } from "../../readings.ts";
import type { TransportClosed } from "../../serial/transport.ts";
import { Faults, flipMiddleByte } from "../faults.ts";

/** One emulated HID device: it sends input reports to whoever has it open. */
export class EmulatedHidDevice {
  readonly info: HidDeviceInfo;
  readonly faults = new Faults({ garble: flipMiddleByte });
  /** Output reports written by the host. */
  readonly written: Uint8Array[] = [];
  readonly #open = new Set<EmulatedHidTransport>();

  constructor(info: HidDeviceInfo) {
    this.info = info;
  }

  /** Sends one input report through the fault knobs to every open handle. */
  async send(report: Uint8Array): Promise<void> {
    await this.faults.send(report, async (bytes) => {
      for (const t of this.#open) t.deliver(bytes);
    });
  }

  /** @internal used by the backend. */
  connect(t: EmulatedHidTransport): void {
    this.#open.add(t);
  }

  /** @internal */
  release(t: EmulatedHidTransport): void {
    this.#open.delete(t);
  }

  /** Every open handle sees the device vanish. */
  dropAll(message: string): void {
    for (const t of [...this.#open]) t.lose(message);
    this.#open.clear();
  }
}

class EmulatedHidTransport implements HidTransport {
  readonly info: HidDeviceInfo;
  readonly #device: EmulatedHidDevice;
  readonly #data = new Listeners<Uint8Array>();
  readonly #lost = new Listeners<TransportClosed>();
  #open = true;

  constructor(device: EmulatedHidDevice) {
    this.#device = device;
    this.info = device.info;
  }

  deliver(report: Uint8Array): void {
    // node-hid reads only while a data listener is attached; reports sent meanwhile are gone.
    if (this.#open) this.#data.emit(report.slice());
  }

  lose(message: string): void {
    if (!this.#open) return;
    this.#open = false;
    this.#lost.emit({ disconnected: true, message });
  }

  async write(report: Uint8Array): Promise<void> {
    if (!this.#open) throw new Error(`HID device ${this.info.path} is closed`);
    this.#device.written.push(report.slice());
  }

  async close(): Promise<void> {
    this.#open = false;
    this.#device.release(this);
  }

  onData(listener: (report: Uint8Array) => void): Unsubscribe {
    return this.#data.add(listener);
  }

  onDisconnect(listener: (reason: TransportClosed) => void): Unsubscribe {
    return this.#lost.add(listener);
  }
}

export class EmulatedHidBackend implements HidBackend {
  readonly #plugged = new Map<string, EmulatedHidDevice>();

  plug(device: EmulatedHidDevice): void {
    this.#plugged.set(device.info.path, device);
  }

  /** The device goes away: open handles get a disconnect (node-hid: "could not read from HID device"). */
  unplug(device: EmulatedHidDevice): void {
    this.#plugged.delete(device.info.path);
    device.dropAll("could not read from HID device");
  }

  async devices(): Promise<HidDeviceInfo[]> {
    return [...this.#plugged.values()].map((d) => d.info);
  }

  async open(path: string): Promise<HidTransport> {
    const device = this.#plugged.get(path);
    if (!device) throw new Error(`Cannot open HID device ${path}: no such device`);
    const t = new EmulatedHidTransport(device);
    device.connect(t);
    return t;
  }
}
