/**
 * The control pad's full stack (HID link, decoder, source) over an emulated button box, for `--sim` and tests.
 */
import type { Logger } from "pino";
import type { Clock } from "../../common/clock.ts";
import { padSource } from "../../pad/pad-source.ts";
import type { DeviceSource } from "../../readings.ts";
import { EmulatedHidBackend } from "./backend.ts";
import { PadEmulator } from "./pad-emulator.ts";

/** The commands an emulated pad offers by default. */
export const DEFAULT_PAD_COMMANDS = ["confirm", "undo", "next-phase", "cancel", "next-choice", "prev-choice"] as const;

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
