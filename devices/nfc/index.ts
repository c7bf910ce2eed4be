/**
 * NFC readers for the host: `createReaderSource` for real hardware. The same driver stack over emulators is
 * `devices/testing/nfc/emulated-readers.ts`.
 */
import type { Logger } from "pino";
import type { Clock } from "../common/clock.ts";
import { nodeHidBackend } from "../hid/node-hid-backend.ts";
import type { HidBackend } from "../hid/transport.ts";
import type { DeviceSource } from "../readings.ts";
import type { SerialTransportFactory } from "../serial/transport.ts";
import { checkEach } from "../serial/validate.ts";
import { buildReader, MisconfiguredReader, type ReaderConfig, ReaderConfigSchema, type ReaderDeps } from "./config.ts";
import { readersSource } from "./reader.ts";

export { buildReader, type ReaderConfig, ReaderConfigSchema, ReaderListSchema } from "./config.ts";
export { type NfcReader, readersSource } from "./reader.ts";

export interface ReaderSourceOptions {
  readonly logger?: Logger;
  readonly clock?: Clock;
  /** Serial adapter factory; defaults to serialport v13. */
  readonly serialFactory?: SerialTransportFactory;
  /** HID backend for keyboard-wedge readers; defaults to node-hid, loaded on first use. */
  readonly hidBackend?: HidBackend;
  /** Marks the readers' health as emulated (built over the demo's emulated world). */
  readonly emulated?: boolean;
}

/**
 * Real readers from raw configuration (a list that has not been through the table file's schema): each entry is
 * checked against `ReaderConfigSchema`, and one that fails is a `misconfigured` reader naming the key.
 * `start()` never rejects: missing ports and a missing node-hid show in health.
 */
export function createReaderSource(config: readonly unknown[], opts: ReaderSourceOptions = {}): DeviceSource {
  const deps = readerDeps(opts);
  return readersSource(
    checkEach<ReaderConfig>(ReaderConfigSchema, config, "devices.readers").map((checked) =>
      checked.ok ? buildReader(checked.value, deps) : new MisconfiguredReader(checked.error.id, "reader", checked.error.message),
    ),
  );
}

/** Real readers from the table file's checked `devices.readers`. */
export function readerSourceOf(config: readonly ReaderConfig[], opts: ReaderSourceOptions = {}): DeviceSource {
  const deps = readerDeps(opts);
  return readersSource(config.map((c) => buildReader(c, deps)));
}

function readerDeps(opts: ReaderSourceOptions): ReaderDeps {
  let hid: HidBackend | null = opts.hidBackend ?? null;
  const hidBackend = async () => {
    hid ??= nodeHidBackend();
    return hid;
  };
  return {
    hidBackend,
    ...(opts.logger ? { logger: opts.logger } : {}),
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.serialFactory ? { serialFactory: opts.serialFactory } : {}),
    ...(opts.emulated ? { emulated: true } : {}),
  };
}
