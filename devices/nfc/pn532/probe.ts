/**
 * Whether a serial port has a PN532 behind it (HSU mode), for discovery on /devices: open the port at 115200, send
 * the wake-up preamble and GetFirmwareVersion (PN532 user manual §7.2.2), and wait for its answer. Anything else
 * on the line is skipped by the frame parser. Never rejects.
 */
import { type Clock, systemClock } from "../../common/clock.ts";
import { askSerial, withOpenPort } from "../../serial/ask.ts";
import type { SerialTransportFactory } from "../../serial/transport.ts";
import { CMD, decodeFirmwareVersion, type FirmwareVersion, getFirmwareVersion } from "./commands.ts";
import { TFI_PN532, WAKE_UP } from "./frame.ts";
import { Pn532Parser } from "./parser.ts";

export type Pn532ProbeResult =
  | { readonly answered: true; readonly port: string; readonly firmware: FirmwareVersion }
  | { readonly answered: false; readonly port: string; readonly reason: string };

/** Sends the PN532 handshake on `port` and says whether a PN532 answered. */
export async function probePn532(
  port: string,
  options: { open: SerialTransportFactory; timeoutMs?: number; clock?: Clock; baudRate?: number },
): Promise<Pn532ProbeResult> {
  const refused = (reason: string): Pn532ProbeResult => ({ answered: false, port, reason });
  return withOpenPort(
    options.open,
    port,
    options.baudRate ?? 115_200,
    async (transport) => {
      const ask = getFirmwareVersion();
      const packet = new Uint8Array(WAKE_UP.length + ask.length);
      packet.set(WAKE_UP);
      packet.set(ask, WAKE_UP.length);
      const firmware = await askSerial(
        transport,
        options.clock ?? systemClock,
        packet,
        (bytes) => {
          // all that came so far, parsed afresh (a few dozen bytes): a frame split over chunks is found once whole
          for (const f of new Pn532Parser().feed(bytes).frames) {
            if (f.kind === "info" && f.tfi === TFI_PN532 && f.data[0] === CMD.getFirmwareVersion + 1) {
              return decodeFirmwareVersion(f.data.slice(1));
            }
          }
          return null;
        },
        options.timeoutMs ?? 500,
      );
      return firmware ? { answered: true, port, firmware } : refused("no answer to a PN532 handshake");
    },
    refused,
  );
}
