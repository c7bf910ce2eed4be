/**
 * `/api/sim/*` over the emulated world: each control finds its emulator by the table's device id (through the
 * table's configuration, read at each call: a die by its address or name, a reader by its port) or by the
 * emulator's own id before the device is added.
 */
import { addressKey } from "../dice/config.ts";
import type { SimControls } from "../family.ts";
import type { DialConfig } from "../wind-dial/config.ts";
import { angleOfPulse } from "../wind-dial/map.ts";
import type { EmulatedGoDice } from "./ble/godice-die.ts";
import type { EmulatedPixelsDie } from "./ble/pixels-die.ts";
import type { FirmataBoardEmulator } from "./firmata/board.ts";
import type { EmulatedFirmataLink } from "./firmata/link.ts";
import type { EmulatedHidBackend } from "./hid/backend.ts";
import type { PadEmulator } from "./hid/pad-emulator.ts";
import type { Pn532Emulator } from "./nfc/pn532-emulator.ts";
import { ntag } from "./nfc/tags.ts";
import type { MemorySerialDevice } from "./serial/memory-device.ts";

/** What the table's configuration says of its devices, for routing `/api/sim/*` by the table's ids. */
export interface TableConfigView {
  readonly dice?: ReadonlyArray<{ id: string; address?: string; name?: string }>;
  readonly readers?: ReadonlyArray<{ id: string; path?: string }>;
  readonly padIds?: readonly string[];
  readonly dial?: DialConfig;
}

/** The world's emulators the controls reach. */
export interface WorldEmulators {
  readonly dice: ReadonlyMap<string, EmulatedPixelsDie | EmulatedGoDice>;
  readonly readers: ReadonlyMap<string, MemorySerialDevice<Pn532Emulator>>;
  readonly pad: PadEmulator;
  readonly hid: EmulatedHidBackend;
  readonly board: FirmataBoardEmulator;
  readonly link: EmulatedFirmataLink;
}

type Config = TableConfigView | null;

function dieOf(w: WorldEmulators, id: string, config: Config) {
  const own = w.dice.get(id);
  if (own) return own;
  const c = config?.dice?.find((d) => d.id === id);
  if (!c) return undefined;
  return [...w.dice.values()].find(
    (d) =>
      (c.address !== undefined && addressKey(c.address) === addressKey(d.address)) || (c.name !== undefined && d.name.startsWith(c.name)),
  );
}

function readerOf(w: WorldEmulators, id: string, config: Config) {
  const own = w.readers.get(id) ?? [...w.readers.values()].find((d) => d.hostPath === id);
  if (own) return own;
  const path = config?.readers?.find((r) => r.id === id)?.path;
  return path === undefined ? undefined : [...w.readers.values()].find((d) => d.hostPath === path);
}

function need<T>(v: T | undefined, what: string): T {
  if (v === undefined) throw new RangeError(`There is no emulated ${what}.`);
  return v;
}

/** The sim controls over the world's emulators, routed by the table's ids as `config()` gives them. */
export function worldSimControls(w: WorldEmulators, config: () => Config): SimControls {
  const isPad = (id: string, c: Config) => id === "pad" || id === w.pad.info.path || c?.padIds?.includes(id) === true;
  const isDial = (id: string) => id === "dial" || id === w.link.path;
  return {
    async roll(id, face) {
      need(dieOf(w, id, config()), `die "${id}"`).roll(face);
      await new Promise((r) => setTimeout(r, 0));
    },
    async tap(id, uid) {
      need(readerOf(w, id, config()), `reader "${id}"`).emulator.place(ntag(uid));
      // the reader polls every 100 ms: give it time to see the tag before the caller goes on
      await new Promise((r) => setTimeout(r, 400));
    },
    async lift(id) {
      need(readerOf(w, id, config()), `reader "${id}"`).emulator.remove();
    },
    async press(command) {
      await w.pad.press(command);
    },
    dialAngle() {
      const dial = config()?.dial;
      const us = dial ? w.board.servoPulse(dial.pin) : null;
      return dial && us !== null ? angleOfPulse(dial, us) : null;
    },
    disconnect: (id) => plugged(id, false),
    reconnect: (id) => plugged(id, true),
  };

  /** The device of id `id` taken away (`up` false) or brought back: a die out of range, a reader, pad or dial unplugged. */
  async function plugged(id: string, up: boolean): Promise<boolean> {
    const c = config();
    const die = dieOf(w, id, c);
    const reader = readerOf(w, id, c);
    if (die) up ? die.reconnect() : die.disconnect();
    else if (reader) await (up ? reader.plug() : reader.unplug());
    else if (isPad(id, c)) up ? w.hid.plug(w.pad) : w.hid.unplug(w.pad);
    else if (isDial(id)) up ? w.link.reconnect() : w.link.disconnect();
    else return false;
    return true;
  }
}
