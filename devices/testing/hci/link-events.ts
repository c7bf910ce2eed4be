/** The link events of the emulated controller (Core Vol 4 Part E §7.7.5 and §7.7.65.1). */
import { concat, eventPacket, le } from "./h4.ts";
import { ADDRESS_RANDOM, addressBytes } from "./le-scanning.ts";

/** Connection interval 30 ms (24 × 1.25), latency 0, supervision timeout 420 ms (42 × 10) — what noble asks for. */
const INTERVAL = 24;
const SUPERVISION = 42;

/** LE Connection Complete (LE Meta subevent 0x01); role 0 = this controller is central. */
export function connectionComplete(status: number, handle: number, address: string): Uint8Array {
  const ok = status === 0;
  return eventPacket(
    0x3e,
    concat(
      le([0x01, 1], [status, 1], [ok ? handle : 0, 2], [0, 1], [ADDRESS_RANDOM, 1]),
      addressBytes(address),
      le([ok ? INTERVAL : 0, 2], [0, 2], [ok ? SUPERVISION : 0, 2], [0, 1]),
    ),
  );
}

/** Disconnection Complete with its reason code. */
export function disconnectionComplete(handle: number, reason: number): Uint8Array {
  return eventPacket(0x05, le([0, 1], [handle, 2], [reason, 1]));
}
