/**
 * Whether a serial port has a Firmata board behind it, for discovery on /devices: open the port at 57600 (which
 * resets an Uno or Nano through DTR), ask for the firmware's name (REPORT_FIRMWARE, Firmata protocol 2.x) and
 * wait for it; a board that boots announces it unasked too. The name says StandardFirmata or the quarterdeck
 * bridge (docs/firmware-bridge.md). Never rejects.
 */
import { systemClock } from "../common/clock.ts";
import { askSerial, type ProbeResult, probePort, type SerialProbeOptions } from "../serial/ask.ts";
import { FIRMATA, FirmataSplitter } from "./protocol.ts";

/** The board's firmware name and version, or why none answered. */
export type FirmataProbeResult = ProbeResult<{ firmware: string; version: string }>;

/** The firmware's name and version from a REPORT_FIRMWARE sysex (`F0 79 major minor name… F7`, name in 7-bit pairs). */
export function firmwareOf(sysex: Uint8Array): { firmware: string; version: string } | null {
  if (sysex[0] !== FIRMATA.START_SYSEX || sysex[1] !== FIRMATA.REPORT_FIRMWARE || sysex.length < 5) return null;
  const body = sysex.subarray(4, sysex.length - 1);
  let name = "";
  for (let i = 0; i + 1 < body.length; i += 2) name += String.fromCharCode((body[i] ?? 0) | ((body[i + 1] ?? 0) << 7));
  return { firmware: name, version: `${sysex[2]}.${sysex[3]}` };
}

/** Asks the board on `port` for its firmware (waiting out a DTR reset's boot) and says whether a Firmata board answered. */
export function probeFirmata(port: string, options: SerialProbeOptions): Promise<FirmataProbeResult> {
  const clock = options.clock ?? systemClock;
  return probePort(options.open, port, options.baudRate ?? 57_600, "no answer to a Firmata firmware query", async (transport) => {
    const query = Uint8Array.of(FIRMATA.START_SYSEX, FIRMATA.REPORT_FIRMWARE, FIRMATA.END_SYSEX);
    const find = (bytes: Uint8Array): { firmware: string; version: string } | null => {
      const found: Array<{ firmware: string; version: string }> = [];
      new FirmataSplitter((m) => {
        const f = m.kind === "sysex" ? firmwareOf(m.bytes) : null;
        if (f) found.push(f);
      }).push(bytes);
      return found[0] ?? null;
    };
    // asked at once (a board without auto-reset), then again after an Uno's boot (about 2 s with its bootloader)
    const first = await askSerial(transport, clock, query, find, Math.min(options.timeoutMs ?? 2500, 600));
    return first ?? (await askSerial(transport, clock, query, find, options.timeoutMs ?? 2500));
  });
}
