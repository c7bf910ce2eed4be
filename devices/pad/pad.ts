/**
 * A HID control pad: any button box or gamepad whose input report carries buttons as bits. Configuration maps
 * a report byte/bit, or a button index counted from `buttonsByte`, to a command. A press is a 0→1 edge;
 * a held button is one press; a new edge within `debounceMs` of the last press of that button is contact bounce.
 * Button state is kept across a reconnect, so a button held through it is not pressed twice.
 */

/** One mapped button: either `{ byte, bit }` or `{ button }` (index from the pad's `buttonsByte`). */
export interface ButtonMapping {
  readonly command: string;
  readonly byte?: number;
  readonly bit?: number;
  readonly button?: number;
}

export interface PadLayout {
  readonly buttons: readonly ButtonMapping[];
  /** First byte of the button bitfield for `button` indices; default 0. Count the report id byte if there is one. */
  readonly buttonsByte?: number;
  /** Default 50 ms. */
  readonly debounceMs?: number;
}

interface Resolved {
  readonly command: string;
  readonly byte: number;
  readonly mask: number;
}

/** Where each mapping's bit lives; a mapping with neither form is a configuration error (thrown at build time). */
export function resolveButtons(layout: PadLayout): Resolved[] {
  return layout.buttons.map((b, i) => {
    if (b.byte !== undefined && b.bit !== undefined) return { command: b.command, byte: b.byte, mask: 1 << b.bit };
    if (b.button !== undefined) {
      const base = layout.buttonsByte ?? 0;
      return { command: b.command, byte: base + Math.floor(b.button / 8), mask: 1 << (b.button % 8) };
    }
    throw new TypeError(`buttons[${i}] (${b.command}) needs either byte and bit, or button`);
  });
}

export interface PadFeed {
  readonly commands: string[];
  readonly rejected?: "length";
}

export class PadDecoder {
  readonly #buttons: Resolved[];
  readonly #debounceMs: number;
  readonly #down: boolean[];
  readonly #lastPress: number[];

  constructor(layout: PadLayout) {
    this.#buttons = resolveButtons(layout);
    this.#debounceMs = layout.debounceMs ?? 50;
    this.#down = this.#buttons.map(() => false);
    this.#lastPress = this.#buttons.map(() => Number.NEGATIVE_INFINITY);
  }

  /** The commands newly pressed in this report, at time `now`. */
  feed(report: Uint8Array, now: number): PadFeed {
    const needed = Math.max(0, ...this.#buttons.map((b) => b.byte + 1));
    if (report.length < needed) return { commands: [], rejected: "length" };
    const commands: string[] = [];
    this.#buttons.forEach((b, i) => {
      const down = ((report[b.byte] ?? 0) & b.mask) !== 0;
      if (down && !this.#down[i]) {
        if (now - (this.#lastPress[i] ?? 0) >= this.#debounceMs) commands.push(b.command);
        this.#lastPress[i] = now;
      }
      this.#down[i] = down;
    });
    return { commands };
  }
}
