/**
 * `quarterdeck devices scan [--seconds N] [--port PATH]… [--json]` (docs/reference/cli.md): lists the serial ports, HID
 * devices, Bluetooth adapters and the BLE dice each adapter hears. Each subsystem that cannot be used (no
 * serialport binding, node-hid without libusb, no Bluetooth adapter) is a sentence in the output, never a crash:
 * the exit code is 0 whatever was found (2 only for bad arguments).
 */
import { realpath } from "node:fs/promises";
import { nodeHidBackend } from "../../../devices/hid/node-hid-backend.ts";
import { type HidBackend, type HidDeviceInfo, vidPid } from "../../../devices/hid/transport.ts";
import { listSerialPorts, type SerialPortInfo } from "../../../devices/serial/serialport-transport.ts";
import { badInput, type CommandResult, printJson } from "../io.ts";
import { type Progress, terminalProgress } from "../progress.ts";
import { type BleScan, bleLines, scanBle } from "./scan-ble.ts";

type Section<T> = { ok: true; items: T[] } | { ok: false; message: string };

/** What the scan talks to; tests hand in their own. */
export interface ScanDeps {
  readonly listSerial?: () => Promise<SerialPortInfo[]>;
  readonly hid?: HidBackend;
  /** Finds the Bluetooth adapters (probing `ports` for an HCI controller) and listens on each. */
  readonly scanBle?: (seconds: number, ports: readonly string[]) => Promise<BleScan>;
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

async function bleSection(seconds: number, ports: readonly string[], scan: ScanDeps["scanBle"]): Promise<BleScan> {
  try {
    return await (scan ?? scanBle)(seconds, ports);
  } catch (e) {
    return { ok: false, message: `Bluetooth scanning is not available: ${(e as Error).message}`, adapters: [], lookups: [] };
  }
}

/** A USB serial port (where HCI-UART dongles appear); on-board UARTs may carry the Pi's own radio or a console. */
const isUsbPort = (p: SerialPortInfo): boolean => p.vendorId !== undefined || /\/(ttyUSB\d+|ttyACM\d+)$|\/serial\/by-id\//.test(p.path);

/**
 * The serial ports to probe for an HCI controller: the USB ones listed and those named by `--port`, each device
 * once. On-board UARTs (ttyS, ttyAMA) are probed only when named: on a Pi one of them is the built-in radio's
 * line, and a Reset and new line settings sent there would cut it off.
 */
async function portsToProbe(serial: Section<SerialPortInfo>, extra: readonly string[]): Promise<string[]> {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const path of [...extra, ...(serial.ok ? serial.items.filter(isUsbPort).map((p) => p.path) : [])]) {
    const real = await realpath(path).catch(() => path);
    if (seen.has(real)) continue;
    seen.add(real);
    out.push(path);
  }
  return out;
}

function portOption(raw: unknown): string[] | null {
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const ok = list.length <= 16 && list.every((p) => typeof p === "string" && p.length > 0 && p.length <= 256);
  return ok ? (list as string[]) : null;
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
    return badInput({
      code: "input.invalid",
      message: "Usage: quarterdeck devices scan [--seconds N] [--port PATH]… [--json].",
      path: "argv[1]",
    });
  }
  const extraPorts = portOption(values.port);
  if (!extraPorts) {
    return badInput({ code: "input.invalid", message: "--port takes a serial port path (at most 16 of them).", path: "--port" });
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
  const serial = await section("Serial", deps.listSerial ?? listSerialPorts);
  const ports = await portsToProbe(serial, extraPorts);
  const [hidDevices, ble] = await Promise.all([section("HID", () => hid.devices()), bleSection(seconds, ports, deps.scanBle)]).finally(
    clear,
  );
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
  out.push("Bluetooth adapters and the dice each hears:", ...bleLines(ble, seconds).map((l) => `  ${l}`));
  return { code: 0, stdout: `${out.join("\n")}\n` };
}
