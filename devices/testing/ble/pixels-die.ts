/**
 * An emulated Pixels die: current (a6b9…) or legacy (6e40…, notify = service UUID) GATT layout, the chunked or
 * legacy IAmADie, RollState on every state/face change while connected, adverts with the 0x0D39 (or 0xFFFF)
 * manufacturer payload while not connected, and answers to RequestRollState, RequestBatteryLevel and Blink.
 */
import type { Clock } from "../../common/clock.ts";
import { readDieLight } from "../../dice/lights.ts";
import { encodePixelsAdvert } from "../../dice/pixels/advert.ts";
import {
  PIXELS_CURRENT,
  PIXELS_LEGACY,
  PIXELS_SERVICE_DATA_UUID,
  type PixelsDieType,
  PixelsMessageType,
  type PixelsRollState,
} from "../../dice/pixels/ids.ts";
import { encodeRollState } from "../../dice/pixels/messages.ts";
import type { DieLight, PhysicalDieKind } from "../../readings.ts";
import { ReceivedMessages } from "../kit.ts";
import { type AdvertData, EmulatedBleDevice, notifyWriteService, type ServiceDef } from "./device.ts";
import { chunkedIAmADie, legacyIAmADie, pixelsServiceData } from "./pixels-bytes.ts";

/** A host → die message as the emulated Pixels die understands it. */
export type PixelsHostMessage =
  | { readonly type: "whoAreYou" | "requestRollState" | "requestBatteryLevel" }
  /** A Blink (identify, or one of the lights of `devices/dice/lights.ts`: then `light` says which). */
  | { readonly type: "blink"; readonly light: DieLight | null }
  | { readonly type: "stopAllAnimations"; readonly light: "off" }
  | { readonly type: "other"; readonly messageType: number };

const HOST_TYPES = {
  [PixelsMessageType.whoAreYou]: "whoAreYou",
  [PixelsMessageType.requestRollState]: "requestRollState",
  [PixelsMessageType.requestBatteryLevel]: "requestBatteryLevel",
} as const;

/** Types a host → die message by its first byte. */
export function decodePixelsHostMessage(bytes: Uint8Array): PixelsHostMessage {
  const t = bytes[0] ?? 0;
  if (t === PixelsMessageType.blink) return { type: "blink", light: readDieLight("pixels", bytes) };
  if (t === PixelsMessageType.stopAllAnimations && bytes.length === 1) return { type: "stopAllAnimations", light: "off" };
  const type = (HOST_TYPES as Record<number, "whoAreYou" | "requestRollState" | "requestBatteryLevel">)[t];
  return type ? { type } : { type: "other", messageType: t };
}

export interface EmulatedPixelsOptions {
  readonly id: string;
  readonly name?: string;
  readonly kind?: PhysicalDieKind;
  readonly colorway?: number;
  readonly generation?: "current" | "legacy";
  readonly batteryLevel?: number;
  /** Firmware build time, Unix seconds (default 2025-07-24). */
  readonly buildTimestamp?: number;
  readonly pixelId?: number;
  readonly clock: Clock;
  readonly seed?: number;
}

const LEDS: Record<PixelsDieType, number> = {
  unknown: 0,
  d4: 6,
  d6: 6,
  d8: 8,
  d10: 10,
  d00: 10,
  d12: 12,
  d20: 20,
  d6pipped: 21,
  d6fudge: 6,
  m20: 20,
};

export class EmulatedPixelsDie extends EmulatedBleDevice {
  readonly name: string;
  readonly dieType: PixelsDieType;
  readonly generation: "current" | "legacy";
  readonly pixelId: number;
  readonly buildTimestamp: number;
  readonly colorway: number;
  rollState: PixelsRollState = "onFace";
  faceIndex = 0;
  batteryLevel: number;
  /** Blink commands received (identify). */
  blinks = 0;
  /** Host→die messages received, as bytes, for tests. */
  readonly received: number[][] = [];
  /** Host→die messages received, typed and timed on the die's clock (the emulator kit). */
  readonly hostMessages = new ReceivedMessages<PixelsHostMessage>(this.clock, decodePixelsHostMessage);

  /** The lights the host showed on this die, oldest first (a result, the glow, low battery, off). */
  get lights(): DieLight[] {
    return this.hostMessages.all().flatMap((r) => ("light" in r.message && r.message.light ? [r.message.light] : []));
  }

  constructor(o: EmulatedPixelsOptions) {
    super({ id: o.id, clock: o.clock, ...(o.seed !== undefined ? { seed: o.seed } : {}), mtu: 128 });
    this.name = (o.name ?? o.id).slice(0, 13);
    this.dieType = o.kind ?? "d20";
    this.generation = o.generation ?? "current";
    this.pixelId = o.pixelId ?? 0x5eed0000 + o.id.length;
    this.buildTimestamp = o.buildTimestamp ?? 1_753_315_200;
    this.colorway = o.colorway ?? 1;
    this.batteryLevel = o.batteryLevel ?? 85;
  }

  #ids() {
    return this.generation === "current" ? PIXELS_CURRENT : PIXELS_LEGACY;
  }

  services(): readonly ServiceDef[] {
    return [notifyWriteService(this.#ids())];
  }

  advertData(): AdvertData {
    return {
      name: this.name,
      manufacturerData: encodePixelsAdvert({
        companyId: this.generation === "current" ? 0x0d39 : 0xffff,
        ledCount: LEDS[this.dieType],
        dieType: this.dieType,
        colorway: this.colorway,
        rollState: this.rollState,
        faceIndex: this.faceIndex,
        batteryLevel: this.batteryLevel,
        charging: false,
      }),
      serviceUuids: ["180a", this.#ids().service],
      serviceData: [{ uuid: PIXELS_SERVICE_DATA_UUID, data: pixelsServiceData(this.pixelId, this.buildTimestamp) }],
    };
  }

  /** Face value → face index (current firmware: d10 index = value, d00 index = value / 10, else value − 1). */
  indexOf(face: number): number {
    if (this.dieType === "d10") return face;
    if (this.dieType === "d00") return Math.round(face / 10);
    return face - 1;
  }

  #set(state: PixelsRollState, faceIndex: number): void {
    if (state === this.rollState && faceIndex === this.faceIndex) return;
    this.rollState = state;
    this.faceIndex = faceIndex;
    this.notify(this.#ids().notify, encodeRollState(state, faceIndex));
    this.advertChanged();
  }

  /** Test knob: sends raw bytes as one notification (garbage, replays, hand-made messages). */
  inject(bytes: Uint8Array): void {
    this.notify(this.#ids().notify, bytes);
  }

  /** The die is thrown: a few `rolling` reports with changing faces. */
  startRoll(): void {
    const faces = LEDS[this.dieType] > 0 ? Math.min(LEDS[this.dieType], 20) : 6;
    for (const step of [1, 2, 3]) this.#set("rolling", (this.faceIndex + step * 3) % faces);
  }

  /** The die comes to rest after a roll. */
  land(face: number): void {
    if (this.rollState !== "rolling") this.startRoll();
    this.#set("rolled", this.indexOf(face));
  }

  /** A whole roll landing on `face`; a face the die does not have is a RangeError. */
  roll(face: number): void {
    const index = this.indexOf(face);
    const faces = this.dieType === "d00" || this.dieType === "d10" ? 10 : this.dieType === "d4" ? 4 : Math.min(LEDS[this.dieType], 20);
    if (
      !Number.isInteger(face) ||
      index < 0 ||
      index >= (this.dieType === "d6pipped" ? 6 : faces) ||
      (this.dieType === "d00" && face % 10 !== 0)
    ) {
      throw new RangeError(`a ${this.dieType} Pixels die has no face ${face}`);
    }
    this.startRoll();
    this.land(face);
  }

  /** Picked up and put down without a roll (DiceFirmware#78): `handling` then `onFace`. */
  pickUp(face?: number): void {
    this.#set("handling", this.faceIndex);
    this.#set("onFace", face === undefined ? this.faceIndex : this.indexOf(face));
  }

  /** Stops tilted against something: `crooked`. */
  landCrooked(): void {
    if (this.rollState !== "rolling") this.startRoll();
    this.#set("crooked", this.faceIndex);
  }

  #fields() {
    return {
      pixelId: this.pixelId,
      dieType: this.dieType,
      ledCount: LEDS[this.dieType],
      colorway: this.colorway,
      buildTimestamp: this.buildTimestamp,
      name: this.name,
      batteryLevel: this.batteryLevel,
      batteryState: "ok" as const,
      rollState: this.rollState,
      faceIndex: this.faceIndex,
    };
  }

  protected onWrite(uuid: string, bytes: Uint8Array): void {
    const ids = this.#ids();
    if (uuid !== ids.write) return;
    this.received.push([...bytes]);
    this.hostMessages.record(bytes);
    switch (bytes[0]) {
      case PixelsMessageType.whoAreYou:
        this.notify(ids.notify, this.generation === "current" ? chunkedIAmADie(this.#fields()) : legacyIAmADie(this.#fields()));
        return;
      case PixelsMessageType.requestRollState:
        this.notify(ids.notify, encodeRollState(this.rollState, this.faceIndex));
        return;
      case PixelsMessageType.requestBatteryLevel:
        this.notify(ids.notify, Uint8Array.of(PixelsMessageType.batteryLevel, this.batteryLevel, 0));
        return;
      case PixelsMessageType.blink:
        this.blinks += 1;
        this.notify(ids.notify, Uint8Array.of(PixelsMessageType.blinkAck));
        return;
      default:
        return;
    }
  }
}
