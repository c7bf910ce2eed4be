/**
 * Pairing a phone: the control page's URL with the table's token in its fragment (`/control#token=…`, never sent
 * to a server in a request line or a log), as a QR code for the start banner (terminal) and `/devices` (SVG).
 */
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";

export interface Pairing {
  /** The URL a phone opens: the control page with the token. */
  readonly url: string;
  /** Whether a phone on the network can reach it (false when the host listens on loopback only). */
  readonly reachable: boolean;
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** The first non-internal IPv4 address of this machine, if any. */
function lanAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  }
  return null;
}

/** The control URL a phone should open, from the address the host is bound to. */
export function pairing(bound: AddressInfo, https: boolean, token: string): Pairing {
  const any = bound.address === "0.0.0.0" || bound.address === "::";
  const host = any ? (lanAddress() ?? "127.0.0.1") : bound.address;
  const reachable = !LOOPBACK.test(host);
  const shown = host.includes(":") ? `[${host}]` : host;
  return { url: `${https ? "https" : "http"}://${shown}:${bound.port}/control#token=${encodeURIComponent(token)}`, reachable };
}

// qrcode is loaded on first use, so a start that shows no code does not pay for it
const qrcode = async () => (await import("qrcode")).default;

/** The URL as an SVG QR code (for a page). */
export const qrSvg = async (url: string): Promise<string> =>
  (await qrcode()).toString(url, { type: "svg", margin: 2, errorCorrectionLevel: "M" });

/** The URL as a QR code drawn with block characters (for the start banner in a terminal). */
export const qrTerminal = async (url: string): Promise<string> => (await qrcode()).toString(url, { type: "terminal", small: true });
