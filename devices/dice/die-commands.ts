/**
 * The commands of an open die session that both families answer alike: blink, show a light, poll battery and
 * RSSI, close. Only the bytes differ (each family's messages), and how they are written (Pixels writes without
 * response; GoDice as its write characteristic allows), so a family gives those and gets a {@link DieSession}.
 */
import type { BlePeripheral } from "../ble/seam.ts";
import type { DieLight } from "../readings.ts";
import type { DieSession, SessionLifetime, SessionSink } from "./session.ts";

/** What a family gives: its bytes, how it writes them, and what else ends with the session. */
export interface DieCommandsOptions {
  readonly lifetime: SessionLifetime;
  readonly peripheral: BlePeripheral;
  readonly sink: SessionSink;
  /** Writes one message to the die. */
  readonly send: (bytes: Uint8Array) => Promise<void>;
  /** The identify blink. */
  readonly blink: () => Uint8Array;
  /** A light (result, glow, low battery, off) in the family's messages. */
  readonly light: (light: DieLight) => Uint8Array;
  /** The battery request (the answer comes as a notification). */
  readonly askBattery: () => Uint8Array;
  /** Stops the family's own timers and watches; runs before the link is released. */
  readonly onClose: () => void;
}

/** A {@link DieSession} over a set-up connection: commands do nothing once the session is closed. */
export class DieCommands implements DieSession {
  constructor(private readonly o: DieCommandsOptions) {}

  async identify(): Promise<boolean> {
    if (this.o.lifetime.closed) return false;
    await this.o.send(this.o.blink());
    return true;
  }

  async light(light: DieLight): Promise<boolean> {
    if (this.o.lifetime.closed) return false;
    await this.o.send(this.o.light(light));
    return true;
  }

  async poll(): Promise<void> {
    if (this.o.lifetime.closed) return;
    await this.o.send(this.o.askBattery());
    this.o.sink.rssi(await this.o.peripheral.readRssi());
  }

  close(): Promise<void> {
    this.o.onClose();
    return this.o.lifetime.close();
  }
}
