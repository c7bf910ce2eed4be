/**
 * The table of device families: for each key of the table file's `devices` section, where its family module is
 * (loaded with `await import()` only when the table file names it, so a table without dice never loads the
 * Bluetooth stack) and how the demo table (`--sim`) emulates it. The emulators are imported here and nowhere
 * else in production code: the demo is a composition choice (see test/layering.test.ts).
 */

import type { Logger } from "pino";
import type { BuiltDevices, DeviceFamily, EmulatedDevices, FamilyContext } from "../devices/family.ts";
import type { DeviceConfig } from "./config/device-schemas.ts";

/** The demo's dice: six Pixels-style and three GoDice-style, coloured for every rule set's coloured dice. */
export const DEMO_PIXELS = [
  { id: "pixel-1", color: "white" },
  { id: "pixel-2", color: "white" },
  { id: "pixel-3", color: "white" },
  { id: "pixel-4", color: "white" },
  { id: "pixel-5", color: "black" },
  { id: "pixel-6", color: "red" },
] as const;
export const DEMO_GODICE = [
  { id: "godice-1", color: "blue" },
  { id: "godice-2", color: "green" },
  { id: "godice-3", color: "yellow" },
] as const;
export const DEMO_READERS = [{ id: "reader-1" }, { id: "reader-2" }] as const;
export const DEMO_DIAL_ID = "dial";
export const DEMO_TABLE_ID = "table";
export const DEMO_PAD_ID = "pad";
export const DEMO_PAD_COMMANDS = ["confirm", "undo", "next-phase", "cancel", "roll", "next-choice", "prev-choice", "log"] as const;

/** How the demo table's devices are emulated (`quarterdeck start --sim`). */
export interface DemoOptions {
  /** The demo dice go through an emulated HCI controller and noble (`--sim hci`). */
  readonly diceOverHci?: boolean;
  /** In-process emulated dice only: the rate (0–0.5) at which each die message is dropped, garbled and repeated. */
  readonly diceFaults?: number;
}

/** One row of the table, its section type `C` closed over. */
export interface FamilyRow {
  readonly key: string;
  /** The logger's `dev` name. */
  readonly dev: string;
  /** The family's section of the table's devices (undefined when it has none). */
  section(devices: DeviceConfig): unknown;
  /** Builds the family's configured devices, or null when the table file has no section for it. */
  build(devices: DeviceConfig, context: FamilyContext): Promise<BuiltDevices | null>;
  /** The family on the demo table. */
  emulate(context: FamilyContext, demo: DemoOptions): Promise<EmulatedDevices>;
}

function row<C>(r: {
  key: string;
  dev: string;
  section: (devices: DeviceConfig) => C | undefined;
  load: () => Promise<DeviceFamily<C>>;
  emulate: FamilyRow["emulate"];
}): FamilyRow {
  return {
    key: r.key,
    dev: r.dev,
    section: r.section,
    build: async (devices, context) => {
      const section = r.section(devices);
      return section === undefined ? null : (await r.load()).create(section, context);
    },
    emulate: r.emulate,
  };
}

const emulators = () => import("../devices/testing/emulated-families.ts");

/**
 * The demo's world of devices within reach but not on the table (`--sim` with a table file that has a `devices`
 * section): the same emulated dice, readers, pad and dial, found and added from /devices.
 */
export async function emulateWorld(demo: DemoOptions, logger: Logger) {
  const { createEmulatedWorld } = await import("../devices/testing/emulated-world.ts");
  return createEmulatedWorld({
    pixels: DEMO_PIXELS.map((d) => ({ id: d.id })),
    godice: DEMO_GODICE.map((d) => ({ ...d })),
    readers: DEMO_READERS,
    padCommands: DEMO_PAD_COMMANDS,
    overHci: demo.diceOverHci === true,
    logger,
  });
}

/** Every family, in the order they are built. */
export const DEVICE_FAMILIES: readonly FamilyRow[] = [
  row({
    key: "dice",
    dev: "dice",
    section: (d) => (d.dice === undefined ? undefined : { dice: d.dice, ...(d.ble !== undefined ? { ble: d.ble } : {}) }),
    load: async () => (await import("../devices/dice/family.ts")).family,
    emulate: async (context, demo) =>
      (await emulators()).emulateDice(
        {
          pixels: DEMO_PIXELS.map((d) => ({ ...d })),
          godice: DEMO_GODICE.map((d) => ({ ...d })),
          overHci: demo.diceOverHci === true,
          faults: demo.diceFaults ?? 0,
        },
        context,
      ),
  }),
  row({
    key: "readers",
    dev: "nfc",
    section: (d) => d.readers,
    load: async () => (await import("../devices/nfc/family.ts")).family,
    emulate: async (context) => (await emulators()).emulateReaders({ readers: DEMO_READERS }, context),
  }),
  row({
    key: "pad",
    dev: "hid",
    section: (d) => d.pad,
    load: async () => (await import("../devices/pad/family.ts")).family,
    emulate: async (context) => (await emulators()).emulatePad({ id: DEMO_PAD_ID, commands: DEMO_PAD_COMMANDS }, context),
  }),
  row({
    key: "dial",
    dev: "dial",
    section: (d) => d.dial,
    load: async () => (await import("../devices/wind-dial/family.ts")).family,
    emulate: async (context) => (await emulators()).emulateDial({ id: DEMO_DIAL_ID }, context),
  }),
  row({
    key: "positions",
    dev: "positions",
    section: (d) => d.positions,
    load: async () => (await import("../devices/positions/family.ts")).family,
    emulate: async () => (await emulators()).emulatePositions({ id: DEMO_TABLE_ID }),
  }),
];
