/**
 * Whether a serial port has a PN532 behind it (HSU mode), for discovery on /devices: open the port at 115200, send
 * the wake-up preamble and GetFirmwareVersion (PN532 user manual §7.2.2), and wait for its answer. Anything else
 * on the line is skipped by the frame parser. Never rejects.
 */
import { systemClock } from "../../common/clock.ts";
import { askSerial, type ProbeResult, probePort, type SerialProbeOptions } from "../../serial/ask.ts";
import { CMD, decodeFirmwareVersion, type FirmwareVersion, getFirmwareVersion } from "./commands.ts";
import { TFI_PN532, WAKE_UP } from "./frame.ts";
import { Pn532Parser } from "./parser.ts";

/** The PN532's firmware version, or why none answered. */
export type Pn532ProbeResult = ProbeResult<{ firmware: FirmwareVersion }>;

/** Sends the PN532 handshake on `port` and says whether a PN532 answered. */
export function probePn532(port: string, options: SerialProbeOptions): Promise<Pn532ProbeResult> {
  return probePort(options.open, port, options.baudRate ?? 115_200, "no answer to a PN532 handshake", async (transport) => {
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
    return firmware ? { firmware } : null;
  });
}
