/**
 * NFC readers' full driver stack over PN532/MFRC522 emulators, for `--sim` and tests.
 */
import type { Logger } from "pino";
import type { Clock } from "../../common/clock.ts";
import { buildReader } from "../../nfc/config.ts";
import { readersSource } from "../../nfc/reader.ts";
import type { DeviceSource } from "../../readings.ts";
import type { Faults } from "../faults.ts";
import { MemorySerialDevice } from "../serial/memory-device.ts";
import { Mfrc522Emulator } from "./mfrc522-emulator.ts";
import { Pn532Emulator } from "./pn532-emulator.ts";
import { EmulatedSerialDevice } from "./serial-device.ts";
import { ntag } from "./tags.ts";

export interface EmulatedReaders {
  readonly source: DeviceSource;
  readonly control: {
    /** Puts a tag (an NTAG213 with this UID) on the reader. */
    tap(readerId: string, uid: string): Promise<void>;
    /** Takes the tag off the reader. */
    lift(readerId: string): Promise<void>;
    /** The reader's serial port disappears (as an unplugged USB adapter). */
    disconnect(id: string): Promise<void>;
    /** …and comes back under the same path. */
    reconnect(id: string): Promise<void>;
  };
  /** The fault knobs (drop, corrupt, duplicate, delay) of one emulated reader. */
  faults(readerId: string): Faults;
  close(): Promise<void>;
}

export interface EmulatedReadersOptions {
  readonly logger?: Logger;
  readonly clock?: Clock;
  readonly pollMs?: number;
  readonly debounceMs?: number;
  /**
   * Where the emulators sit: the in-memory serial pair (the default: serialport's stream over an in-process
   * binding) or real pty pairs (socat; the tty path, for test/devices/serial/pty-integration.test.ts).
   */
  readonly over?: "pty" | "memory";
}

type Device = EmulatedSerialDevice<Pn532Emulator | Mfrc522Emulator> | MemorySerialDevice<Pn532Emulator | Mfrc522Emulator>;

/** The full driver stack over PN532/MFRC522 emulators on the in-memory serial pair (or real pty pairs). */
export async function createEmulatedReaders(
  readers: Array<{ id: string; kind?: "pn532" | "mfrc522" }>,
  opts: EmulatedReadersOptions = {},
): Promise<EmulatedReaders> {
  const devices = new Map<string, Device>();
  for (const r of readers) {
    const emulator = r.kind === "mfrc522" ? new Mfrc522Emulator() : new Pn532Emulator();
    const device: Device =
      opts.over === "pty"
        ? new EmulatedSerialDevice(emulator, { name: r.id, baudRate: r.kind === "mfrc522" ? 9600 : 115_200 })
        : new MemorySerialDevice(emulator, { name: r.id });
    await device.plug();
    devices.set(r.id, device);
  }
  const drivers = readers.map((r) => {
    const device = devices.get(r.id) as Device;
    return buildReader(
      {
        kind: r.kind ?? "pn532",
        id: r.id,
        path: device.hostPath,
        ...(opts.pollMs !== undefined ? { pollMs: opts.pollMs } : {}),
        ...(opts.debounceMs !== undefined ? { debounceMs: opts.debounceMs } : {}),
      },
      {
        emulated: true,
        initialBackoffMs: 200,
        ...(device instanceof MemorySerialDevice ? { serialFactory: device.factory } : {}),
        maxBackoffMs: 2000,
        ...(opts.logger ? { logger: opts.logger } : {}),
        ...(opts.clock ? { clock: opts.clock } : {}),
      },
    );
  });
  const source = readersSource(drivers);
  const device = (id: string): Device => {
    const d = devices.get(id);
    if (!d) throw new RangeError(`There is no emulated reader "${id}" (readers: ${[...devices.keys()].join(", ")}).`);
    return d;
  };
  return {
    source,
    control: {
      tap: async (readerId, uid) => {
        device(readerId).emulator.place(ntag(uid));
      },
      lift: async (readerId) => device(readerId).emulator.remove(),
      disconnect: (id) => device(id).unplug(),
      reconnect: (id) => device(id).plug(),
    },
    faults: (readerId) => device(readerId).emulator.faults,
    close: async () => {
      await source.stop();
      for (const d of devices.values()) await d.dispose();
    },
  };
}
