/**
 * Boot-protocol keyboard reports (8 bytes: modifiers, reserved, six key codes; 9 with a report id first) as
 * typed by keyboard-wedge RFID/NFC readers, turned into text lines ended by Enter (reference §4).
 */

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "1234567890";
const SHIFTED_DIGITS = "!@#$%^&*()";

/** The character of a key code (HID Usage Tables, keyboard page), or null for keys that type nothing we use. */
export function keyChar(code: number, shift: boolean): string | null {
  if (code >= 0x04 && code <= 0x1d) {
    const c = LETTERS[code - 0x04] ?? "";
    return shift ? c.toUpperCase() : c;
  }
  if (code >= 0x1e && code <= 0x27) return (shift ? SHIFTED_DIGITS : DIGITS)[code - 0x1e] ?? null;
  if (code >= 0x59 && code <= 0x62) return DIGITS[code - 0x59] ?? null; // keypad 1–9, 0
  if (code === 0x2c) return " ";
  if (code === 0x2d) return shift ? "_" : "-";
  if (code === 0x33) return shift ? ":" : ";";
  return null;
}

const ENTER = new Set([0x28, 0x58]);
/** A line longer than this without Enter is noise (a reader typing into the void), dropped. */
export const MAX_WEDGE_LINE = 64;

export interface WedgeFeed {
  /** Lines completed by this report (Enter seen). */
  readonly lines: string[];
  /** Why the report was not usable, when it was not. */
  readonly rejected?: "length" | "overflow";
}

/**
 * Decodes a stream of reports. Only keys newly down since the previous report type a character, so a key
 * held across reports (or a repeated report) types once; the all-zero release report resets that.
 */
export class KeyboardWedgeDecoder {
  #line = "";
  #down = new Set<number>();
  readonly #reportId: boolean;

  /** `reportId`: the device prefixes each report with a report id byte (9-byte reports). */
  constructor(options: { reportId?: boolean } = {}) {
    this.#reportId = options.reportId === true;
  }

  feed(report: Uint8Array): WedgeFeed {
    const body = this.#reportId || report.length === 9 ? report.subarray(1) : report;
    if (body.length !== 8) return { lines: [], rejected: "length" };
    const shift = ((body[0] ?? 0) & 0x22) !== 0;
    const keys = [...body.subarray(2)].filter((k) => k > 0x03);
    const lines: string[] = [];
    for (const k of keys) {
      if (this.#down.has(k)) continue;
      if (ENTER.has(k)) {
        if (this.#line.length > 0) lines.push(this.#line);
        this.#line = "";
        continue;
      }
      const c = keyChar(k, shift);
      if (c !== null) this.#line += c;
    }
    this.#down = new Set(keys);
    if (this.#line.length > MAX_WEDGE_LINE) {
      this.#line = "";
      return { lines, rejected: "overflow" };
    }
    return { lines };
  }

  reset(): void {
    this.#line = "";
    this.#down.clear();
  }
}

/** The key code and shift flag that type `c` (for the wedge emulator and tests); null if not typeable. */
export function keyFor(c: string): { code: number; shift: boolean } | null {
  const lower = LETTERS.indexOf(c);
  if (lower >= 0) return { code: 0x04 + lower, shift: false };
  const upper = LETTERS.indexOf(c.toLowerCase());
  if (upper >= 0) return { code: 0x04 + upper, shift: true };
  const digit = DIGITS.indexOf(c);
  if (digit >= 0) return { code: 0x1e + digit, shift: false };
  if (c === " ") return { code: 0x2c, shift: false };
  if (c === "-") return { code: 0x2d, shift: false };
  if (c === ":") return { code: 0x33, shift: true };
  return null;
}
