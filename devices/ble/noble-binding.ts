/**
 * Which of @stoprocent/noble's bindings a central uses, and how to get a noble instance for it from the lazily
 * imported module. `auto` is noble's own choice (kernel HCI socket on Linux, CoreBluetooth on macOS, WinRT on
 * Windows); `hci` is the kernel HCI socket on a given `hciN`; `dbus` goes through BlueZ (no raw-socket
 * capabilities needed, shares the adapter with the system); `uart` is an HCI controller on a serial line (H4),
 * such as a USB dongle running an HCI-UART firmware.
 */
import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import type { Noble } from "./noble-types.ts";

/** One adapter as the table file names it (`devices.ble`). */
export type NobleBinding =
  | { readonly kind: "auto" }
  | { readonly kind: "hci"; readonly deviceId?: number }
  | { readonly kind: "dbus"; readonly deviceId?: number }
  | { readonly kind: "uart"; readonly port: string; readonly baudRate?: number };

/** The default UART speed of HCI-UART firmwares (Zephyr's hci_uart, nRF Connect SDK). */
export const DEFAULT_UART_BAUD = 1_000_000;

/** Short human label: `hci0`, `dbus hci1`, `uart /dev/ttyACM0`, `auto`. */
export function bindingLabel(b: NobleBinding): string {
  if (b.kind === "hci") return `hci${b.deviceId ?? 0}`;
  if (b.kind === "dbus") return b.deviceId === undefined ? "dbus" : `dbus hci${b.deviceId}`;
  if (b.kind === "uart") return `uart ${b.port}`;
  return "auto";
}

interface NobleModule {
  withBindings?: (kind: string, options: Record<string, unknown>) => unknown;
}

function asNoble(candidate: unknown): Noble {
  if (typeof (candidate as { startScanningAsync?: unknown } | null)?.startScanningAsync !== "function") {
    throw new Error("the noble module has no startScanningAsync (unexpected version)");
  }
  return candidate as Noble;
}

/** noble's `withBindings` options for a binding; null for `auto` (the module's default instance). */
export function bindingOptions(b: NobleBinding): { kind: string; options: Record<string, unknown> } | null {
  if (b.kind === "hci") return { kind: "hci", options: b.deviceId === undefined ? {} : { deviceId: b.deviceId } };
  if (b.kind === "dbus") return { kind: "dbus", options: b.deviceId === undefined ? {} : { hciDeviceId: b.deviceId } };
  if (b.kind === "uart") {
    return {
      kind: "hci",
      options: { hciDriver: "uart", bindParams: { uart: { port: b.port, baudRate: b.baudRate ?? DEFAULT_UART_BAUD } } },
    };
  }
  return null;
}

/**
 * Picks or makes the noble instance for `binding` out of whatever `import("@stoprocent/noble")` returned
 * (CJS default or namespace). A fresh instance per non-auto binding, so two adapters are two nobles.
 */
export function nobleFor(mod: unknown, binding: NobleBinding): Noble {
  const m = ((mod as { default?: unknown }).default ?? mod) as NobleModule;
  const chosen = bindingOptions(binding);
  if (!chosen) return asNoble(m);
  if (typeof m.withBindings !== "function") throw new Error("the noble module has no withBindings (unexpected version)");
  return asNoble(m.withBindings(chosen.kind, chosen.options));
}

/**
 * For a UART binding, whether the port can be used, in words; null when it can. noble's UART driver reports
 * neither a missing port nor a refused one (it waits for a Reset answer forever), so we look first.
 */
export async function uartProblem(binding: NobleBinding): Promise<string | null> {
  if (binding.kind !== "uart") return null;
  try {
    await stat(binding.port);
  } catch {
    return `no adapter at ${binding.port} (the serial port does not exist; is the dongle plugged in?)`;
  }
  try {
    await access(binding.port, constants.R_OK | constants.W_OK);
  } catch {
    return `no permission to open ${binding.port} (add the user to the dialout group)`;
  }
  return null;
}
