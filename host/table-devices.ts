/**
 * The table's devices as the table file gives them plus those added from /devices (kept in the store): one
 * `devices` configuration the families are built from, each stored entry checked again with its family's schema
 * (a damaged or newer entry is named and left out, never fatal), and the same configuration written back out as a
 * table file's `devices` section (the page's export).
 */
import type { TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { stringify } from "yaml";
import { type DiceDeviceConfig, DiceDeviceConfigSchema } from "../devices/dice/config.ts";
import { type ReaderConfig, ReaderConfigSchema } from "../devices/nfc/config.ts";
import { type PadConfig, PadConfigSchema } from "../devices/pad/index.ts";
import { type DialConfig, DialConfigSchema } from "../devices/wind-dial/config.ts";
import type { DeviceConfig } from "./config/device-schemas.ts";
import type { StoredDevice } from "./store/sqlite-store.ts";

/** The families a device can be added to from /devices, with the schema of one entry. */
export const ADDABLE: Readonly<Record<string, TSchema>> = {
  dice: DiceDeviceConfigSchema,
  readers: ReaderConfigSchema,
  pad: PadConfigSchema,
  dial: DialConfigSchema,
};

/** The id a device of the table has (the dial's health id is always `dial`). */
export const storedId = (family: string, entry: { id?: unknown }): string => (family === "dial" ? "dial" : String(entry.id ?? ""));

/** Every device id the table file itself lists (those cannot be removed from the page: the file would bring them back). */
export function fileDeviceIds(file: DeviceConfig | null): Set<string> {
  if (!file) return new Set();
  const pads = file.pad === undefined ? [] : Array.isArray(file.pad) ? file.pad : [file.pad];
  return new Set([
    ...(file.dice ?? []).map((d) => d.id),
    ...(file.readers ?? []).map((r) => r.id),
    ...pads.map((p: PadConfig) => p.id),
    ...(file.dial ? ["dial"] : []),
  ]);
}

/** Why a stored entry was left out. */
export interface StoredProblem {
  readonly id: string;
  readonly message: string;
}

/** The table file's devices plus the stored ones (after the file's, in the order they were added). */
export function mergeDevices(file: DeviceConfig, stored: readonly StoredDevice[]): { config: DeviceConfig; problems: StoredProblem[] } {
  const problems: StoredProblem[] = [];
  const taken = fileDeviceIds(file);
  const dice: DiceDeviceConfig[] = [...(file.dice ?? [])];
  const readers: ReaderConfig[] = [...(file.readers ?? [])];
  const pads: PadConfig[] = file.pad === undefined ? [] : Array.isArray(file.pad) ? [...file.pad] : [file.pad as PadConfig];
  let dial: DialConfig | undefined = file.dial;
  for (const d of stored) {
    const schema = ADDABLE[d.family];
    if (!schema) {
      problems.push({ id: d.id, message: `The device ${d.id} kept in the game file is of an unknown family "${d.family}": left out.` });
      continue;
    }
    if (!Value.Check(schema, d.config)) {
      const first = [...Value.Errors(schema, d.config)][0];
      problems.push({
        id: d.id,
        message: `The device ${d.id} kept in the game file is not valid (${first ? `${first.path || "/"}: ${first.message}` : "?"}): left out.`,
      });
      continue;
    }
    if (taken.has(d.id)) {
      problems.push({ id: d.id, message: `The device ${d.id} added on /devices has the id of one in the table file: the file's is used.` });
      continue;
    }
    taken.add(d.id);
    if (d.family === "dice") dice.push(d.config as DiceDeviceConfig);
    else if (d.family === "readers") readers.push(d.config as ReaderConfig);
    else if (d.family === "pad") pads.push(d.config as PadConfig);
    else dial = d.config as DialConfig;
  }
  const { dice: _d, readers: _r, pad: _p, dial: _w, ...rest } = file;
  return {
    config: {
      ...rest,
      ...(dice.length ? { dice } : {}),
      ...(readers.length ? { readers } : {}),
      ...(pads.length ? { pad: pads.length === 1 ? (pads[0] as PadConfig) : pads } : {}),
      ...(dial ? { dial } : {}),
    },
    problems,
  };
}

/**
 * The devices as a table file's `devices` section (YAML), to paste into table.yaml, with the names players read
 * (`deviceNames`) of the devices listed: a name given on /devices lives in the store, so without this a table
 * rebuilt from the export would call its dice "Pixels die 1" again.
 */
export function devicesAsTableFile(config: DeviceConfig, names: Readonly<Record<string, string>> = {}): string {
  const sections = deviceSections(config, names);
  return `# The table's devices and their names, as a table file's sections (exported from /devices).\n${stringify(sections, { lineWidth: 120 })}`;
}

/** The `devices` section and the names of the devices it lists (`deviceNames`, when any is named). */
export function deviceSections(
  config: DeviceConfig,
  names: Readonly<Record<string, string>> = {},
): { devices: DeviceConfig; deviceNames?: Record<string, string> } {
  const ids = fileDeviceIds(config);
  const named = Object.entries(names).filter(([id]) => ids.has(id));
  return named.length ? { devices: config, deviceNames: Object.fromEntries(named) } : { devices: config };
}
