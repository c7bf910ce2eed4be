/**
 * Which devices the table starts with: the demo's fixed emulated set (a scenario, or `--sim` with a table file
 * without a `devices` section), or the table file's devices plus those added from /devices (kept in the store),
 * over this machine's ports and adapters — or, with `--sim`, over the demo's emulated world.
 */
import type { Logger } from "pino";
import type { SimControls } from "../devices/family.ts";
import { composeDevices, type LiveDevices } from "./compose-devices.ts";
import type { DeviceConfig } from "./config/device-schemas.ts";
import type { TableSetup } from "./config/load.ts";
import { emulateWorld } from "./device-families.ts";
import type { SqliteStore } from "./store/sqlite-store.ts";
import { mergeDevices } from "./table-devices.ts";

/** What of the start options decides the devices. */
export interface DeviceStartOptions {
  readonly sim: boolean;
  readonly simDiceOverHci?: boolean;
  readonly simFaults?: number;
}

const padIds = (c: DeviceConfig): string[] => (c.pad === undefined ? [] : Array.isArray(c.pad) ? c.pad : [c.pad]).map((p) => p.id);

/** Builds the table's devices (not started). */
export async function composeTableDevices(
  tableFile: TableSetup,
  store: SqliteStore,
  opts: DeviceStartOptions,
  logger: Logger,
): Promise<LiveDevices> {
  if (tableFile.devices === null) {
    return composeDevices({ emulated: true, diceOverHci: opts.simDiceOverHci === true, diceFaults: opts.simFaults ?? 0 }, logger);
  }
  const { config, problems } = mergeDevices(tableFile.devices, store.addedDevices());
  for (const p of problems) logger.warn({ device: p.id }, p.message);
  if (!opts.sim) return composeDevices({ emulated: false, config }, logger);
  const worldLogger = logger.child({ dev: "world" });
  // without socat there is no HCI controller to plug: the dice are then heard in-process, and the log says why
  const world = await emulateWorld({ diceOverHci: opts.simDiceOverHci === true }, worldLogger).catch((e: Error) => {
    worldLogger.warn({ err: e.message }, "the emulated HCI controller could not start: the dice are emulated in-process");
    return emulateWorld({ diceOverHci: false }, worldLogger);
  });
  let live: LiveDevices | null = null;
  const sim: SimControls = world.simControls(() => {
    const c = live?.config;
    return c ? { ...c, padIds: padIds(c) } : null;
  });
  live = await composeDevices({ emulated: false, config, world, sim }, logger);
  return live;
}
