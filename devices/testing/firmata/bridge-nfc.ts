/**
 * The bridge firmware's NFC side, emulated on top of `FirmataBoardEmulator`: readers behind a multiplexer,
 * tags placed and lifted by tests or `/api/sim/tap`, the same sysex bytes the real firmware sends
 * (firmware-bridge/src/bridge.cpp), including the snapshot after boot and after a host query.
 */
import { encodeBridgeMessage, NFC_SYSEX, SUB } from "../../bridge/messages.ts";
import type { FirmataBoardEmulator } from "./board.ts";

interface EmulatedReader {
  missing: boolean;
  uid: string | null;
}

const PN532_VERSION = "320106";

export class EmulatedBridgeNfc {
  private readonly readers: EmulatedReader[];
  private readonly send: (bytes: Uint8Array) => void;

  constructor(
    board: FirmataBoardEmulator,
    readonly readerCount = 4,
    readonly multiplexer = true,
  ) {
    this.readers = Array.from({ length: readerCount }, () => ({ missing: false, uid: null }));
    this.send = board.extend(
      NFC_SYSEX,
      (data) => {
        if (data[0] === SUB.query && data.length === 1) this.snapshot();
      },
      () => this.snapshot(),
    );
  }

  /** Places a tag (upper-case hex UID) on a reader; a different tag already there is taken off first. */
  place(reader: number, uid: string): void {
    const r = this.reader(reader);
    const normal = uid.toUpperCase();
    if (r.missing || r.uid === normal) return;
    this.lift(reader);
    r.uid = normal;
    this.emit({ type: "tag-arrived", reader, uid: normal });
  }

  lift(reader: number): void {
    const r = this.reader(reader);
    if (r.uid === null) return;
    const uid = r.uid;
    r.uid = null;
    if (!r.missing) this.emit({ type: "tag-left", reader, uid });
  }

  /** A reader that stops (or starts again) answering on the I2C bus. */
  setMissing(reader: number, missing: boolean): void {
    const r = this.reader(reader);
    if (r.missing === missing) return;
    if (missing) this.lift(reader);
    r.missing = missing;
    this.emit({ type: "reader-status", reader, found: !missing, version: missing ? "000000" : PN532_VERSION });
  }

  private snapshot(): void {
    for (const [reader, r] of this.readers.entries()) {
      this.emit({ type: "reader-status", reader, found: !r.missing, version: r.missing ? "000000" : PN532_VERSION });
      if (r.uid !== null && !r.missing) this.emit({ type: "tag-arrived", reader, uid: r.uid });
    }
    this.emit({ type: "round-done", readerCount: this.readerCount, multiplexer: this.multiplexer });
  }

  private emit(m: Parameters<typeof encodeBridgeMessage>[0]): void {
    this.send(encodeBridgeMessage(m));
  }

  private reader(i: number): EmulatedReader {
    const r = this.readers[i];
    if (!r) throw new Error(`emulated bridge has no reader ${i} (0–${this.readerCount - 1})`);
    return r;
  }
}
