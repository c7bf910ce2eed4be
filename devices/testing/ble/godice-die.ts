/**
 * An emulated GoDice: Nordic UART service, name `GoDice_XXXXXX_K_v04` and no service UUID in its adverts (the
 * unconfirmed point of dice-ble §2.1 taken at its worst), `R` then `S x y z` per roll from the shell's own vector
 * table (with a little noise, as real readings have), `MS` for a pick-up, `TS` for a tilted stop, and answers to
 * the battery (`03`), colour (`17`), blink (`10`) and init (`19`) commands.
 */
import type { Clock } from "../../common/clock.ts";
import { encodeGoDice, GODICE_COLORS, GODICE_UUIDS } from "../../dice/godice/messages.ts";
import { type GoDiceShell, vectorForFace } from "../../dice/godice/shells.ts";
import { readDieLight } from "../../dice/lights.ts";
import type { DieLight } from "../../readings.ts";
import { ReceivedMessages } from "../kit.ts";
import { type AdvertData, EmulatedBleDevice, notifyWriteService, type ServiceDef } from "./device.ts";

/** A host → die message as the emulated GoDice understands it (dice-ble §2: the command byte first). */
export type GoDiceHostMessage =
  | { readonly type: "requestBattery" | "requestColor" }
  /** The blink command (identify, or one of the lights of `devices/dice/lights.ts`: then `light` says which). */
  | { readonly type: "blink"; readonly pulses: number; readonly light: DieLight | null }
  | { readonly type: "stopBlink"; readonly light: "off" }
  | { readonly type: "init"; readonly sensitivity: number }
  | { readonly type: "other"; readonly command: number };

/** Types a host → die message by its command byte. */
export function decodeGoDiceHostMessage(bytes: Uint8Array): GoDiceHostMessage {
  switch (bytes[0]) {
    case 0x03:
      return { type: "requestBattery" };
    case 0x17:
      return { type: "requestColor" };
    case 0x10:
      return { type: "blink", pulses: bytes[1] ?? 0, light: readDieLight("godice", bytes) };
    case 0x14:
      return { type: "stopBlink", light: "off" };
    case 0x19:
      return { type: "init", sensitivity: bytes[1] ?? 0 };
    default:
      return { type: "other", command: bytes[0] ?? 0 };
  }
}

export interface EmulatedGoDiceOptions {
  readonly id: string;
  /** Advertised name; default `GoDice_<6 hex>_K_v04` derived from the id. */
  readonly name?: string;
  /** The shell the die wears (the die itself never says). */
  readonly shell?: GoDiceShell;
  readonly color?: string;
  readonly batteryLevel?: number;
  readonly clock: Clock;
  readonly seed?: number;
}

export class EmulatedGoDice extends EmulatedBleDevice {
  readonly name: string;
  readonly shell: GoDiceShell;
  readonly colorIndex: number;
  batteryLevel: number;
  /** Blink and init commands received. */
  blinks = 0;
  inits = 0;
  readonly received: number[][] = [];
  /** Host→die messages received, typed and timed on the die's clock (the emulator kit). */
  readonly hostMessages = new ReceivedMessages<GoDiceHostMessage>(this.clock, decodeGoDiceHostMessage);
  #noise = 0;

  /** The lights the host showed on this die, oldest first (a result, the glow, low battery, off). */
  get lights(): DieLight[] {
    return this.hostMessages.all().flatMap((r) => ("light" in r.message && r.message.light ? [r.message.light] : []));
  }

  constructor(o: EmulatedGoDiceOptions) {
    super({ id: o.id, clock: o.clock, mtu: 23, ...(o.seed !== undefined ? { seed: o.seed } : {}) });
    const hex = [...o.id]
      .reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7)
      .toString(16)
      .toUpperCase()
      .padStart(6, "0")
      .slice(-6);
    this.name = o.name ?? `GoDice_${hex}_K_v04`;
    this.shell = o.shell ?? "d6";
    this.colorIndex = Math.max(0, GODICE_COLORS.indexOf((o.color ?? "black") as (typeof GODICE_COLORS)[number]));
    this.batteryLevel = o.batteryLevel ?? 90;
  }

  services(): readonly ServiceDef[] {
    return [notifyWriteService(GODICE_UUIDS)];
  }

  advertData(): AdvertData {
    return { name: this.name, serviceUuids: [], serviceData: [] };
  }

  #vector(face: number): [number, number, number] {
    const v = vectorForFace(this.shell, face);
    if (!v) throw new RangeError(`a ${this.shell} GoDice has no face ${face}`);
    this.#noise = (this.#noise + 1) % 5;
    const n = this.#noise - 2; // −2…2: real vectors are never exact
    return [v[0] + n, v[1] - n, v[2] + n];
  }

  #send(bytes: Uint8Array): void {
    this.notify(GODICE_UUIDS.notify, bytes);
  }

  /** Test knob: sends raw bytes as one notification. */
  inject(bytes: Uint8Array): void {
    this.#send(bytes);
  }

  /** The die starts rolling (`R`). */
  startRoll(): void {
    this.#send(encodeGoDice.rollStart());
  }

  /** The die comes to rest on `face` (`S x y z`). */
  land(face: number): void {
    const [x, y, z] = this.#vector(face);
    this.#send(encodeGoDice.stable("S", x, y, z));
  }

  roll(face: number): void {
    this.startRoll();
    this.land(face);
  }

  /** Moved and set down without a roll (`MS`). */
  pickUp(face: number): void {
    const [x, y, z] = this.#vector(face);
    this.#send(encodeGoDice.stable("MS", x, y, z));
  }

  /** Comes to rest tilted (`TS`). */
  landTilted(face: number): void {
    this.startRoll();
    const [x, y, z] = this.#vector(face);
    this.#send(encodeGoDice.stable("TS", x, y, z));
  }

  protected onWrite(uuid: string, bytes: Uint8Array): void {
    if (uuid !== GODICE_UUIDS.write) return;
    this.received.push([...bytes]);
    this.hostMessages.record(bytes);
    switch (bytes[0]) {
      case 0x03:
        this.#send(encodeGoDice.battery(this.batteryLevel));
        return;
      case 0x17:
        this.#send(encodeGoDice.color(this.colorIndex));
        return;
      case 0x10:
        this.blinks += 1;
        return;
      case 0x19:
        this.inits += 1;
        return;
      default:
        return;
    }
  }
}
