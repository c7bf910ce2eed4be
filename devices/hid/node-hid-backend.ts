/**
 * The real HID backend over node-hid 3 (hidraw driver on Linux), loaded lazily. If its native module fails to
 * load — typically `libusb-1.0.so.0: cannot open shared object file` — every call rejects with a
 * `HidUnavailableError` that says what to install, and the host keeps running without HID devices.
 */

import { type HidBackend, type HidDeviceInfo, HidUnavailableError, OpenHidTransport } from "./transport.ts";

/** The slice of node-hid's API we use (`HID.devicesAsync`, `HID.HIDAsync.open`, `getHidapiVersion`). */
export interface NodeHidModule {
  /** Loads the native binding (node-hid loads it lazily), so a missing libusb shows up here. */
  getHidapiVersion?(): string;
  devicesAsync(): Promise<Array<{ path?: string; vendorId: number; productId: number } & Partial<Omit<HidDeviceInfo, "path">>>>;
  HIDAsync: { open(path: string): Promise<NodeHidDevice> };
}

interface NodeHidDevice {
  on(event: "data", listener: (data: Buffer) => void): unknown;
  on(event: "error", listener: (err: Error) => void): unknown;
  write(values: number[] | Buffer): Promise<number>;
  close(): Promise<void>;
}

/** Turns a load failure into the sentence a club member needs. */
export function explainHidLoadFailure(e: unknown): HidUnavailableError {
  const reason = e instanceof Error ? e.message.split("\n")[0] : String(e);
  const hint = /libusb/i.test(reason ?? "")
    ? "install libusb (Debian: apt-get install libusb-1.0-0) and run `npm rebuild node-hid`"
    : "install the optional dependency node-hid (`npm install node-hid`; on Debian it needs libusb-1.0-0)";
  return new HidUnavailableError(`HID unavailable: node-hid could not be loaded (${reason}). To use HID readers and pads, ${hint}.`);
}

/**
 * A node-hid backend. `load` imports the module; it is a parameter so a test can hand in an importer that
 * fails the way a machine without libusb does.
 */
export function nodeHidBackend(load: () => Promise<unknown> = () => import("node-hid")): HidBackend {
  let module: Promise<NodeHidModule> | null = null;
  const hid = (): Promise<NodeHidModule> => {
    module ??= load()
      .then((m) => {
        const mod = ((m as { default?: unknown }).default ?? m) as Partial<NodeHidModule>;
        if (typeof mod.devicesAsync !== "function" || !mod.HIDAsync) throw new Error("the module has no devicesAsync/HIDAsync");
        // node-hid only loads its native binding on first use; force that now so its failure is explained here.
        mod.getHidapiVersion?.();
        return mod as NodeHidModule;
      })
      .catch((e: unknown) => {
        throw e instanceof HidUnavailableError ? e : explainHidLoadFailure(e);
      });
    return module;
  };
  return {
    async devices() {
      const list = await (await hid()).devicesAsync();
      return list.filter((d): d is typeof d & { path: string } => typeof d.path === "string").map((d) => ({ ...d, path: d.path }));
    },
    async open(path) {
      const mod = await hid();
      const info = (await mod.devicesAsync()).find((d) => d.path === path);
      let device: NodeHidDevice;
      try {
        device = await mod.HIDAsync.open(path);
      } catch (e) {
        throw new Error(
          `Cannot open HID device ${path}: ${(e as Error).message}. On Linux this usually needs a udev rule giving access to /dev/hidraw* (see docs/devices-nfc-hid.md).`,
        );
      }
      return new NodeHidTransport(device, { path, vendorId: info?.vendorId ?? 0, productId: info?.productId ?? 0 });
    },
  };
}

class NodeHidTransport extends OpenHidTransport {
  readonly #device: NodeHidDevice;

  constructor(device: NodeHidDevice, info: HidDeviceInfo) {
    super(info);
    this.#device = device;
    device.on("data", (data) => this.deliver(new Uint8Array(data)));
    device.on("error", (err) => {
      if (this.lose(err.message)) this.#device.close().catch(() => undefined);
    });
  }

  protected async send(report: Uint8Array): Promise<void> {
    await this.#device.write([...report]);
  }

  protected async release(): Promise<void> {
    await this.#device.close().catch(() => undefined);
  }
}
