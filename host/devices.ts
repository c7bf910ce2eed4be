/**
 * The table's devices as one group: device sources (dice, readers, pad), the wind dial, and — for emulated
 * devices — the controls behind `/api/sim/*`. Built only in the composition root; devices added or removed
 * from /devices change the group while the table runs (its subscriptions follow).
 */
import type { SimControls } from "../devices/family.ts";

import type { DeviceHealth, DeviceSource, DieLight, PositionSource, Reading, Unsubscribe, WindDial } from "../devices/readings.ts";

export type { SimControls } from "../devices/family.ts";

/** A device group the composition root built. */
export interface TableDevices {
  /** The sources now (another list after a device is added or removed). */
  readonly sources: readonly DeviceSource[];
  readonly dial: WindDial | null;
  /** The feed of ship positions (a camera's, or the emulated table's), or null when nothing sees the table. */
  readonly positions: PositionSource | null;
  /** Null when no device is emulated (no `/api/sim/*`). */
  readonly sim: SimControls | null;
  /** Devices that could not be built (a missing module, bad config): shown on /devices, never fatal. */
  readonly problems: readonly DeviceHealth[];
  /** Readings and health changes of every device, those added later included. */
  subscribe(onReading: (r: Reading) => void, onHealth: () => void): Unsubscribe;
  /** Stops every device and emulator. */
  close(): Promise<void>;
}

/** Every device's health, dial included. */
export function allHealth(d: TableDevices): DeviceHealth[] {
  return [...d.sources.flatMap((s) => s.health()), ...(d.dial ? [d.dial.health()] : []), ...d.problems];
}

/** What a device is, in words, by its family (else its kind): the first half of a name nobody gave. */
const FAMILY_WORDS: Readonly<Record<string, string>> = {
  pixels: "Pixels die",
  godice: "GoDice",
  pn532: "Reader",
  mfrc522: "Reader",
  "hid-wedge": "Reader",
  bridge: "Reader",
  "hid-pad": "Button box",
  ble: "Bluetooth adapter",
  camera: "Camera",
  "emulated-table": "Emulated table",
};
const KIND_WORDS: Readonly<Record<DeviceHealth["kind"], string>> = {
  die: "Die",
  reader: "Reader",
  pad: "Button box",
  dial: "Wind dial",
  adapter: "Bluetooth adapter",
  positions: "Ship positions",
};

/**
 * A device's name where nobody gave one: its family and number in words ("Pixels die 5", "Reader 2", "Bluetooth
 * adapter"), never its id.
 */
export function derivedName(d: Pick<DeviceHealth, "id" | "kind" | "family">): string {
  const what = d.kind === "dial" ? KIND_WORDS.dial : (FAMILY_WORDS[d.family] ?? KIND_WORDS[d.kind] ?? "Device");
  const n = /(\d+)$/.exec(d.id)?.[1];
  return n === undefined ? what : `${what} ${Number(n)}`;
}

/** Every device with the name players read: `names` (a person's, the table file's) by id, else {@link derivedName}. */
export function namedHealth(health: readonly DeviceHealth[], names: Readonly<Record<string, string>>): DeviceHealth[] {
  return health.map((d) => ({ ...d, name: deviceName(d, names) }));
}

/** A device's name players read: `names` (a person's, the table file's) by id, else {@link derivedName}. */
export const deviceName = (d: Pick<DeviceHealth, "id" | "kind" | "family">, names: Readonly<Record<string, string>>): string =>
  (Object.hasOwn(names, d.id) ? names[d.id] : undefined) ?? derivedName(d);

/** Subscribes to readings and health changes of every device (those added later too). */
export function subscribeDevices(d: TableDevices, onReading: (r: Reading) => void, onHealth: () => void): Unsubscribe {
  return d.subscribe(onReading, onHealth);
}

/** Subscribes to the given sources and dial now (what {@link TableDevices.subscribe} does for each group it holds). */
export function subscribeEach(
  sources: readonly DeviceSource[],
  dial: WindDial | null | undefined,
  onReading: (r: Reading) => void,
  onHealth: () => void,
): Unsubscribe {
  const offs = [
    ...sources.map((s) => s.onReading(onReading)),
    ...sources.map((s) => s.onHealth(onHealth)),
    ...(dial ? [dial.onHealth(onHealth)] : []),
  ];
  return () => {
    for (const off of offs) off();
  };
}

/** Shows a light on a die (docs/devices-dice.md, "Dice that answer back"); false when no connected die of that id can. */
export async function showLight(d: TableDevices, dieId: string, light: DieLight): Promise<boolean> {
  for (const s of d.sources) {
    if (s.light && s.health().some((h) => h.id === dieId)) return s.light(dieId, light);
  }
  return false;
}

/** Identifies (blinks) a device; false when no device of that id can. */
export async function identify(d: TableDevices, deviceId: string): Promise<boolean> {
  for (const s of d.sources) {
    if (s.identify && s.health().some((h) => h.id === deviceId)) return s.identify(deviceId);
  }
  return false;
}
