/**
 * The table file's `devices.ble`: the list of Bluetooth adapters the dice use (one entry for most tables); dice
 * are spread over the list in turn, so a table can pass one adapter's link limit (about 7 on a Pi's radio).
 * A list only, not "one or a list": a union would cost the table file its line-and-key error messages.
 */
import { type Static, Type } from "@sinclair/typebox";
import type { NobleBinding } from "./noble-binding.ts";

export const BleAdapterConfigSchema = Type.Object(
  {
    binding: Type.Union([Type.Literal("auto"), Type.Literal("hci"), Type.Literal("dbus"), Type.Literal("uart")], {
      description: "auto: noble's choice; hci: kernel HCI socket; dbus: BlueZ over D-Bus; uart: an HCI controller on a serial port.",
    }),
    port: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: "uart only: the serial port, e.g. /dev/ttyACM0." })),
    baudRate: Type.Optional(Type.Integer({ minimum: 9600, maximum: 4_000_000, description: "uart only; default 1000000." })),
    deviceId: Type.Optional(Type.Integer({ minimum: 0, maximum: 15, description: "hci/dbus only: N of hciN; default 0." })),
  },
  { additionalProperties: false },
);

export type BleAdapterConfig = Static<typeof BleAdapterConfigSchema>;

export const BleConfigSchema = Type.Array(BleAdapterConfigSchema, { minItems: 1, maxItems: 8 });

export type BleConfig = Static<typeof BleConfigSchema>;

/** The adapters of a `devices.ble` value, as a list. */
export function bleAdapters(config: BleConfig | undefined): BleAdapterConfig[] {
  return config === undefined || config.length === 0 ? [{ binding: "auto" }] : [...config];
}

/** What the schema cannot say; each problem's path is relative to `devices.ble` (`[1].port`). */
export function bleConfigProblems(config: BleConfig | undefined): Array<{ path: string; message: string }> {
  if (config === undefined) return [];
  const problems: Array<{ path: string; message: string }> = [];
  const at = (i: number, key: string) => `[${i}].${key}`;
  bleAdapters(config).forEach((a, i) => {
    if (a.binding === "uart" && a.port === undefined)
      problems.push({ path: at(i, "port"), message: "a uart adapter needs its serial port" });
    if (a.binding !== "uart" && a.port !== undefined) problems.push({ path: at(i, "port"), message: "port is for binding: uart only" });
    if (a.binding !== "uart" && a.baudRate !== undefined)
      problems.push({ path: at(i, "baudRate"), message: "baudRate is for binding: uart only" });
    if ((a.binding === "uart" || a.binding === "auto") && a.deviceId !== undefined) {
      problems.push({ path: at(i, "deviceId"), message: "deviceId is for binding: hci or dbus only" });
    }
  });
  const ports = bleAdapters(config).map((a) => a.port);
  ports.forEach((p, i) => {
    if (p !== undefined && ports.indexOf(p) !== i) problems.push({ path: at(i, "port"), message: `port ${p} is listed twice` });
  });
  return problems;
}

/** The noble binding of one configured adapter (after {@link bleConfigProblems} found nothing). */
export function bindingOf(a: BleAdapterConfig): NobleBinding {
  if (a.binding === "uart") return { kind: "uart", port: a.port ?? "", ...(a.baudRate ? { baudRate: a.baudRate } : {}) };
  if (a.binding === "hci" || a.binding === "dbus")
    return { kind: a.binding, ...(a.deviceId !== undefined ? { deviceId: a.deviceId } : {}) };
  return { kind: "auto" };
}
