/**
 * The control pad family (`devices.pad`): HID button boxes mapped to commands, one pad or a list.
 */
import type { DeviceFamily } from "../family.ts";
import { type PadConfig, PadSectionSchema, padSourceOf } from "./index.ts";

export const family: DeviceFamily<PadConfig | readonly PadConfig[]> = {
  key: "pad",
  schema: PadSectionSchema,
  create: (config, { logger, world }) => ({
    sources: [padSourceOf(config, { logger, ...(world ? { backend: world.hid, emulated: world.emulated } : {}) })],
  }),
};
