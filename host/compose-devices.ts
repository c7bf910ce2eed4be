/**
 * Builds the table's devices: the emulated demo set (`--sim`, or no config) or the configured hardware.
 * This and host/compose.ts are the only places device factories are called. A device that cannot be built
 * (module missing, native library absent) becomes a health entry with a message; the table keeps running.
 */
import type { Logger } from "pino";
import { createBridgeReaderSource } from "../devices/bridge/source.ts";
import { type BleConfig, createBleDiceSource, createEmulatedDice, type DiceDeviceConfig } from "../devices/dice/index.ts";
import { createEmulatedPad, createPadSource, type PadConfig } from "../devices/hid/index.ts";
import { createEmulatedReaders, createReaderSource, type ReaderConfig } from "../devices/nfc/index.ts";
import type { DeviceHealth, DeviceSource, WindDial } from "../devices/readings.ts";
import { createHciEmulatedDice } from "../devices/testing/ble/hci-dice.ts";
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
export const DEMO_PAD_ID = "pad";
export const DEMO_PAD_COMMANDS = ["confirm", "undo", "next-phase", "cancel", "roll"] as const;

/**
 * A sim tap that returns once the reader has reported the tag (or after `ms`, e.g. when the reader is unplugged
 * or the tag already lay there): the emulated reader polls, so a tap lifted at once could otherwise go unread.
 */
async function tapAndWait(source: DeviceSource, place: () => Promise<void>, readerId: string, uid: string, ms = 2000): Promise<void> {
  const want = uid.replace(/[^0-9a-fA-F]/g, "").toUpperCase();
  let off = (): void => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const seen = new Promise<void>((done) => {
    timer = setTimeout(done, ms);
    off = source.onReading((r) => {
      if (r.type === "tag.arrived" && r.readerId === readerId && r.uid === want) done();
    });
  });
  try {
    await place();
    await seen;
  } finally {
    off();
    clearTimeout(timer);
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

/** Builds one emulated group; a failure (no socat for the reader ptys …) is a health entry, not a crash. */
async function attempt<T>(what: string, problems: DeviceHealth[], make: () => Promise<T>): Promise<T | null> {
  try {
    return await make();
  } catch (e) {
    problems.push(problem(what, "emulated", `The emulated ${what} could not start: ${(e as Error).message}`));
    return null;
  }
}

/**
 * The all-emulated demo table: 6 Pixels, 3 GoDice, 2 NFC readers, a button box, a Firmata dial. `diceOverHci`
 * sends the dice through an emulated HCI controller and noble (`--sim hci`); `diceFaults` (0–0.5) makes the
 * emulated dice's air lossy — each message dropped, garbled and repeated at that rate — to try the table under
 * poor radio (`quarterdeck start --sim-faults`, the soak).
 */
export async function composeSimDevices(
  logger: Logger,
  options: { diceOverHci?: boolean; diceFaults?: number } = {},
): Promise<TableDevices> {
  const diceFaults = options.diceFaults ?? 0;
  const problems: DeviceHealth[] = [];
  const demoDice = {
    pixels: DEMO_PIXELS.map((d) => ({ ...d })),
    godice: DEMO_GODICE.map((d) => ({ ...d })),
    logger: logger.child({ dev: "dice" }),
  };
  // --sim hci: the same dice through an emulated HCI controller and the real noble stack.
  const dice = await attempt("dice", problems, async () =>
    options.diceOverHci ? await createHciEmulatedDice(demoDice) : { ...(await createEmulatedDice(demoDice)), close: undefined },
  );
  // --sim-faults: the in-process emulated dice only (the HCI path has its own fault knobs)
  if (dice && "dice" in dice && diceFaults > 0)
    for (const d of dice.dice.values()) d.faults.set({ drop: diceFaults, corrupt: diceFaults, duplicate: diceFaults });
  const readers = await attempt("readers", problems, () =>
    createEmulatedReaders(
      DEMO_READERS.map((r) => ({ ...r })),
      { logger: logger.child({ dev: "nfc" }) },
    ),
  );
  const pad = await attempt("pad", problems, () =>
    createEmulatedPad({ id: DEMO_PAD_ID, commands: DEMO_PAD_COMMANDS, logger: logger.child({ dev: "hid" }) }),
  );
  const dial = await createEmulatedDial({}, { logger: logger.child({ dev: "dial" }) });
  const dialId = dial.dial.health().id;
  const sources = [dice?.source, readers?.source, pad?.source].filter((s): s is DeviceSource => s !== undefined);
  const route = async (id: string, op: "disconnect" | "reconnect"): Promise<boolean> => {
    if (dice && owns(dice.source, id)) await dice.control[op](id);
    else if (readers && owns(readers.source, id)) await readers.control[op](id);
    else if (pad && owns(pad.source, id)) await pad.control[op]();
    else if (id === dialId || id === DEMO_DIAL_ID) await dial.control[op]();
    else return false;
    return true;
  };
  const sim: SimControls = {
    ...(dice ? { roll: (id: string, face: number) => dice.control.roll(id, face) } : {}),
    ...(readers
      ? {
          tap: (id: string, uid: string) => tapAndWait(readers.source, () => readers.control.tap(id, uid), id, uid),
          lift: (id: string) => readers.control.lift(id),
        }
      : {}),
    ...(pad ? { press: (command: string) => pad.control.press(command) } : {}),
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
      await Promise.allSettled([dice?.close ? dice.close() : dice?.source.stop(), pad?.close(), dial.close(), readers?.close()]);
    },
  };
}

/** The configured hardware (`devices:` in the table file, already checked against the device schemas). */
export async function composeRealDevices(config: Readonly<Record<string, unknown>>, logger: Logger): Promise<TableDevices> {
  const problems: DeviceHealth[] = [];
  const sources: DeviceSource[] = [];
  const build = (key: string, make: () => DeviceSource): void => {
    if (config[key] === undefined) return;
    try {
      sources.push(make());
    } catch (e) {
      problems.push(problem(key, key, `${key}: ${(e as Error).message}`));
    }
  };
  build("dice", () =>
    createBleDiceSource(config.dice as DiceDeviceConfig[], {
      logger: logger.child({ dev: "dice" }),
      ...(config.ble !== undefined ? { ble: config.ble as BleConfig } : {}),
    }),
  );
  build("readers", () => createReaderSource(config.readers as ReaderConfig[], { logger: logger.child({ dev: "nfc" }) }));
  build("pad", () => createPadSource(config.pad as PadConfig | PadConfig[], { logger: logger.child({ dev: "hid" }) }));
  let dial: WindDial | null = null;
  if (config.dial !== undefined) {
    const parsed = parseDialConfig(config.dial, "devices.dial");
    if (parsed.ok) {
      const firmata = createDial(parsed.config, { logger: logger.child({ dev: "dial" }) });
      dial = firmata;
      // a bridge board's readers ride on the dial's serial line (dial.bridgeReaders: 1–4)
      const bridge = createBridgeReaderSource(firmata, parsed.config, { logger: logger.child({ dev: "bridge" }) });
      if (bridge) sources.push(bridge);
    } else problems.push(problem("dial", "firmata", parsed.errors.join("; ")));
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
