/**
 * Firmata protocol constants and a resynchronising message splitter, shared by the board emulator and the
 * bridge codec. Facts: firmata/protocol protocol.md 2.x (see nfc-serial-firmata.md §5.1).
 */

export const FIRMATA = {
  ANALOG_MESSAGE: 0xe0,
  DIGITAL_MESSAGE: 0x90,
  REPORT_ANALOG: 0xc0,
  REPORT_DIGITAL: 0xd0,
  SET_PIN_MODE: 0xf4,
  SET_DIGITAL_PIN_VALUE: 0xf5,
  REPORT_VERSION: 0xf9,
  SYSTEM_RESET: 0xff,
  START_SYSEX: 0xf0,
  END_SYSEX: 0xf7,
  ANALOG_MAPPING_QUERY: 0x69,
  ANALOG_MAPPING_RESPONSE: 0x6a,
  CAPABILITY_QUERY: 0x6b,
  CAPABILITY_RESPONSE: 0x6c,
  PIN_STATE_QUERY: 0x6d,
  PIN_STATE_RESPONSE: 0x6e,
  EXTENDED_ANALOG: 0x6f,
  SERVO_CONFIG: 0x70,
  STRING_DATA: 0x71,
  REPORT_FIRMWARE: 0x79,
  SAMPLING_INTERVAL: 0x7a,
} as const;

export const PIN_MODE = { INPUT: 0, OUTPUT: 1, ANALOG: 2, PWM: 3, SERVO: 4, I2C: 6, INPUT_PULLUP: 0x0b } as const;

/** One complete Firmata message: a sysex (`F0 … F7`, with both ends) or a channel/system message. */
export type FirmataMessage =
  | { readonly kind: "sysex"; readonly bytes: Uint8Array }
  | { readonly kind: "command"; readonly bytes: Uint8Array };

/**
 * Splits a byte stream into Firmata messages. Stray data bytes are skipped; a command byte in the middle of
 * a message abandons it (so garbage cannot wedge the stream); a sysex longer than `maxSysex` is dropped.
 */
export class FirmataSplitter {
  private buf: number[] = [];
  private need: number | null = null;
  dropped = 0;

  constructor(
    private readonly onMessage: (m: FirmataMessage) => void,
    private readonly maxSysex = 128,
    private readonly commandLength: (command: number) => number | null = defaultCommandLength,
  ) {}

  push(chunk: Uint8Array): void {
    for (const b of chunk) this.byte(b);
  }

  /** Bytes of a message begun but not yet complete. */
  get pending(): number {
    return this.buf.length;
  }

  private byte(b: number): void {
    const inSysex = this.buf[0] === FIRMATA.START_SYSEX;
    if (b === FIRMATA.END_SYSEX && inSysex) {
      this.buf.push(b);
      this.emit({ kind: "sysex", bytes: Uint8Array.from(this.buf) });
      return;
    }
    if (b >= 0x80) {
      if (this.buf.length > 0) this.dropped += this.buf.length;
      this.buf = [b];
      if (b === FIRMATA.START_SYSEX) {
        this.need = null;
        return;
      }
      this.need = this.commandLength(b);
      if (this.need === null) {
        this.dropped += 1;
        this.buf = [];
      } else if (this.need === 0) this.emit({ kind: "command", bytes: Uint8Array.from(this.buf) });
      return;
    }
    if (this.buf.length === 0) {
      this.dropped += 1;
      return;
    }
    this.buf.push(b);
    if (inSysex) {
      if (this.buf.length > this.maxSysex) {
        this.dropped += this.buf.length;
        this.buf = [];
      }
    } else if (this.need !== null && this.buf.length === this.need + 1) {
      this.emit({ kind: "command", bytes: Uint8Array.from(this.buf) });
    }
  }

  private emit(m: FirmataMessage): void {
    this.buf = [];
    this.need = null;
    this.onMessage(m);
  }
}

/** Data bytes after a command byte in the host → board direction, or null for a byte that starts nothing we know. */
export function defaultCommandLength(command: number): number | null {
  if (command >= 0x80 && command < 0xf0) {
    const high = command & 0xf0;
    return high === 0xc0 || high === 0xd0 ? 1 : 2;
  }
  if (command === FIRMATA.SET_PIN_MODE || command === FIRMATA.SET_DIGITAL_PIN_VALUE) return 2;
  if (command === FIRMATA.REPORT_VERSION || command === FIRMATA.SYSTEM_RESET) return 0;
  return null;
}

/** Data bytes after a command byte in the board → host direction (REPORT_VERSION carries major, minor). */
export function boardCommandLength(command: number): number | null {
  if (command === FIRMATA.REPORT_VERSION) return 2;
  return defaultCommandLength(command);
}

/** Encodes a 14-bit value as Firmata's LSB/MSB 7-bit pair. */
export function to7bitPair(value: number): [number, number] {
  return [value & 0x7f, (value >> 7) & 0x7f];
}
