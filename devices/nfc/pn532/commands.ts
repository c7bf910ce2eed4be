/**
 * PN532 commands used for ISO14443A polling and NTAG reads (codes from libnfc pn53x-internal.h; frames
 * checked against nfc-serial-firmata.md §1.3), and decoders for their responses.
 */
import { encodeFrame, TFI_HOST } from "./frame.ts";

export const CMD = {
  getFirmwareVersion: 0x02,
  samConfiguration: 0x14,
  rfConfiguration: 0x32,
  inDataExchange: 0x40,
  inListPassiveTarget: 0x4a,
  inRelease: 0x52,
} as const;

/** Names for the `decode` command and logs. */
export const COMMAND_NAMES: Readonly<Record<number, string>> = {
  2: "GetFirmwareVersion",
  20: "SAMConfiguration",
  50: "RFConfiguration",
  64: "InDataExchange",
  74: "InListPassiveTarget",
  82: "InRelease",
};

/** A host → PN532 command frame. */
export const commandFrame = (code: number, params: readonly number[] = []): Uint8Array =>
  encodeFrame(TFI_HOST, Uint8Array.of(code, ...params));

/** SAMConfiguration: normal mode, timeout 0, no IRQ (nfcpy's `sam_configuration_cmd`). */
export const samConfiguration = (): Uint8Array => commandFrame(CMD.samConfiguration, [0x01, 0x00, 0x00]);

export const getFirmwareVersion = (): Uint8Array => commandFrame(CMD.getFirmwareVersion);

/**
 * RFConfiguration item 5 (MaxRetries): MxRtyATR FF, MxRtyPSL 01, MxRtyPassiveActivation `passive`.
 * A finite `passive` makes InListPassiveTarget answer "no target" instead of waiting for a tag forever.
 */
export const maxRetries = (passive: number): Uint8Array => commandFrame(CMD.rfConfiguration, [0x05, 0xff, 0x01, passive & 0xff]);

/** InListPassiveTarget: one target, 106 kbps type A. */
export const inListPassiveTarget = (): Uint8Array => commandFrame(CMD.inListPassiveTarget, [0x01, 0x00]);

/** InDataExchange with target `tg` carrying the NTAG READ command `30 page` (returns 16 bytes = 4 pages). */
export const readPages = (page: number, tg = 1): Uint8Array => commandFrame(CMD.inDataExchange, [tg, 0x30, page & 0xff]);

export const inRelease = (tg = 0): Uint8Array => commandFrame(CMD.inRelease, [tg]);

/** One ISO14443A target from an InListPassiveTarget response. */
export interface TypeATarget {
  readonly tg: number;
  readonly atqa: number;
  readonly sak: number;
  readonly uid: Uint8Array;
  readonly ats?: Uint8Array;
}

/** Decodes response parameters after `D5 4B` (libnfc `pn53x_decode_target_data`); null when malformed. */
export function decodeInListPassiveTarget(params: Uint8Array): TypeATarget[] | null {
  const count = params[0];
  if (count === undefined || count > 2) return null;
  const targets: TypeATarget[] = [];
  let i = 1;
  for (let n = 0; n < count; n++) {
    if (params.length < i + 5) return null;
    const tg = params[i] ?? 0;
    const atqa = ((params[i + 1] ?? 0) << 8) | (params[i + 2] ?? 0);
    const sak = params[i + 3] ?? 0;
    const uidLen = params[i + 4] ?? 0;
    if (![4, 7, 10].includes(uidLen) || params.length < i + 5 + uidLen) return null;
    const uid = params.slice(i + 5, i + 5 + uidLen);
    i += 5 + uidLen;
    let ats: Uint8Array | undefined;
    // Only ISO-DEP cards (SAK bit 0x20) carry an ATS; its first byte counts itself.
    if ((sak & 0x20) !== 0 && i < params.length) {
      const atsLen = params[i] ?? 0;
      if (atsLen < 1 || params.length < i + atsLen) return null;
      ats = params.slice(i, i + atsLen);
      i += atsLen;
    }
    targets.push(ats ? { tg, atqa, sak, uid, ats } : { tg, atqa, sak, uid });
  }
  return i === params.length ? targets : null;
}

/** InDataExchange status (libnfc): low 6 bits error code, 0x40 "more information". */
export interface DataExchange {
  readonly status: number;
  readonly error: number;
  readonly data: Uint8Array;
}

export function decodeInDataExchange(params: Uint8Array): DataExchange | null {
  const status = params[0];
  if (status === undefined) return null;
  return { status, error: status & 0x3f, data: params.slice(1) };
}

export interface FirmwareVersion {
  readonly ic: number;
  readonly version: string;
  readonly support: number;
}

export function decodeFirmwareVersion(params: Uint8Array): FirmwareVersion | null {
  if (params.length !== 4) return null;
  const [ic = 0, ver = 0, rev = 0, support = 0] = params;
  return { ic, version: `${ver}.${rev}`, support };
}
