/**
 * The Firmata board's port seam: the port object johnny-five talks through, and the factory that makes one. Here,
 * beside the protocol, rather than with the dial, because the device world (`devices/world.ts`) hands a factory to
 * every family that drives a Firmata board; the loaders (serialport, the emulator's binding) are in
 * `devices/wind-dial/five.ts`.
 */
import type { EventEmitter } from "node:events";

/** A serial port object as johnny-five/firmata-io use it as a transport (serialport v13 `SerialPortStream`). */
export interface FirmataPort extends EventEmitter {
  readonly path: string;
  readonly isOpen: boolean;
  write(data: Buffer | number[], callback?: (error?: Error | null) => void): boolean;
  close(callback?: (error?: Error | null) => void): void;
}

/** Makes an (auto-opening) port object; johnny-five must be handed it in the same tick. */
export type PortFactory = (path: string, baudRate: number) => FirmataPort;
