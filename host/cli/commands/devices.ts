/**
 * `quarterdeck devices scan [--seconds N] [--json]` (CONTRACT §1): lists the serial ports, HID devices and BLE
 * dice this machine can see. Each subsystem that cannot be used (no serialport binding, node-hid without
 * libusb, no Bluetooth adapter) is a sentence in the output, never a crash.
 */
import { nodeHidBackend } from "../../../devices/hid/node-hid-backend.ts";
import { type HidBackend, type HidDeviceInfo, vidPid } from "../../../devices/hid/transport.ts";
import { listSerialPorts, type SerialPortInfo } from "../../../devices/serial/serialport-transport.ts";
import { badInput, type CommandResult, printJson } from "../io.ts";
import { type Progress, terminalProgress } from "../progress.ts";

type Section<T> = { ok: true; items: T[] } | { ok: false; message: string };

interface BleScan {
  ok: boolean;
  lines: string[];
  devices: unknown[];
}

/** What the scan talks to; tests hand in their own. */
export interface ScanDeps {
  readonly listSerial?: () => Promise<SerialPortInfo[]>;
  readonly hid?: HidBackend;
  readonly scanBle?: (seconds: number) => Promise<BleScan>;
  /** Countdown while listening (default: on stderr when it is a terminal). */
  readonly progress?: Progress;
}

async function section<T>(what: string, run: () => Promise<T[]>): Promise<Section<T>> {
  try {
    return { ok: true, items: await run() };
  } catch (e) {
    const msg = (e as Error).message;
    return { ok: false, message: msg.startsWith(what) ? msg : `${what} unavailable: ${msg}` };
  }
}

async function bleSection(seconds: number, scan: ScanDeps["scanBle"]): Promise<BleScan> {
  try {
    const run = scan ?? (await import("./scan-ble.ts")).scanBle;
    return await run(seconds);
  } catch (e) {
    return { ok: false, lines: [`BLE: scanning is not available: ${(e as Error).message}`], devices: [] };
  }
}

const USAGE_NAMES: Record<string, string> = { "1/6": "keyboard (a keyboard-wedge reader?)", "1/5": "gamepad", "1/4": "joystick" };

function hidLine(d: HidDeviceInfo): string {
  const usage = USAGE_NAMES[`${d.usagePage}/${d.usage}`];
  const name = [d.manufacturer, d.product].filter(Boolean).join(" ");
  return `  ${vidPid(d)}  ${d.path}${name ? `  ${name}` : ""}${usage ? `  — ${usage}` : ""}`;
}

function serialLine(p: SerialPortInfo): string {
  const id = p.vendorId && p.productId ? `${p.vendorId}:${p.productId}` : "";
  const extra = [p.manufacturer, id, p.serialNumber].filter(Boolean).join(", ");
  return `  ${p.path}${extra ? `  (${extra})` : ""}`;
}

export async function runDevices(args: readonly string[], values: Record<string, unknown>, deps: ScanDeps = {}): Promise<CommandResult> {
  if (args[0] !== "scan" || args.length > 1) {
    return badInput({ code: "input.invalid", message: "Usage: quarterdeck devices scan [--seconds N] [--json].", path: "argv[1]" });
  }
  const raw = values.seconds;
  const seconds = raw === undefined ? 5 : Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 120) {
    return badInput({
      code: "input.invalid",
      message: `--seconds must be a number from 0 to 120, not "${String(raw)}".`,
      path: "--seconds",
    });
  }
  const hid = deps.hid ?? nodeHidBackend();
  const clear = (deps.progress ?? terminalProgress()).countdown("Listening for dice", seconds);
  const [serial, hidDevices, ble] = await Promise.all([
    section("Serial", deps.listSerial ?? listSerialPorts),
    section("HID", () => hid.devices()),
    bleSection(seconds, deps.scanBle),
  ]).finally(clear);
  if (values.json === true) return { code: 0, stdout: printJson({ ok: true, serial, hid: hidDevices, ble }) };
  const out: string[] = ["Serial ports:"];
  if (!serial.ok) out.push(`  ${serial.message}`);
  else out.push(...(serial.items.length ? serial.items.map(serialLine) : ["  none found"]));
  out.push("HID devices:");
  if (!hidDevices.ok) out.push(`  ${hidDevices.message}`);
  else
    out.push(
      ...(hidDevices.items.length ? hidDevices.items.map(hidLine) : ["  none found (or not readable: see the udev rule in the docs)"]),
    );
  out.push("BLE dice:", ...ble.lines.map((l) => `  ${l}`));
  return { code: 0, stdout: `${out.join("\n")}\n` };
}
