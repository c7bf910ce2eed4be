/**
 * The `devices` section of the table file: each family's own configuration schema, as its device module
 * exports it, so the table file is checked with the same schema the driver uses (errors name file:line).
 * The dial is checked by its module's `parseDialConfig` (which fills the angle map's defaults).
 */
import { Type } from "@sinclair/typebox";
import { BleConfigSchema, DiceDeviceConfigSchema } from "../../devices/dice/index.ts";
import { PadConfigSchema } from "../../devices/hid/index.ts";
import { ReaderConfigSchema } from "../../devices/nfc/index.ts";

export const DeviceConfigSchema = Type.Object(
  {
    /** Electronic dice (Pixels, GoDice) by BLE name or address. */
    dice: Type.Optional(Type.Array(DiceDeviceConfigSchema)),
    /** The Bluetooth adapter(s) for the dice: one, or a list the dice are spread over. Default: binding auto. */
    ble: Type.Optional(BleConfigSchema),
    /** NFC readers (PN532, MFRC522 sketch, USB keyboard-wedge). */
    readers: Type.Optional(Type.Array(ReaderConfigSchema)),
    /** HID button boxes mapped to commands (confirm, undo, next-phase, cancel, roll). */
    pad: Type.Optional(Type.Union([PadConfigSchema, Type.Array(PadConfigSchema)])),
    /** The servo wind dial on a Firmata board. */
    dial: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
