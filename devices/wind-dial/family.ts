/**
 * The wind dial family (`devices.dial`): the servo dial on a Firmata board and, when the board runs the bridge
 * firmware (`bridgeReaders: N`), the NFC readers `bridge:0` … that share its serial line.
 */
import { createBridgeReaderSource } from "../bridge/source.ts";
import type { DeviceFamily } from "../family.ts";
import { type DialConfig, DialConfigSchema } from "./config.ts";
import { createDial } from "./index.ts";

export const family: DeviceFamily<DialConfig> = {
  key: "dial",
  schema: DialConfigSchema,
  create: (config, { logger, world }) => {
    const dial = createDial(config, { logger, ...(world ? { loadPortFactory: world.firmataPorts, emulated: world.emulated } : {}) });
    const bridge = createBridgeReaderSource(dial, config, {
      logger: logger.child({ dev: "bridge" }),
      ...(world?.emulated ? { emulated: true } : {}),
    });
    return { dial, sources: bridge ? [bridge] : [] };
  },
};
