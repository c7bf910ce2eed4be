/**
 * The servo wind dial: `createDial` for a real Firmata board (StandardFirmata or the quarterdeck bridge). The same
 * driver and johnny-five over the in-process Firmata board emulator is `devices/testing/firmata/emulated-dial.ts`.
 */
import type { Logger } from "pino";
import type { DialConfig } from "./config.ts";
import { FirmataWindDial } from "./driver.ts";
import { loadFive, type PortFactory, serialPortFactory } from "./five.ts";

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
export function createDial(
  config: DialConfig,
  opts: { logger?: Logger; loadPortFactory?: () => Promise<PortFactory>; emulated?: boolean } = {},
): FirmataWindDial {
  return new FirmataWindDial(config, {
    loadFive,
    loadPortFactory: opts.loadPortFactory ?? serialPortFactory,
    ...(opts.logger ? { logger: opts.logger } : {}),
    ...(opts.emulated ? { emulated: true } : {}),
  });
}
