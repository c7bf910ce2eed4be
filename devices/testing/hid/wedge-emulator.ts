/**
 * A keyboard-wedge RFID reader: on a tap it types the UID (upper-case hex, or as configured) and Enter as
 * boot-protocol reports, one key-down report and one all-zero release per character.
 */
import { keyFor } from "../../hid/keyboard.ts";
import { type EmulatedHidAddress, EmulatedHidDevice } from "./backend.ts";

export class WedgeEmulator extends EmulatedHidDevice {
  readonly #reportId: number | null;

  constructor(options: EmulatedHidAddress & { reportId?: number } = {}) {
    super(
      { path: "emulated-hid-wedge", vendorId: 0xffff, productId: 0x0035, product: "Emulated RFID keyboard wedge", usagePage: 1, usage: 6 },
      options,
    );
    this.#reportId = options.reportId ?? null;
  }

  /** The reports that type `text` then Enter. */
  reportsFor(text: string): Uint8Array[] {
    const out: Uint8Array[] = [];
    const push = (modifier: number, code: number) => {
      const r = Uint8Array.of(modifier, 0, code, 0, 0, 0, 0, 0);
      out.push(this.#reportId === null ? r : Uint8Array.of(this.#reportId, ...r));
    };
    for (const c of text) {
      const k = keyFor(c);
      if (!k) throw new TypeError(`the wedge emulator cannot type "${c}"`);
      push(k.shift ? 0x02 : 0x00, k.code);
      push(0, 0);
    }
    push(0, 0x28);
    push(0, 0);
    return out;
  }

  /** Types a tag's UID as the reader would. */
  async tap(uid: string): Promise<void> {
    for (const r of this.reportsFor(uid)) await this.send(r);
  }
}
