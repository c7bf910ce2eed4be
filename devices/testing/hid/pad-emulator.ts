/**
 * A HID button box: `press(command)` sends a report with that command's button bit set, then a release report.
 * Its layout is a plain bitfield of `size` bytes starting at byte 0, button index i = byte ⌊i/8⌋, bit i mod 8.
 */
import { type EmulatedHidAddress, EmulatedHidDevice } from "./backend.ts";

export class PadEmulator extends EmulatedHidDevice {
  readonly commands: readonly string[];
  readonly #size: number;

  constructor(commands: readonly string[], address: EmulatedHidAddress = {}) {
    super(
      { path: "emulated-hid-pad", vendorId: 0xffff, productId: 0x0036, product: "Emulated control pad", usagePage: 1, usage: 5 },
      address,
    );
    this.commands = commands;
    this.#size = Math.max(1, Math.ceil(commands.length / 8));
  }

  /** The report with button `index` down (or none, for a release). */
  report(index: number | null): Uint8Array {
    const r = new Uint8Array(this.#size);
    if (index !== null) r[Math.floor(index / 8)] = 1 << (index % 8);
    return r;
  }

  async press(command: string): Promise<void> {
    const index = this.commands.indexOf(command);
    if (index < 0) throw new RangeError(`the emulated pad has no "${command}" button (it has: ${this.commands.join(", ")})`);
    await this.send(this.report(index));
    await this.send(this.report(null));
  }
}
