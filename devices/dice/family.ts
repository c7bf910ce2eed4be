/**
 * The dice family (`devices.dice`, with the Bluetooth adapters of `devices.ble`): real dice over noble.
 */
import type { BleConfig } from "../ble/config.ts";
import type { DeviceFamily } from "../family.ts";
import { type DiceDeviceConfig, DiceListSchema } from "./config.ts";
import { createBleDiceSource } from "./index.ts";

/** The dice's part of the table file: the dice and the adapters they are spread over. */
export interface DiceSection {
  readonly dice: readonly DiceDeviceConfig[];
  readonly ble?: BleConfig;
}

export const family: DeviceFamily<DiceSection> = {
  key: "dice",
  schema: DiceListSchema,
  create: (config, { logger, world }) => ({
    sources: [
      createBleDiceSource(config.dice, {
        logger,
        ...(config.ble !== undefined ? { ble: config.ble } : {}),
        ...(world ? { central: (a) => world.central(a), defaultAdapters: world.defaultAdapters, emulated: world.emulated } : {}),
      }),
    ],
  }),
};
