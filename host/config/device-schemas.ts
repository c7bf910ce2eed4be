/**
 * The `devices` section of the table file: each family's own configuration schema, as its device module
 * exports it, so the table file is checked with the same schema the driver uses.
 */
import { Type } from "@sinclair/typebox";

export const DeviceConfigSchema = Type.Object(
  {
    dice: Type.Optional(Type.Unknown()),
    readers: Type.Optional(Type.Unknown()),
    pad: Type.Optional(Type.Unknown()),
    dial: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
