/**
 * A whole emulated bridge board for `--sim` and fast tests: the wind dial driver and the bridge NFC readers
 * over the in-process Firmata emulator with the bridge's NFC extension. (The real firmware runs in simavr in
 * test/firmware-bridge; this is the same protocol without a simulator.)
 */
import type { Logger } from "pino";
import { createBridgeReaders } from "../../bridge/reader.ts";
import type { NfcReader } from "../../nfc/reader.ts";
import type { DialConfig, FirmataWindDial } from "../../wind-dial/index.ts";
import { createEmulatedDial, type EmulatedDialControl } from "./emulated-dial.ts";
import { EmulatedBridgeNfc } from "./index.ts";

export interface EmulatedBridgeControl extends EmulatedDialControl {
  readonly nfc: EmulatedBridgeNfc;
  /** Places a tag on `bridge:N`. */
  tap(readerId: string, uid: string): Promise<void>;
  /** Takes the tag off `bridge:N`. */
  lift(readerId: string): Promise<void>;
}

export async function createEmulatedBridge(
  config: Partial<DialConfig> = {},
  opts: { logger?: Logger; readers?: number } = {},
): Promise<{ dial: FirmataWindDial; readers: NfcReader[]; control: EmulatedBridgeControl; close(): Promise<void> }> {
  const count = opts.readers ?? 4;
  const { dial, control, close } = await createEmulatedDial(config, opts.logger ? { logger: opts.logger } : {});
  const nfc = new EmulatedBridgeNfc(control.board, count, count > 1);
  const readers = createBridgeReaders(dial, { count, emulated: true, ...(opts.logger ? { logger: opts.logger } : {}) });
  const index = (readerId: string) => {
    const m = /^bridge:(\d)$/.exec(readerId);
    if (!m) throw new Error(`"${readerId}" is not a bridge reader (bridge:0 … bridge:${count - 1})`);
    return Number(m[1]);
  };
  return {
    dial,
    readers,
    control: {
      ...control,
      nfc,
      tap: async (readerId, uid) => nfc.place(index(readerId), uid),
      lift: async (readerId) => nfc.lift(index(readerId)),
    },
    close: async () => {
      for (const r of readers) await r.stop();
      await close();
    },
  };
}
