/**
 * The NFC reader family (`devices.readers`): PN532, MFRC522 sketches and USB keyboard-wedge readers.
 */
import type { DeviceFamily } from "../family.ts";
import { type ReaderConfig, ReaderListSchema } from "./config.ts";
import { readerSourceOf } from "./index.ts";

export const family: DeviceFamily<readonly ReaderConfig[]> = {
  key: "readers",
  schema: ReaderListSchema,
  create: (config, { logger, world }) => ({
    sources: [
      readerSourceOf(config, {
        logger,
        ...(world ? { serialFactory: world.serial, hidBackend: world.hid, emulated: world.emulated } : {}),
      }),
    ],
  }),
};
