/**
 * The far side of the HID seam: an in-process `HidBackend` whose devices are emulators. HID cannot be put on
 * a pty, so emulation happens at the node-hid device interface: `devices()` lists what is plugged, `open()`
 * returns a transport that receives the emulator's reports (through its fault knobs), and `unplug()` is a
 * disconnect the driver sees exactly like node-hid's read error.
 */

import { type HidBackend, type HidDeviceInfo, type HidTransport, OpenHidTransport } from "../../hid/transport.ts";
import { Faults, flipMiddleByte } from "../faults.ts";

/** Where an emulated device is plugged and whose ids it shows, when a test gives its own (default: the emulator's). */
export interface EmulatedHidAddress {
  readonly path?: string;
  readonly vendorId?: number;
  readonly productId?: number;
}

/** One emulated HID device: it sends input reports to whoever has it open. */
export class EmulatedHidDevice {
  readonly info: HidDeviceInfo;
  readonly faults = new Faults({ garble: flipMiddleByte });
  /** Output reports written by the host. */
  readonly written: Uint8Array[] = [];
  readonly #open = new Set<EmulatedHidTransport>();

  /** `info` as the emulator describes itself; `address` what a test puts in place of its path and ids. */
  constructor(info: HidDeviceInfo, address: EmulatedHidAddress = {}) {
    this.info = {
      ...info,
      path: address.path ?? info.path,
      vendorId: address.vendorId ?? info.vendorId,
      productId: address.productId ?? info.productId,
    };
  }

  /** Sends one input report through the fault knobs to every open handle. */
  async send(report: Uint8Array): Promise<void> {
    await this.faults.send(report, async (bytes) => {
      // node-hid reads only while a data listener is attached; reports sent meanwhile are gone
      for (const t of this.#open) t.deliver(bytes.slice());
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

class EmulatedHidTransport extends OpenHidTransport {
  readonly #device: EmulatedHidDevice;

  constructor(device: EmulatedHidDevice) {
    super(device.info);
    this.#device = device;
  }

  protected async send(report: Uint8Array): Promise<void> {
    this.#device.written.push(report.slice());
  }

  protected async release(): Promise<void> {
    this.#device.release(this);
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
