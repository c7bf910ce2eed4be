/**
 * HID devices for the host: the control pad (`createPadSource`, `PadConfigSchema`) and its emulator
 * (`createEmulatedPad`). Keyboard-wedge readers are readers: see `devices/nfc/index.ts`.
 */
import { type Static, Type } from "@sinclair/typebox";
import type { Logger } from "pino";
import type { Clock } from "../common/clock.ts";
import type { DeviceSource } from "../readings.ts";
import { checkEach } from "../serial/validate.ts";
import { EmulatedHidBackend } from "../testing/hid/backend.ts";
import { PadEmulator } from "../testing/hid/pad-emulator.ts";
import { nodeHidBackend } from "./node-hid-backend.ts";
import { padSource } from "./pad-source.ts";
import type { HidBackend } from "./transport.ts";

export { nodeHidBackend } from "./node-hid-backend.ts";
export { type HidBackend, type HidDeviceInfo, type HidTransport, HidUnavailableError } from "./transport.ts";

const Id16 = Type.Integer({ minimum: 0, maximum: 0xffff, description: "USB id; write it as 0x0483 in YAML" });

export const ButtonMappingSchema = Type.Object(
  {
    command: Type.String({ pattern: "^[a-z][a-z0-9-]*$", description: "confirm, undo, next-phase, …" }),
    byte: Type.Optional(Type.Integer({ minimum: 0, maximum: 63, description: "report byte (with bit)" })),
    bit: Type.Optional(Type.Integer({ minimum: 0, maximum: 7 })),
    button: Type.Optional(Type.Integer({ minimum: 0, maximum: 255, description: "button index from buttonsByte" })),
  },
  { additionalProperties: false },
);

/** One control pad in the table configuration (CONTRACT §5 devices). */
export const PadConfigSchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    vendorId: Id16,
    productId: Id16,
    path: Type.Optional(Type.String({ minLength: 1, description: "pin one device when two identical pads are plugged" })),
    serialNumber: Type.Optional(Type.String()),
    buttonsByte: Type.Optional(Type.Integer({ minimum: 0, maximum: 63, default: 0 })),
    debounceMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 2000, default: 50 })),
    buttons: Type.Array(ButtonMappingSchema, { minItems: 1 }),
  },
  { additionalProperties: false },
);
export type PadConfig = Static<typeof PadConfigSchema>;

export interface PadSourceOptions {
  readonly logger?: Logger;
  readonly clock?: Clock;
  /** Defaults to node-hid, loaded on first use; a load failure is `unavailable` health, not a crash. */
  readonly backend?: HidBackend;
}

/**
 * Real pads. `start()` never rejects: a missing pad or a missing node-hid shows in health. The config (one pad
 * or a list) is checked against `PadConfigSchema` here too: a failing entry is a `misconfigured` pad naming the key.
 */
export function createPadSource(config: PadConfig[] | PadConfig, opts: PadSourceOptions = {}): DeviceSource {
  const backend = opts.backend ?? nodeHidBackend();
  const pads = checkEach<PadConfig>(PadConfigSchema, config, "devices.pad").map((c) => (c.ok ? c.value : { id: c.id, problem: c.message }));
  return padSource(pads, {
    backend: async () => backend,
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
}

/** The commands an emulated pad offers by default. */
export const DEFAULT_PAD_COMMANDS = ["confirm", "undo", "next-phase", "cancel"] as const;

export interface EmulatedPad {
  readonly source: DeviceSource;
  readonly control: {
    /** Presses and releases the button mapped to `command`. */
    press(command: string): Promise<void>;
    disconnect(): Promise<void>;
    reconnect(): Promise<void>;
  };
  /** The emulator, for fault knobs (`emulator.faults`). */
  readonly emulator: PadEmulator;
  close(): Promise<void>;
}

/** The full pad stack (HID link, decoder, source) over an emulated button box. */
export async function createEmulatedPad(
  opts: { id?: string; commands?: readonly string[]; logger?: Logger; clock?: Clock } = {},
): Promise<EmulatedPad> {
  const commands = opts.commands ?? DEFAULT_PAD_COMMANDS;
  const emulator = new PadEmulator(commands);
  const backend = new EmulatedHidBackend();
  backend.plug(emulator);
  const source = padSource(
    [
      {
        id: opts.id ?? "pad",
        vendorId: emulator.info.vendorId,
        productId: emulator.info.productId,
        buttons: commands.map((command, button) => ({ command, button })),
      },
    ],
    {
      backend: async () => backend,
      emulated: true,
      initialBackoffMs: 100,
      maxBackoffMs: 1000,
      ...(opts.clock ? { clock: opts.clock } : {}),
      ...(opts.logger ? { logger: opts.logger } : {}),
    },
  );
  return {
    source,
    emulator,
    control: {
      press: (command) => emulator.press(command),
      disconnect: async () => backend.unplug(emulator),
      reconnect: async () => backend.plug(emulator),
    },
    close: () => source.stop(),
  };
}
