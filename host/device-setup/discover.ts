/**
 * "Add a device" on /devices: what is within reach of the table, through its device world (devices/world.ts) —
 * the dice the Bluetooth adapters hear, the serial ports answering a PN532 handshake or a Firmata firmware query,
 * the HID devices — each as a card with what it is and how strong its signal, and, for each kind of thing looked
 * through, whether it could be looked at and why not, in words. Ports and dice the table already uses are not
 * probed (a probe would cut them off); they show as on the table.
 */
import { bleAdapters } from "../../devices/ble/config.ts";
import { DIE_COLOURS, type DieColour, pixelsColour } from "../../devices/dice/colours.ts";
import { type ScannedDie, scanDice } from "../../devices/dice/scan.ts";
import { matchesDie } from "../../devices/dice/source.ts";
import { probeFirmata } from "../../devices/firmata/probe.ts";
import type { HidDeviceInfo } from "../../devices/hid/transport.ts";
import { probePn532 } from "../../devices/nfc/pn532/probe.ts";
import type { DeviceWorld } from "../../devices/world.ts";
import type { DeviceConfig } from "../config/device-schemas.ts";

/** One thing found: a card on /devices. */
export interface FoundDevice {
  /** Stable while it stays in reach: `ble:<address>`, `serial:<path>`, `hid:<path>`. */
  readonly key: string;
  /** The family it would be added to. */
  readonly family: "dice" | "readers" | "pad" | "dial";
  /** What it is, in words ("Pixels die", "PN532 NFC reader", "button pad", "Firmata board"). */
  readonly what: string;
  /** More about it: its name, firmware, port. */
  readonly detail: string;
  /** Signal strength (dBm), for dice. */
  readonly rssi?: number;
  /** The table file entry that would add it (its `id` left for the organiser). */
  readonly entry: Record<string, unknown>;
  /** The table device already using it, if any. */
  readonly onTable?: string;
  /** For a die: the colours its family comes in (`devices/dice/colours.ts`), offered as its own colour. */
  readonly colors?: readonly DieColour[];
  /** For a die that says its colour before it connects (a Pixels die's colorway): that colour. */
  readonly color?: DieColour;
}

/** One kind of thing looked through, and what came of it. */
export interface LookedAt {
  readonly what: "bluetooth" | "serial" | "hid";
  /** Whether it could be looked at. */
  readonly ok: boolean;
  /** A sentence: what was found, or why it could not be looked at and what to do. */
  readonly said: string;
}

export interface Discovery {
  readonly found: FoundDevice[];
  readonly looked: LookedAt[];
}

const ON_BOARD_UART = /\/(ttyS\d+|ttyAMA\d+|serial\d|ttyTHS\d+)$/;

function dieCard(d: ScannedDie, config: DeviceConfig): FoundDevice {
  const on = config.dice?.find((c) =>
    matchesDie(c, {
      id: d.id,
      rssi: d.rssi,
      serviceUuids: [],
      serviceData: [],
      connectable: true,
      ...(d.address ? { address: d.address } : {}),
      ...(d.name ? { name: d.name } : {}),
    }),
  );
  const advert = d.advert as { dieType?: string; batteryLevel?: number; colorway?: string } | undefined;
  const own = d.family === "pixels" ? pixelsColour(advert?.colorway) : undefined;
  const kind = advert?.dieType && /^d(4|6|8|10|00|12|20)$/.test(advert.dieType) ? advert.dieType : undefined;
  const entry =
    d.family === "pixels"
      ? { family: "pixels", address: d.address ?? d.id, ...(kind ? { kind } : {}) }
      : { family: "godice", name: (d.name ?? d.id).replace(/_v\d+$/, "").replace(/_[A-Z]$/, ""), shell: "d6" };
  return {
    key: `ble:${(d.address ?? d.id).toLowerCase()}`,
    family: "dice",
    what: d.family === "pixels" ? "Pixels die" : "GoDice",
    detail: [d.name, kind, advert?.batteryLevel !== undefined ? `battery ${advert.batteryLevel}%` : undefined].filter(Boolean).join(" · "),
    rssi: d.rssi,
    entry,
    ...(on ? { onTable: on.id } : {}),
    colors: DIE_COLOURS[d.family],
    ...(own ? { color: own } : {}),
  };
}

async function lookBluetooth(
  world: DeviceWorld,
  config: DeviceConfig,
  seconds: number,
): Promise<{ found: FoundDevice[]; looked: LookedAt }> {
  const adapters = config.ble !== undefined ? bleAdapters(config.ble) : world.defaultAdapters;
  const heard = new Map<string, FoundDevice>();
  const problems: string[] = [];
  await Promise.all(
    adapters.map(async (a) => {
      const r = await scanDice(world.central(a), seconds);
      if (!r.ok) problems.push(r.message);
      else for (const d of r.dice) heard.set(`${d.family}:${d.address ?? d.id}`, dieCard(d, config));
    }),
  );
  const found = [...heard.values()];
  if (problems.length === adapters.length) {
    return {
      found,
      looked: {
        what: "bluetooth",
        ok: false,
        said: `Dice could not be looked for: ${problems[0]}. Plug in a Bluetooth adapter (or see docs/devices-dice.md) and search again; dice can still be typed in by hand.`,
      },
    };
  }
  return {
    found,
    looked: {
      what: "bluetooth",
      ok: true,
      said: `Listened for dice for ${seconds} s: ${found.length === 0 ? "none heard (wake a die by picking it up)" : `${found.length} heard`}.${problems.length ? ` ${problems.join("; ")}.` : ""}`,
    },
  };
}

async function lookSerial(world: DeviceWorld, config: DeviceConfig): Promise<{ found: FoundDevice[]; looked: LookedAt }> {
  let ports: { path: string; manufacturer?: string }[];
  try {
    ports = await world.listSerial();
  } catch (e) {
    return {
      found: [],
      looked: {
        what: "serial",
        ok: false,
        said: `Serial ports could not be listed: ${(e as Error).message}. NFC readers and the wind dial are found there.`,
      },
    };
  }
  const inUse = new Map<string, string>();
  for (const r of config.readers ?? []) if (r.path) inUse.set(r.path, r.id);
  if (config.dial) inUse.set(config.dial.port, "dial");
  for (const a of config.ble ?? []) if (a.port) inUse.set(a.port, "the Bluetooth adapter");
  const probed = ports.filter((p) => !ON_BOARD_UART.test(p.path));
  const found: FoundDevice[] = [];
  // one port at a time: a probe resets an Arduino, and two at once would double the wait on a slow machine
  for (const p of probed) {
    const used = inUse.get(p.path);
    if (used) continue;
    const pn532 = await probePn532(p.path, { open: world.serial });
    if (pn532.answered) {
      found.push({
        key: `serial:${p.path}`,
        family: "readers",
        what: "PN532 NFC reader",
        detail: `${p.path} · firmware ${pn532.firmware.version}`,
        entry: { kind: "pn532", path: p.path },
      });
      continue;
    }
    const firmata = await probeFirmata(p.path, { open: world.serial });
    if (firmata.answered) {
      // the bridge firmware names itself quarterdeck-bridge (firmware-bridge/src/firmata.cpp)
      const bridge = /quarterdeck-bridge/i.test(firmata.firmware);
      found.push({
        key: `serial:${p.path}`,
        family: "dial",
        what: bridge ? "Bridge board (wind dial and readers)" : "Firmata board (wind dial)",
        detail: `${p.path} · ${firmata.firmware} ${firmata.version}`,
        entry: { port: p.path, ...(bridge ? { bridgeReaders: 4 } : {}) },
      });
    }
  }
  const skipped = ports.length - probed.length;
  const said =
    ports.length === 0
      ? "No serial ports on this machine: plug a reader or the dial's board in by USB and search again."
      : `Looked at ${probed.length} serial port${probed.length === 1 ? "" : "s"}${skipped ? ` (${skipped} on-board left alone)` : ""}${inUse.size ? `, ${[...inUse.keys()].filter((k) => ports.some((p) => p.path === k)).length} already on the table` : ""}.`;
  return { found, looked: { what: "serial", ok: true, said } };
}

const isPad = (d: HidDeviceInfo) => d.usagePage === 1 && (d.usage === 4 || d.usage === 5);

async function lookHid(world: DeviceWorld, config: DeviceConfig): Promise<{ found: FoundDevice[]; looked: LookedAt }> {
  let devices: HidDeviceInfo[];
  try {
    devices = await world.hid.devices();
  } catch (e) {
    return { found: [], looked: { what: "hid", ok: false, said: `USB button pads could not be looked for: ${(e as Error).message}` } };
  }
  const pads = config.pad === undefined ? [] : Array.isArray(config.pad) ? config.pad : [config.pad];
  const found = devices.filter(isPad).map((d): FoundDevice => {
    const on = pads.find((p) => p.vendorId === d.vendorId && p.productId === d.productId && (p.path === undefined || p.path === d.path));
    return {
      key: `hid:${d.path}`,
      family: "pad",
      what: "Button pad",
      detail: [d.manufacturer, d.product].filter(Boolean).join(" ") || `${d.vendorId.toString(16)}:${d.productId.toString(16)}`,
      entry: { vendorId: d.vendorId, productId: d.productId, path: d.path },
      ...(on ? { onTable: on.id } : {}),
    };
  });
  const said =
    devices.length === 0
      ? "No USB HID devices readable (a pad needs the udev rule in docs/table-setup.md)."
      : `${devices.length} HID device${devices.length === 1 ? "" : "s"}, ${found.length} of them a pad or joystick.`;
  return { found, looked: { what: "hid", ok: true, said } };
}

/** Looks through everything at once (Bluetooth listens for `seconds`); never rejects. */
export async function discover(world: DeviceWorld, config: DeviceConfig, seconds = 3): Promise<Discovery> {
  const [ble, serial, hid] = await Promise.all([lookBluetooth(world, config, seconds), lookSerial(world, config), lookHid(world, config)]);
  return { found: [...ble.found, ...serial.found, ...hid.found], looked: [ble.looked, serial.looked, hid.looked] };
}
