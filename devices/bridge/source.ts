/**
 * The bridge board's readers as a `DeviceSource`, for the host's composition: when the dial's configuration
 * says `bridgeReaders: N`, the readers `bridge:0` … `bridge:N-1` ride on the dial's serial line and report
 * like any other NFC reader (readings `tag.arrived` / `tag.left`, one health entry per reader).
 */
import type { Logger } from "pino";
import { readersSource } from "../nfc/reader.ts";
import type { DeviceSource } from "../readings.ts";
import { type BridgeConnection, createBridgeReaders } from "./reader.ts";

/** The readers of the bridge board the dial is on, or null when the dial's board is not a bridge. */
export function createBridgeReaderSource(
  dial: BridgeConnection,
  config: { readonly bridgeReaders?: number | undefined },
  opts: { logger?: Logger; emulated?: boolean } = {},
): DeviceSource | null {
  if (!config.bridgeReaders) return null;
  return readersSource(
    createBridgeReaders(dial, {
      count: config.bridgeReaders,
      ...(opts.logger ? { logger: opts.logger } : {}),
      ...(opts.emulated !== undefined ? { emulated: opts.emulated } : {}),
    }),
  );
}
