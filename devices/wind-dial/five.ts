/**
 * The slice of johnny-five 2.1 the dial uses, typed locally (the package ships no types), and the lazy
 * loaders for johnny-five and serialport v13. Hardware libraries are imported only here, on first use.
 */
import type { EventEmitter } from "node:events";
import type { FirmataPort, PortFactory } from "../firmata/port.ts";
import type { SerialBackend } from "../serial/transport.ts";

export type { FirmataPort, PortFactory } from "../firmata/port.ts";

export interface FiveBoard extends EventEmitter {
  isReady: boolean;
  /** johnny-five's connect-timeout timer; cleared when we abandon a board before `ready`. */
  timer: ReturnType<typeof setTimeout> | null;
  io: {
    firmware?: { name?: string; version?: { major: number; minor: number } };
    servoConfig(pin: number, min: number, max: number): void;
    servoWrite(pin: number, value: number): void;
  } & EventEmitter;
}

export interface FiveServo {
  to(degrees: number): unknown;
}

export interface FiveModule {
  Board: (new (options: {
    port: FirmataPort;
    repl: false;
    debug: false;
    sigint: false;
    timeout: number;
  }) => FiveBoard) & {
    /** johnny-five's registry of every Board ever made (the live array). */
    readonly cache?: unknown[];
  };
  Servo: new (options: { pin: number; board: FiveBoard; pwmRange: [number, number]; degreeRange: [number, number] }) => FiveServo;
}

let five: Promise<FiveModule> | null = null;

const exported = (m: unknown): unknown => (m as { default?: unknown }).default ?? m;

/**
 * Loads johnny-five's Board and Servo once (its two files the dial uses: its index loads all 37 of its components,
 * twice the CPU at a start). Rejects with a clear message when it is not installed.
 */
export function loadFive(): Promise<FiveModule> {
  five ??= Promise.all([import("johnny-five/lib/board.js"), import("johnny-five/lib/servo.js")]).then(
    ([board, servo]) => ({ Board: exported(board), Servo: exported(servo) }) as FiveModule,
    (e: unknown) => {
      five = null;
      throw new Error(`johnny-five could not be loaded: ${(e as Error).message}`);
    },
  );
  return five;
}

/** The real port factory: serialport v13's `SerialPort` (N-API prebuilds, no compiler needed). */
export async function serialPortFactory(): Promise<PortFactory> {
  let mod: typeof import("serialport");
  try {
    mod = await import("serialport");
  } catch (e) {
    throw new Error(`serialport could not be loaded: ${(e as Error).message}`);
  }
  return (path, baudRate) => new mod.SerialPort({ path, baudRate }) as unknown as FirmataPort;
}

/** A port factory over a serial backend (the in-process emulator's), through serialport's own stream class. */
export async function bindingPortFactory(backend: SerialBackend): Promise<PortFactory> {
  const { SerialPortStream } = await import("@serialport/stream");
  return (path, baudRate) => new SerialPortStream({ binding: backend, path, baudRate }) as unknown as FirmataPort;
}

/** Drops a finished Board from johnny-five's global registry, so reconnects over days do not pile them up. */
export function forgetBoard(five: FiveModule, board: FiveBoard): void {
  const cache = five.Board.cache;
  const i = cache?.indexOf(board) ?? -1;
  if (cache && i >= 0) cache.splice(i, 1);
}
