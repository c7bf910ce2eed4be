/**
 * The servo wind dial: `createDial` for a real Firmata board (StandardFirmata or the quarterdeck bridge),
 * `createEmulatedDial` for the same driver and johnny-five over the in-process Firmata board emulator.
 */
import type { Logger } from "pino";
import { EmulatedFirmataLink, FirmataBoardEmulator } from "../testing/firmata/index.ts";
import { type DialConfig, withDialDefaults } from "./config.ts";
import { FirmataWindDial } from "./driver.ts";
import { bindingPortFactory, loadFive, serialPortFactory } from "./five.ts";
import { angleOfPulse } from "./map.ts";

export {
  type DialConfig,
  DialConfigSchema,
  type DialMap,
  DialMapSchema,
  defaultDialConfig,
  parseDialConfig,
  withDialDefaults,
} from "./config.ts";
export { FirmataWindDial } from "./driver.ts";
export { allDirections, angleOfPulse, pointerBearing, positionIndex, pulseWidth, servoAngle } from "./map.ts";

/** The dial on real hardware. `start()` never rejects: a missing port is a health status, retried with backoff. */
export function createDial(config: DialConfig, opts: { logger?: Logger } = {}): FirmataWindDial {
  return new FirmataWindDial(config, {
    loadFive,
    loadPortFactory: serialPortFactory,
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
}

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
