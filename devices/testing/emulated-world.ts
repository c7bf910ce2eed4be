/**
 * The demo's world of devices within reach, none of them yet on the table: emulated Pixels and GoDice advertising
 * (heard by an in-process central, or by an emulated HCI controller through the real noble — `--sim hci`), PN532
 * readers and a StandardFirmata board (the wind dial) on in-memory serial ports, and a HID button pad. The table's
 * real families are built over it exactly as over this machine's own ports (devices/world.ts), and discovery on
 * /devices looks through it. `/api/sim/*` reaches its emulators by the table's device ids (through the table's
 * configuration: a die by its address or name, a reader by its port) or by the emulators' own ids before a
 * device is added.
 */
import type { Logger } from "pino";
import { createNobleCentral } from "../ble/noble-adapter.ts";
import type { BleCentral } from "../ble/seam.ts";
import { sharedCentral } from "../ble/shared-central.ts";
import { systemClock } from "../common/clock.ts";
import type { SimControls } from "../family.ts";
import type { PhysicalDieKind } from "../readings.ts";
import type { SerialPortInfo } from "../serial/serialport-transport.ts";
import { serialTransportsOver } from "../serial/serialport-transport.ts";
import { bindingPortFactory } from "../wind-dial/five.ts";
import type { DeviceWorld } from "../world.ts";
import { EmulatedCentral } from "./ble/central.ts";
import { EmulatedGoDice } from "./ble/godice-die.ts";
import { EmulatedPixelsDie } from "./ble/pixels-die.ts";
import { FirmataBoardEmulator } from "./firmata/board.ts";
import { EmulatedFirmataLink } from "./firmata/link.ts";
import { plugHciController } from "./hci/hci-uart.ts";
import { EmulatedHidBackend } from "./hid/backend.ts";
import { PadEmulator } from "./hid/pad-emulator.ts";
import { Pn532Emulator } from "./nfc/pn532-emulator.ts";
import { MemorySerialDevice } from "./serial/memory-device.ts";
import { memorySerialBackend } from "./serial/memory-port.ts";
import { type TableConfigView, type WorldEmulators, worldSimControls } from "./world-sim-controls.ts";

export type { TableConfigView } from "./world-sim-controls.ts";

export interface EmulatedWorldOptions {
  readonly pixels: ReadonlyArray<{ id: string; kind?: PhysicalDieKind }>;
  readonly godice: ReadonlyArray<{ id: string; color?: string }>;
  readonly readers: ReadonlyArray<{ id: string }>;
  /** The pad's buttons, in order (button 0 first). */
  readonly padCommands: readonly string[];
  /** The dice are heard through an emulated HCI controller and noble (needs socat). */
  readonly overHci?: boolean;
  readonly logger?: Logger;
}

export interface EmulatedWorld extends DeviceWorld {
  /** The emulators behind `/api/sim/*`, by the table's ids (its configuration read at each call). */
  simControls(config: () => TableConfigView | null): SimControls;
  /** The emulated dice, by emulator id (for tests: their received messages). */
  readonly dice: ReadonlyMap<string, EmulatedPixelsDie | EmulatedGoDice>;
}

/** Builds the world; rejects when `overHci` and socat is missing (the caller says so). */
export async function createEmulatedWorld(o: EmulatedWorldOptions): Promise<EmulatedWorld> {
  const dice = emulatedDice(o);
  const radio = await worldCentral(dice, o);
  const shared = sharedCentral(radio.central);
  const readers = new Map<string, MemorySerialDevice<Pn532Emulator>>();
  for (const r of o.readers) {
    const device = new MemorySerialDevice(new Pn532Emulator(), { name: r.id });
    await device.plug();
    readers.set(r.id, device);
  }
  const board = new FirmataBoardEmulator();
  const link = new EmulatedFirmataLink(board, "/emulated/firmata0");
  const backend = memorySerialBackend([...[...readers.values()].map((d) => d.port), link.port]);
  const hid = new EmulatedHidBackend();
  const pad = new PadEmulator(o.padCommands);
  hid.plug(pad);
  const emulators: WorldEmulators = { dice, readers, pad, hid, board, link };
  return {
    emulated: true,
    defaultAdapters: [{ binding: "auto" }],
    central: () => shared,
    listSerial: async (): Promise<SerialPortInfo[]> =>
      (await backend.list()).map((p) => ({ path: p.path, ...(p.manufacturer ? { manufacturer: p.manufacturer } : {}) })),
    serial: serialTransportsOver(backend),
    serialBackend: backend,
    firmataPorts: () => bindingPortFactory(backend),
    hid,
    dice,
    simControls: (config) => worldSimControls(emulators, config),
    async close() {
      await radio.central.close();
      for (const r of readers.values()) await r.dispose();
      link.disconnect();
      await radio.dispose();
    },
  };
}

function emulatedDice(o: EmulatedWorldOptions): Map<string, EmulatedPixelsDie | EmulatedGoDice> {
  const dice = new Map<string, EmulatedPixelsDie | EmulatedGoDice>();
  for (const p of o.pixels) dice.set(p.id, new EmulatedPixelsDie({ id: p.id, kind: p.kind ?? "d6", clock: systemClock }));
  for (const g of o.godice)
    dice.set(g.id, new EmulatedGoDice({ id: g.id, shell: "d6", clock: systemClock, ...(g.color ? { color: g.color } : {}) }));
  return dice;
}

/** The central the dice are heard by: noble over an emulated HCI controller (`overHci`), or the in-process one. */
async function worldCentral(
  dice: ReadonlyMap<string, EmulatedPixelsDie | EmulatedGoDice>,
  o: EmulatedWorldOptions,
): Promise<{ central: BleCentral; dispose: () => Promise<void> }> {
  if (o.overHci) {
    const hci = await plugHciController({ name: "world-hci", linkLimit: 10 });
    for (const die of dice.values()) hci.controller.add(die);
    const central = createNobleCentral({ binding: { kind: "uart", port: hci.hostPath }, ...(o.logger ? { logger: o.logger } : {}) });
    return { central, dispose: () => hci.dispose() };
  }
  const central = new EmulatedCentral({});
  for (const die of dice.values()) central.add(die);
  return { central, dispose: async () => {} };
}
