/**
 * The far side of a Firmata serial link: an emulated Arduino Uno speaking enough Firmata 2.5 for
 * johnny-five 2.1 to reach `ready` and drive servos (handshake per nfc-serial-firmata.md §5.2). It records
 * the pulse width each servo pin was commanded, so a test or `/api/sim/dial` can read the dial's angle.
 */

import { Listeners } from "../../common/listeners.ts";
import { FIRMATA, type FirmataMessage, FirmataSplitter, PIN_MODE, to7bitPair } from "../../firmata/protocol.ts";

const PIN_COUNT = 20;
const ANALOG_FIRST = 14;
const PWM_PINS = new Set([3, 5, 6, 9, 10, 11]);
/** Servo.write() treats values below this as degrees (Arduino Servo library, MIN_PULSE_WIDTH). */
const MIN_PULSE_WIDTH = 544;

interface PinState {
  mode: number;
  value: number;
  servoMin: number;
  servoMax: number;
  /** Last commanded servo pulse width (µs), null until a servo write. */
  pulse: number | null;
}

/** What the emulated board sends and how it names itself. */
export interface FirmataBoardOptions {
  readonly firmwareName?: string;
  readonly version?: readonly [number, number];
}

/** An emulated Uno running a StandardFirmata-like sketch. Bytes in through `receive`, out through `onSend`. */
export class FirmataBoardEmulator {
  private readonly pins: PinState[] = [];
  private readonly splitter = new FirmataSplitter((m) => this.handle(m));
  private readonly listeners = new Listeners<Uint8Array>();
  private readonly extensions = new Map<number, (data: Uint8Array) => void>();
  private readonly resetHooks = new Set<() => void>();
  private readonly name: string;
  private readonly version: readonly [number, number];
  /** Count of bytes the parser had to discard (garbage, truncated messages). */
  get discarded(): number {
    return this.splitter.dropped;
  }

  constructor(options: FirmataBoardOptions = {}) {
    this.name = options.firmwareName ?? "QuarterdeckSim";
    this.version = options.version ?? [2, 5];
    this.resetPins();
  }

  /** Subscribes to bytes the board sends to the host. */
  onSend(listener: (bytes: Uint8Array) => void): () => void {
    return this.listeners.add(listener);
  }

  /** Bytes from the host. */
  receive(bytes: Uint8Array): void {
    this.splitter.push(bytes);
  }

  /** Power-on/DTR reset: forget pin state and send the boot banner (REPORT_VERSION, then the firmware name). */
  reset(): void {
    this.resetPins();
    this.send([FIRMATA.REPORT_VERSION, this.version[0], this.version[1]]);
    this.sendFirmware();
    for (const hook of this.resetHooks) hook();
  }

  /**
   * Adds a sysex extension (like the bridge firmware's NFC one): `handler` gets the data bytes of host
   * sysex messages with this id, `onReset` runs after each boot banner. Returns a function to send bytes.
   */
  extend(id: number, handler: (data: Uint8Array) => void, onReset: () => void): (bytes: Uint8Array) => void {
    this.extensions.set(id, handler);
    this.resetHooks.add(onReset);
    return (bytes) => this.send([...bytes]);
  }

  /** The pulse width (µs) last commanded on a servo pin, or null. */
  servoPulse(pin: number): number | null {
    return this.pins[pin]?.pulse ?? null;
  }

  /** The angle (0–180) the last pulse on a pin means, using that pin's SERVO_CONFIG range. */
  servoAngle(pin: number): number | null {
    const p = this.pins[pin];
    if (!p || p.pulse === null) return null;
    return Math.round(((p.pulse - p.servoMin) * 180 * 1000) / (p.servoMax - p.servoMin)) / 1000;
  }

  pinMode(pin: number): number | null {
    return this.pins[pin]?.mode ?? null;
  }

  private resetPins(): void {
    this.pins.length = 0;
    for (let i = 0; i < PIN_COUNT; i++) this.pins.push({ mode: PIN_MODE.OUTPUT, value: 0, servoMin: 544, servoMax: 2400, pulse: null });
  }

  private send(bytes: number[]): void {
    const out = Uint8Array.from(bytes);
    this.listeners.emit(out);
  }

  private sendFirmware(): void {
    const name = [...this.name].flatMap((c) => to7bitPair(c.charCodeAt(0)));
    this.send([FIRMATA.START_SYSEX, FIRMATA.REPORT_FIRMWARE, this.version[0], this.version[1], ...name, FIRMATA.END_SYSEX]);
  }

  private handle(m: FirmataMessage): void {
    const b = m.bytes;
    if (m.kind === "sysex") {
      this.handleSysex(b);
      return;
    }
    const cmd = b[0] ?? 0;
    if (cmd === FIRMATA.REPORT_VERSION) this.send([FIRMATA.REPORT_VERSION, this.version[0], this.version[1]]);
    else if (cmd === FIRMATA.SYSTEM_RESET) this.resetPins();
    else if (cmd === FIRMATA.SET_PIN_MODE) this.setMode(b[1] ?? 0, b[2] ?? 0);
    else if (cmd === FIRMATA.SET_DIGITAL_PIN_VALUE) this.setValue(b[1] ?? 0, b[2] ?? 0);
    else if ((cmd & 0xf0) === FIRMATA.ANALOG_MESSAGE) this.analogWrite(cmd & 0x0f, (b[1] ?? 0) | ((b[2] ?? 0) << 7));
    else if ((cmd & 0xf0) === FIRMATA.DIGITAL_MESSAGE) {
      const port = cmd & 0x0f;
      const mask = (b[1] ?? 0) | ((b[2] ?? 0) << 7);
      for (let i = 0; i < 8; i++) this.setValue(port * 8 + i, (mask >> i) & 1);
    }
    // REPORT_ANALOG / REPORT_DIGITAL are accepted; the emulator has no inputs to report.
  }

  private handleSysex(b: Uint8Array): void {
    const id = b[1];
    const data = b.subarray(2, b.length - 1);
    switch (id) {
      case FIRMATA.REPORT_FIRMWARE:
        this.sendFirmware();
        return;
      case FIRMATA.CAPABILITY_QUERY:
        this.send([FIRMATA.START_SYSEX, FIRMATA.CAPABILITY_RESPONSE, ...this.capabilities(), FIRMATA.END_SYSEX]);
        return;
      case FIRMATA.ANALOG_MAPPING_QUERY: {
        const map = Array.from({ length: PIN_COUNT }, (_, i) => (i >= ANALOG_FIRST ? i - ANALOG_FIRST : 0x7f));
        this.send([FIRMATA.START_SYSEX, FIRMATA.ANALOG_MAPPING_RESPONSE, ...map, FIRMATA.END_SYSEX]);
        return;
      }
      case FIRMATA.PIN_STATE_QUERY: {
        const pin = data[0] ?? 0;
        const p = this.pins[pin];
        if (!p) return;
        this.send([FIRMATA.START_SYSEX, FIRMATA.PIN_STATE_RESPONSE, pin, p.mode, p.value & 0x7f, FIRMATA.END_SYSEX]);
        return;
      }
      case FIRMATA.SERVO_CONFIG: {
        const p = this.pins[data[0] ?? 255];
        if (!p || data.length < 5) return;
        p.servoMin = (data[1] ?? 0) | ((data[2] ?? 0) << 7);
        p.servoMax = (data[3] ?? 0) | ((data[4] ?? 0) << 7);
        p.mode = PIN_MODE.SERVO;
        return;
      }
      case FIRMATA.EXTENDED_ANALOG: {
        let value = 0;
        for (let i = 1; i < data.length; i++) value |= (data[i] ?? 0) << (7 * (i - 1));
        this.analogWrite(data[0] ?? 255, value);
        return;
      }
      default:
        this.extensions.get(id ?? -1)?.(data); // unknown sysex without an extension: ignored, as StandardFirmata does
        return;
    }
  }

  private capabilities(): number[] {
    const out: number[] = [];
    for (let pin = 0; pin < PIN_COUNT; pin++) {
      if (pin > 1) {
        out.push(PIN_MODE.INPUT, 1, PIN_MODE.OUTPUT, 1, PIN_MODE.SERVO, 14);
        if (PWM_PINS.has(pin)) out.push(PIN_MODE.PWM, 8);
        if (pin >= ANALOG_FIRST) out.push(PIN_MODE.ANALOG, 10);
      }
      out.push(0x7f);
    }
    return out;
  }

  private setMode(pin: number, mode: number): void {
    const p = this.pins[pin];
    if (p) p.mode = mode;
  }

  private setValue(pin: number, value: number): void {
    const p = this.pins[pin];
    if (p && p.mode !== PIN_MODE.SERVO) p.value = value;
  }

  private analogWrite(pin: number, value: number): void {
    const p = this.pins[pin];
    if (!p) return;
    if (p.mode === PIN_MODE.SERVO) {
      p.pulse = value < MIN_PULSE_WIDTH ? Math.round(p.servoMin + (Math.min(value, 180) * (p.servoMax - p.servoMin)) / 180) : value;
    } else p.value = value;
  }
}
