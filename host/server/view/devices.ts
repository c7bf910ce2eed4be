/** The devices and notices in the table state: each device's health, and what the display says of them. */
import { Type } from "@sinclair/typebox";
import { exact } from "./kit.ts";

/** A device's health (devices/readings.ts `DeviceHealth`) with the name players read. */
export const DeviceSchema = exact({
  id: Type.String(),
  kind: Type.Union(["die", "reader", "pad", "dial", "adapter", "positions"].map((k) => Type.Literal(k))),
  family: Type.String(),
  connected: Type.Boolean(),
  status: Type.String(),
  message: Type.Optional(Type.String({ description: "What is wrong, when something is" })),
  lastSeen: Type.Optional(Type.Number()),
  battery: Type.Optional(Type.Number({ description: "Battery percent, when the device reports one" })),
  rssi: Type.Optional(Type.Number()),
  emulated: Type.Boolean(),
  dieKind: Type.Optional(Type.String({ description: "A die's physical kind (d6, d10 …)" })),
  name: Type.Optional(
    Type.String({
      description: "The name players read: a person's, else the table file's, else its family and number (\"Pixels die 5\")",
    }),
  ),
  color: Type.Optional(Type.String({ description: "A die's own colour" })),
  commands: Type.Optional(Type.Array(Type.String(), { description: "A button pad's buttons, by the command each sends" })),
});

/** A notice on the display: a device's trouble, dice not counted, a word from the table. */
export const NoticeSchema = exact({
  at: Type.Number(),
  level: Type.Union([Type.Literal("info"), Type.Literal("warn")]),
  text: Type.String(),
  device: Type.Optional(Type.String({ description: "The device a notice concerns: its trouble stays on the display until it is back" })),
  refused: Type.Optional(
    exact(
      { dice: Type.Array(Type.String()), why: Type.String() },
      { description: "Dice not counted for one reason: each die's name and face, and why (one notice for them all)" },
    ),
  ),
});
