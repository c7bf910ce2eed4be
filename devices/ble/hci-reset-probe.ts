/**
 * Whether a serial port has an HCI controller behind it (a USB dongle running an HCI-UART firmware): open the
 * port, send the H4 HCI_Reset command (`01 03 0C 00`, Core Vol 4 Part E §7.3.2) and wait briefly for its Command
 * Complete; then Read BD_ADDR for the controller's address. Anything else on the line (line noise, an Arduino's
 * boot chatter, vendor events) is skipped. Used by `quarterdeck devices scan`.
 */
import { type Clock, systemClock } from "../common/clock.ts";
import { askSerial, withOpenPort } from "../serial/ask.ts";
import type { SerialTransport, SerialTransportFactory } from "../serial/transport.ts";
import { DEFAULT_UART_BAUD } from "./noble-binding.ts";

/** H4 command packet of HCI_Reset (OGF 0x03, OCF 0x0003). */
export const HCI_RESET_PACKET = Uint8Array.of(0x01, 0x03, 0x0c, 0x00);
/** H4 command packet of Read BD_ADDR (OGF 0x04, OCF 0x0009). */
export const HCI_READ_BD_ADDR_PACKET = Uint8Array.of(0x01, 0x09, 0x10, 0x00);
const RESET_OPCODE = 0x0c03;
const READ_BD_ADDR_OPCODE = 0x1009;

/** The speeds tried, in order: HCI-UART firmwares' default, then the common fallback. */
export const PROBE_BAUD_RATES: readonly number[] = [DEFAULT_UART_BAUD, 115_200];

export type HciProbeResult =
  | { readonly answered: true; readonly port: string; readonly baudRate: number; readonly address?: string }
  | { readonly answered: false; readonly port: string; readonly reason: string };

/**
 * Finds the Command Complete event (`04 0E len ncmd opcode status …`) for `opcode` in `bytes`; returns the status
 * and the return parameters after it, or null when it is not (yet) there. Never throws, whatever the bytes.
 */
export function findCommandComplete(bytes: Uint8Array, opcode: number): { status: number; ret: Uint8Array } | null {
  let at = 0;
  while (at < bytes.length) {
    if (bytes[at] !== 0x04 || at + 3 > bytes.length) {
      at += 1;
      continue;
    }
    const code = bytes[at + 1];
    const len = bytes[at + 2] ?? 0;
    const end = at + 3 + len;
    if (code === 0x0e && len >= 4 && end <= bytes.length) {
      const op = (bytes[at + 4] ?? 0) | ((bytes[at + 5] ?? 0) << 8);
      if (op === opcode) return { status: bytes[at + 6] ?? 0xff, ret: bytes.slice(at + 7, end) };
    }
    at += 1;
  }
  return null;
}

/** `aa:bb:cc:dd:ee:ff` from Read BD_ADDR's little-endian 6 bytes. */
function addressOf(ret: Uint8Array): string | undefined {
  if (ret.length < 6) return undefined;
  return [...ret.slice(0, 6)]
    .reverse()
    .map((b) => b.toString(16).padStart(2, "0"))
    .join(":");
}

/** Sends `packet` and waits up to `ms` for the Command Complete of `opcode`. */
const ask = (port: SerialTransport, clock: Clock, packet: Uint8Array, opcode: number, ms: number) =>
  askSerial(port, clock, packet, (bytes) => findCommandComplete(bytes, opcode), ms);

export interface HciProbeOptions {
  /** Opens a port (default: serialport). */
  readonly open: SerialTransportFactory;
  readonly baudRates?: readonly number[];
  /** How long to wait for each answer. Default 400 ms. */
  readonly timeoutMs?: number;
  readonly clock?: Clock;
}

/** Probes one port at each speed in turn until a controller answers its Reset. Never rejects. */
export async function probeHciUart(port: string, options: HciProbeOptions): Promise<HciProbeResult> {
  const clock = options.clock ?? systemClock;
  const ms = options.timeoutMs ?? 400;
  let lastProblem = "";
  for (const baudRate of options.baudRates ?? PROBE_BAUD_RATES) {
    const answer = await withOpenPort<HciProbeResult | null>(
      options.open,
      port,
      baudRate,
      async (transport) => {
        const reset = await ask(transport, clock, HCI_RESET_PACKET, RESET_OPCODE, ms);
        if (reset && reset.status === 0) {
          const bd = await ask(transport, clock, HCI_READ_BD_ADDR_PACKET, READ_BD_ADDR_OPCODE, ms);
          const address = bd && bd.status === 0 ? addressOf(bd.ret) : undefined;
          return { answered: true, port, baudRate, ...(address ? { address } : {}) };
        }
        if (reset) lastProblem = `the HCI Reset failed with status 0x${reset.status.toString(16).padStart(2, "0")}`;
        return null;
      },
      (reason) => ({ answered: false, port, reason }),
    );
    if (answer) return answer;
  }
  return { answered: false, port, reason: lastProblem || "no answer to an HCI Reset (not an HCI controller)" };
}
