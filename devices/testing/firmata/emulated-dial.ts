/**
 * The wind dial's real driver and johnny-five over the in-process Firmata board emulator, for `--sim` and tests.
 */
import type { Logger } from "pino";
import { type DialConfig, withDialDefaults } from "../../wind-dial/config.ts";
import { FirmataWindDial } from "../../wind-dial/driver.ts";
import { bindingPortFactory, loadFive } from "../../wind-dial/five.ts";
import { angleOfPulse } from "../../wind-dial/map.ts";
import { FirmataBoardEmulator } from "./board.ts";
import { EmulatedFirmataLink } from "./link.ts";

/** Controls of an emulated dial (behind `/api/sim/dial`, `/api/sim/disconnect`…). */
export interface EmulatedDialControl {
  /** The angle the emulated servo was last commanded (from its pulse width), or null before the first move. */
  dialAngle(): number | null;
  /** Pulls the emulated USB cable. */
  disconnect(): Promise<void>;
  /** Plugs it back; the driver reconnects on its next retry and re-syncs. */
  reconnect(): Promise<void>;
  /** The emulated board and cable, for fault knobs (`link.faults`) and inspection. */
  readonly board: FirmataBoardEmulator;
  readonly link: EmulatedFirmataLink;
}

/**
 * The real driver and johnny-five over the in-process Firmata emulator. We chose an in-process serialport
 * binding over a socat pty pair here so `--sim` runs on machines without socat; the firmware-in-the-loop
 * tests cover the real-pty path with simavr.
 */
export async function createEmulatedDial(
  config: Partial<DialConfig> = {},
  opts: { logger?: Logger } = {},
): Promise<{ dial: FirmataWindDial; control: EmulatedDialControl; close(): Promise<void> }> {
  const board = new FirmataBoardEmulator();
  const link = new EmulatedFirmataLink(board, config.port ?? "/emulated/firmata0");
  const full = withDialDefaults({ reconnectMs: 200, reconnectMaxMs: 2000, ...config, port: link.path });
  const dial = new FirmataWindDial(full, {
    loadFive,
    loadPortFactory: () => bindingPortFactory(link.binding),
    emulated: true,
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
  const control: EmulatedDialControl = {
    dialAngle: () => {
      const us = board.servoPulse(full.pin);
      return us === null ? null : angleOfPulse(full, us);
    },
    disconnect: async () => link.disconnect(),
    reconnect: async () => link.reconnect(),
    board,
    link,
  };
  return { dial, control, close: () => dial.stop() };
}
