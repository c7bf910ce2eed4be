/**
 * Picks the NFC extension's messages out of the board → host Firmata byte stream (which also carries
 * johnny-five's traffic). Split chunks, two messages in one chunk and garbage are all fine; malformed NFC
 * sysex messages are counted and reported, never thrown.
 */
import { boardCommandLength, FirmataSplitter } from "../firmata/protocol.ts";
import { type BridgeMessage, decodeBridgeSysex, NFC_SYSEX } from "./messages.ts";

export class BridgeStreamDecoder {
  /** Malformed NFC messages seen (each was also passed to `onReject`). */
  rejected = 0;
  private readonly splitter: FirmataSplitter;

  constructor(
    private readonly onMessage: (m: BridgeMessage) => void,
    private readonly onReject: (reason: string, bytes: Uint8Array) => void = () => {},
    /** A REPORT_VERSION (`F9 maj min`): the board has just booted and starts its NFC state afresh. */
    private readonly onBoardBoot: () => void = () => {},
  ) {
    this.splitter = new FirmataSplitter(
      (m) => {
        if (m.kind === "command" && m.bytes[0] === 0xf9) this.onBoardBoot();
        if (m.kind !== "sysex" || m.bytes[1] !== NFC_SYSEX) return;
        const r = decodeBridgeSysex(m.bytes);
        if (r.ok) this.onMessage(r.value);
        else {
          this.rejected += 1;
          this.onReject(r.error, m.bytes);
        }
      },
      128,
      boardCommandLength,
    );
  }

  push(chunk: Uint8Array): void {
    this.splitter.push(chunk);
  }

  /** Bytes of a message (NFC or other Firmata) begun but not yet complete. */
  get pending(): number {
    return this.splitter.pending;
  }
}
