/**
 * Builds the table's devices: the emulated demo set (`--sim`, or no config) or the configured hardware.
 * This and host/compose.ts are the only places device factories are called. A device that cannot be built
 * (module missing, native library absent) becomes a health entry with a message; the table keeps running.
 */
import type { Logger } from "pino";
import type { DeviceHealth, DeviceSource, WindDial } from "../devices/readings.ts";
import { createDial, createEmulatedDial, parseDialConfig } from "../devices/wind-dial/index.ts";
import type { SimControls, TableDevices } from "./devices.ts";

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

/** Shapes of the device modules still being written by their owners (loaded by path until they land). */
interface DiceModule {
  createEmulatedDice(o: { pixels: { id: string; color?: string }[]; godice: { id: string; color?: string }[]; logger?: Logger }): Promise<{
    source: DeviceSource;
    control: { roll(id: string, face: number): unknown; disconnect(id: string): unknown; reconnect(id: string): unknown };
  }>;
  createBleDiceSource(config: unknown, o: { logger: Logger }): DeviceSource | Promise<DeviceSource>;
}
interface NfcModule {
  createEmulatedReaders(
    readers: { id: string }[],
    o: { logger?: Logger },
  ): Promise<{
    source: DeviceSource;
    control: {
      tap(id: string, uid: string): unknown;
      lift(id: string): unknown;
      disconnect(id: string): unknown;
      reconnect(id: string): unknown;
    };
    close(): Promise<void>;
  }>;
  createReaderSource(config: unknown, o: { logger: Logger }): DeviceSource | Promise<DeviceSource>;
}
interface HidModule {
  createPadSource(config: unknown, o: { logger: Logger }): DeviceSource | Promise<DeviceSource>;
}

async function load<T>(relative: string): Promise<T | null> {
  try {
    return (await import(new URL(relative, import.meta.url).href)) as T;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND") return null;
    throw e;
  }
}

const problem = (id: string, family: string, message: string): DeviceHealth => ({
  id,
  kind: "adapter",
  family,
  connected: false,
  status: "unavailable",
  message,
  emulated: false,
});

const owns = (s: DeviceSource | undefined, id: string): boolean => s?.health().some((h) => h.id === id) ?? false;

/** The all-emulated demo table: 6 Pixels, 3 GoDice, 2 NFC readers, a Firmata dial. */
export async function composeSimDevices(logger: Logger): Promise<TableDevices> {
  const problems: DeviceHealth[] = [];
  const dice = await (await load<DiceModule>("../devices/dice/index.ts"))?.createEmulatedDice({
    pixels: DEMO_PIXELS.map((d) => ({ ...d })),
    godice: DEMO_GODICE.map((d) => ({ ...d })),
    logger: logger.child({ dev: "dice" }),
  });
  if (!dice) problems.push(problem("dice", "emulated", "The dice emulator is not available in this build."));
  const readers = await (await load<NfcModule>("../devices/nfc/index.ts"))?.createEmulatedReaders(
    DEMO_READERS.map((r) => ({ ...r })),
    { logger: logger.child({ dev: "nfc" }) },
  );
  if (!readers) problems.push(problem("readers", "emulated", "The NFC reader emulator is not available in this build."));
  const dial = await createEmulatedDial({}, { logger: logger.child({ dev: "dial" }) });
  const dialId = dial.dial.health().id;
  const sources = [dice?.source, readers?.source].filter((s): s is DeviceSource => s !== undefined);
  const route = async (id: string, op: "disconnect" | "reconnect"): Promise<boolean> => {
    if (dice && owns(dice.source, id)) await dice.control[op](id);
    else if (readers && owns(readers.source, id)) await readers.control[op](id);
    else if (id === dialId || id === DEMO_DIAL_ID) await dial.control[op]();
    else return false;
    return true;
  };
  const sim: SimControls = {
    ...(dice ? { roll: async (id: string, face: number) => void (await dice.control.roll(id, face)) } : {}),
    ...(readers
      ? {
          tap: async (id: string, uid: string) => void (await readers.control.tap(id, uid)),
          lift: async (id: string) => void (await readers.control.lift(id)),
        }
      : {}),
    disconnect: (id) => route(id, "disconnect"),
    reconnect: (id) => route(id, "reconnect"),
    dialAngle: () => dial.control.dialAngle(),
  };
  return {
    sources,
    dial: dial.dial,
    sim,
    problems,
    close: async () => {
      await Promise.allSettled([...sources.map((s) => s.stop()), dial.close(), readers?.close()]);
    },
  };
}

/** The configured hardware (`devices:` in the table file). */
export async function composeRealDevices(config: Readonly<Record<string, unknown>>, logger: Logger): Promise<TableDevices> {
  const problems: DeviceHealth[] = [];
  const sources: DeviceSource[] = [];
  const build = async <M>(key: string, path: string, make: (m: M) => DeviceSource | Promise<DeviceSource>): Promise<void> => {
    if (config[key] === undefined) return;
    try {
      const mod = await load<M>(path);
      if (!mod) problems.push(problem(key, key, `Support for ${key} is not available in this build.`));
      else sources.push(await make(mod));
    } catch (e) {
      problems.push(problem(key, key, `${key}: ${(e as Error).message}`));
    }
  };
  await build<DiceModule>("dice", "../devices/dice/index.ts", (m) =>
    m.createBleDiceSource(config.dice, { logger: logger.child({ dev: "dice" }) }),
  );
  await build<NfcModule>("readers", "../devices/nfc/index.ts", (m) =>
    m.createReaderSource(config.readers, { logger: logger.child({ dev: "nfc" }) }),
  );
  await build<HidModule>("pad", "../devices/hid/index.ts", (m) => m.createPadSource(config.pad, { logger: logger.child({ dev: "hid" }) }));
  let dial: WindDial | null = null;
  if (config.dial !== undefined) {
    const parsed = parseDialConfig(config.dial, "devices.dial");
    if (parsed.ok) dial = createDial(parsed.config, { logger: logger.child({ dev: "dial" }) });
    else problems.push(problem("dial", "firmata", parsed.errors.join("; ")));
  }
  return {
    sources,
    dial,
    sim: null,
    problems,
    close: async () => {
      await Promise.allSettled([...sources.map((s) => s.stop()), dial?.stop()]);
    },
  };
}
