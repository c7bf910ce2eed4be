/**
 * One device family of the table in its slot: built from its section of the table file (or emulated for the demo),
 * started in the background, stopped so its ports and links are let go. A family that cannot be built (module
 * missing, native library absent, no socat for the emulated readers' ptys) keeps an empty slot with a health entry
 * saying why; the table keeps running.
 */
import type { Logger } from "pino";
import type { BuiltDevices, SimControls } from "../devices/family.ts";
import type { DeviceHealth, WindDial } from "../devices/readings.ts";
import type { DeviceWorld } from "../devices/world.ts";
import type { DeviceConfig } from "./config/device-schemas.ts";
import type { DemoOptions, FamilyRow } from "./device-families.ts";

/** Which devices: the configured hardware (over `world`, default this machine's), or the demo table's emulators. */
export type DeviceChoice =
  | {
      readonly emulated: false;
      readonly config: DeviceConfig;
      readonly world?: DeviceWorld;
      /** Controls of the world's emulators (`/api/sim/*`), when the world is emulated. */
      readonly sim?: SimControls;
    }
  | ({ readonly emulated: true } & DemoOptions);

/** A family's place in the table's devices. */
export interface Slot {
  readonly row: FamilyRow;
  readonly built: BuiltDevices | null;
  readonly problem: DeviceHealth | null;
  /** The section it was built from (JSON), to rebuild only what changed. */
  readonly section: string;
}

/** A family's section of the configuration as compared on a change. */
export const sectionOf = (row: FamilyRow, config: DeviceConfig): string => JSON.stringify(row.section(config) ?? null);

const problem = (id: string, family: string, message: string): DeviceHealth => ({
  id,
  kind: "adapter",
  family,
  connected: false,
  status: "unavailable",
  message,
  emulated: false,
});

/** Builds one family: from `config` over `world`, or emulated when the choice is the demo's. */
export async function buildSlot(
  row: FamilyRow,
  choice: DeviceChoice,
  config: DeviceConfig | null,
  world: DeviceWorld | null,
  logger: Logger,
): Promise<Slot> {
  const section = config ? sectionOf(row, config) : "demo";
  const context = { logger: logger.child({ dev: row.dev }), ...(world ? { world } : {}) };
  try {
    const built = choice.emulated ? await row.emulate(context, choice) : await row.build(config as DeviceConfig, context);
    return { row, built, problem: null, section };
  } catch (e) {
    const why = (e as Error).message;
    const said = choice.emulated
      ? problem(row.key, "emulated", `The emulated ${row.key} could not start: ${why}`)
      : problem(row.key, row.key, `${row.key}: ${why}`);
    return { row, built: null, problem: said, section };
  }
}

/** Starts a slot's devices in the background; `dialStarted` hears its dial once it is up. */
export function startSlot(slot: Slot, logger: Logger, dialStarted: (dial: WindDial) => void): void {
  const b = slot.built;
  if (!b) return;
  for (const src of b.sources) src.start().catch((e: Error) => logger.warn({ err: e }, "a device group failed to start"));
  const dial = b.dial;
  dial
    ?.start()
    .then(() => dialStarted(dial))
    .catch((e: Error) => logger.warn({ err: e }, "the wind dial failed to start"));
}

/** Stops a family's devices: their ports and links let go. */
export async function stopSlot(b: BuiltDevices | null): Promise<void> {
  if (!b) return;
  await (b.close ? b.close() : Promise.allSettled([...b.sources.map((s) => s.stop()), b.dial?.stop()]));
}
