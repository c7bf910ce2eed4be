/**
 * The `devices` section of the table file: each family's own configuration schema, as its device module
 * exports it, so the table file is checked with the same schema the driver uses (errors name file:line).
 * {@link parseDevices} turns the checked section into the typed {@link DeviceConfig} the composition root hands
 * to each family: the one parse of the section (the dial's defaults filled in, what the schemas cannot say checked).
 */
import { type Static, Type } from "@sinclair/typebox";
import { type BleConfig, BleConfigSchema, bleConfigProblems } from "../../devices/ble/config.ts";
import { DiceListSchema, diceConfigProblems } from "../../devices/dice/config.ts";
import { ReaderListSchema } from "../../devices/nfc/config.ts";
import { PadSectionSchema } from "../../devices/pad/index.ts";
import { PositionsConfigSchema } from "../../devices/positions/family.ts";
import { type DialConfig, parseDialConfig } from "../../devices/wind-dial/config.ts";
import type { Result } from "../../src/result.ts";

export const DeviceConfigSchema = Type.Object(
  {
    /** Electronic dice (Pixels, GoDice) by BLE name or address. */
    dice: Type.Optional(DiceListSchema),
    /** The Bluetooth adapter(s) for the dice: one, or a list the dice are spread over. Default: binding auto. */
    ble: Type.Optional(BleConfigSchema),
    /** NFC readers (PN532, MFRC522 sketch, USB keyboard-wedge). */
    readers: Type.Optional(ReaderListSchema),
    /** HID button boxes mapped to commands (confirm, undo, next-phase, cancel, roll, next-choice, prev-choice, log). */
    pad: Type.Optional(PadSectionSchema),
    /** The servo wind dial on a Firmata board: checked by {@link parseDevices} (which fills the angle map's defaults). */
    dial: Type.Optional(Type.Unknown()),
    /** A source of ship positions the host is fed (the /camera page). */
    positions: Type.Optional(PositionsConfigSchema),
  },
  { additionalProperties: false },
);

/** The `devices` section, checked and typed: what each family's `create` gets. */
export type DeviceConfig = Omit<Static<typeof DeviceConfigSchema>, "dial" | "ble"> & {
  readonly ble?: BleConfig;
  readonly dial?: DialConfig;
};

/** A problem of the `devices` section: the key path (`devices.dice[2].shell`) and what is wrong. */
export interface DeviceProblem {
  readonly path: string;
  readonly message: string;
}

/** What the device schemas cannot say (duplicate die ids, a die with no name or address), and the dial's section. */
export function parseDevices(devices: Static<typeof DeviceConfigSchema>): Result<DeviceConfig, DeviceProblem> {
  const dice = diceConfigProblems(devices.dice ?? [])[0];
  if (dice) return { ok: false, error: { path: `devices.dice${dice.path}`, message: dice.message } };
  const ble = bleConfigProblems(devices.ble)[0];
  if (ble) return { ok: false, error: { path: `devices.ble${ble.path}`, message: ble.message } };
  const { dial: raw, ...rest } = devices;
  if (raw === undefined) return { ok: true, value: rest };
  const dial = parseDialConfig(raw, "devices.dial");
  if (dial.ok) return { ok: true, value: { ...rest, dial: dial.value } };
  const first = dial.error[0] ?? "devices.dial: invalid";
  const [where = "devices.dial", ...more] = first.split(": ");
  return { ok: false, error: { path: where.replace(/\/(\d+)/g, "[$1]").replace(/\//g, "."), message: more.join(": ") || first } };
}
