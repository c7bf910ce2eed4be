/**
 * The electronic dice for the host: real dice over noble ({@link createBleDiceSource}). The same driver stack over
 * emulated BLE is `devices/testing/ble/emulated-dice.ts`. Configuration schema: {@link DiceDeviceConfigSchema}.
 */
import type { Logger } from "pino";
import { type BleAdapterConfig, type BleConfig, bindingOf, bleAdapters } from "../ble/config.ts";
import { createNobleCentral } from "../ble/noble-adapter.ts";
import type { BleCentral } from "../ble/seam.ts";
import type { DeviceSource } from "../readings.ts";
import type { DiceDeviceConfig } from "./config.ts";
import { createDiceSource } from "./source.ts";
import { mergeSources, spreadOver } from "./spread.ts";

export { type BleConfig, BleConfigSchema, bleConfigProblems } from "../ble/config.ts";
export { type DiceDeviceConfig, DiceDeviceConfigSchema, diceConfigProblems } from "./config.ts";
export { decodeGoDiceMessage } from "./godice/messages.ts";
export { GODICE_SHELLS, type GoDiceShell, goDiceFace } from "./godice/shells.ts";
export { decodePixelsAdvert } from "./pixels/advert.ts";
export { decodePixelsMessage } from "./pixels/messages.ts";
export { createDiceSource, type DiceSource } from "./source.ts";

/**
 * Real dice through noble, on the adapter(s) of `devices.ble` (default: one, noble's own choice). With several
 * adapters the dice are spread over them in turn. A machine without Bluetooth gets a source whose health says
 * why; nothing throws.
 */
export function createBleDiceSource(
  config: readonly DiceDeviceConfig[],
  opts: {
    logger?: Logger;
    ble?: BleConfig;
    settleMs?: number;
    /** The adapters' shared centrals (a device world's): the source then neither makes nor closes them. */
    central?: (adapter: BleAdapterConfig) => BleCentral;
    /** The adapters when `ble` names none (default: noble's own choice). */
    defaultAdapters?: readonly BleAdapterConfig[];
    emulated?: boolean;
  },
): DeviceSource {
  const adapters = opts.ble === undefined && opts.defaultAdapters ? [...opts.defaultAdapters] : bleAdapters(opts.ble);
  const groups = spreadOver(config, adapters.length);
  const sources = adapters.map((a, i) => {
    const logger = adapters.length > 1 ? opts.logger?.child({ adapter: i + 1 }) : opts.logger;
    const central =
      opts.central?.(a) ??
      createNobleCentral({
        binding: bindingOf(a),
        ...(logger ? { logger } : {}),
        ...(opts.settleMs ? { settleMs: opts.settleMs } : {}),
      });
    return createDiceSource({
      central,
      configs: groups[i] ?? [],
      ownsCentral: opts.central === undefined,
      ...(opts.emulated ? { emulated: true } : {}),
      ...(adapters.length > 1 ? { adapterId: `ble:${i + 1}` } : {}),
      ...(logger ? { logger } : {}),
    });
  });
  return sources.length === 1 && sources[0] ? sources[0] : mergeSources(sources);
}
