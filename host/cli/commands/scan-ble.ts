/**
 * The BLE part of `quarterdeck devices scan` (docs/reference/cli.md): finds the Bluetooth adapters this machine can use —
 * kernel HCI adapters, BlueZ's adapters on D-Bus, serial ports whose device answers an HCI Reset — then listens
 * on each for `seconds` and lists the Pixels and GoDice it hears. Each adapter carries the `devices.ble` entry
 * (docs/reference/table-file.md) that would use it. No adapter at all is an explanation, not a crash.
 */

import { type AdapterLookup, bluezAdapters, kernelHciAdapters } from "../../../devices/ble/adapter-lookup.ts";
import type { BleAdapterConfig } from "../../../devices/ble/config.ts";
import { type HciProbeResult, probeHciUart } from "../../../devices/ble/hci-reset-probe.ts";
import { createNobleCentral } from "../../../devices/ble/noble-adapter.ts";
import type { NobleBinding } from "../../../devices/ble/noble-binding.ts";
import type { BleCentral } from "../../../devices/ble/seam.ts";
import type { Clock } from "../../../devices/common/clock.ts";
import { type ScannedDie, scanDice } from "../../../devices/dice/scan.ts";

export { diceFamilyOf, type ScannedDie, scanDice } from "../../../devices/dice/scan.ts";

import { serialPortFactory } from "../../../devices/serial/serialport-transport.ts";

/** How an adapter was found: kernel sysfs, BlueZ on D-Bus, a serial port answering HCI Reset, or the OS (macOS, Windows). */
export type AdapterVia = "kernel" | "dbus" | "uart" | "system";

/** One adapter and the dice it heard. */
export interface BleAdapterReport {
  /** `hci0`, `/dev/ttyACM0`, `system`. */
  readonly name: string;
  readonly via: AdapterVia;
  /** The `devices.ble` entry (docs/reference/table-file.md) that uses this adapter. */
  readonly config: BleAdapterConfig;
  readonly address?: string;
  /** Whether it could be used to listen; when not, `message` says why ("Bluetooth unavailable: …"). */
  readonly ok: boolean;
  readonly message?: string;
  readonly dice: ScannedDie[];
}

/** What one way of finding adapters found, in one sentence; `ports` for the serial probe. */
export interface BleLookupReport {
  readonly via: Exclude<AdapterVia, "system">;
  readonly ok: boolean;
  readonly message: string;
  readonly ports?: HciProbeResult[];
}

/** The `ble` section of `devices scan --json`. `ok` = at least one adapter could listen. */
export interface BleScan {
  readonly ok: boolean;
  readonly message?: string;
  readonly adapters: BleAdapterReport[];
  readonly lookups: BleLookupReport[];
}

/** What the scan talks to; tests hand in their own. */
export interface BleScanDeps {
  readonly kernel?: () => Promise<AdapterLookup>;
  readonly bluez?: () => Promise<AdapterLookup>;
  readonly probe?: (port: string) => Promise<HciProbeResult>;
  /** Makes the central for one adapter (default: noble with that binding). */
  readonly central?: (binding: NobleBinding) => BleCentral;
  readonly platform?: NodeJS.Platform;
  readonly clock?: Clock;
}

function bindingOfConfig(c: BleAdapterConfig): NobleBinding {
  if (c.binding === "uart") return { kind: "uart", port: c.port ?? "", ...(c.baudRate ? { baudRate: c.baudRate } : {}) };
  if (c.binding === "hci" || c.binding === "dbus")
    return { kind: c.binding, ...(c.deviceId !== undefined ? { deviceId: c.deviceId } : {}) };
  return { kind: "auto" };
}

type Candidate = Omit<BleAdapterReport, "ok" | "message" | "dice">;

/** Finds the adapters: D-Bus first, so an adapter BlueZ holds is listened to through BlueZ, not beside it. */
async function findAdapters(ports: readonly string[], deps: BleScanDeps) {
  const linux = (deps.platform ?? process.platform) === "linux";
  const notLinux = { ok: false, message: "only on Linux" } as const;
  const [kernel, bluez, probes] = await Promise.all([
    linux ? (deps.kernel ?? kernelHciAdapters)() : notLinux,
    linux ? (deps.bluez ?? bluezAdapters)() : notLinux,
    Promise.all(ports.map((p) => (deps.probe ?? ((port) => probeHciUart(port, { open: serialPortFactory })))(p))),
  ]);
  const candidates: Candidate[] = [];
  if (!linux) candidates.push({ name: "system", via: "system", config: { binding: "auto" } });
  const onBluez = new Set(bluez.ok ? bluez.adapters.map((a) => a.deviceId) : []);
  for (const a of bluez.ok ? bluez.adapters : []) {
    candidates.push({
      name: a.name,
      via: "dbus",
      config: { binding: "dbus", deviceId: a.deviceId },
      ...(a.address ? { address: a.address } : {}),
    });
  }
  for (const a of kernel.ok ? kernel.adapters.filter((k) => !onBluez.has(k.deviceId)) : []) {
    candidates.push({ name: a.name, via: "kernel", config: { binding: "hci", deviceId: a.deviceId } });
  }
  for (const p of probes) {
    if (!p.answered) continue;
    const config: BleAdapterConfig = { binding: "uart", port: p.port, baudRate: p.baudRate };
    candidates.push({ name: p.port, via: "uart", config, ...(p.address ? { address: p.address } : {}) });
  }
  const answered = probes.filter((p) => p.answered).length;
  const lookups: BleLookupReport[] = [
    kernel.ok
      ? {
          via: "kernel",
          ok: true,
          message: kernel.adapters.map((a) => (onBluez.has(a.deviceId) ? `${a.name} (BlueZ's: used through D-Bus)` : a.name)).join(", "),
        }
      : { via: "kernel", ok: false, message: kernel.message },
    bluez.ok
      ? { via: "dbus", ok: true, message: bluez.adapters.map((a) => a.name).join(", ") }
      : { via: "dbus", ok: false, message: bluez.message },
    {
      via: "uart",
      ok: answered > 0,
      message: ports.length === 0 ? "no serial port to probe" : `${answered} of ${ports.length} serial ports answered an HCI Reset`,
      ports: probes,
    },
  ];
  return { candidates, lookups };
}

/** Finds every adapter, then listens on all of them at once for `seconds`. Never rejects. */
export async function scanBle(seconds: number, ports: readonly string[] = [], deps: BleScanDeps = {}): Promise<BleScan> {
  const { candidates, lookups } = await findAdapters(ports, deps);
  const makeCentral =
    deps.central ?? ((binding: NobleBinding) => createNobleCentral({ binding, ...(deps.clock ? { clock: deps.clock } : {}) }));
  const adapters = await Promise.all(
    candidates.map(async (c): Promise<BleAdapterReport> => {
      const central = makeCentral(bindingOfConfig(c.config));
      try {
        const r = await scanDice(central, seconds, deps.clock);
        return r.ok ? { ...c, ok: true, dice: r.dice } : { ...c, ok: false, message: r.message, dice: [] };
      } finally {
        await central.close();
      }
    }),
  );
  if (adapters.some((a) => a.ok)) return { ok: true, adapters, lookups };
  const message =
    adapters.length === 0 ? "Bluetooth unavailable: no Bluetooth adapter found" : "Bluetooth unavailable: no adapter could be used";
  return { ok: false, message, adapters, lookups };
}

const LOOKUP_NAMES: Record<BleLookupReport["via"], string> = {
  kernel: "kernel HCI",
  dbus: "D-Bus (BlueZ)",
  uart: "serial HCI",
};

function configText(c: BleAdapterConfig): string {
  return `{ ${Object.entries(c)
    .map(([k, v]) => `${k}: ${v}`)
    .join(", ")} }`;
}

/** The scan as text lines (indented under "Bluetooth adapters:"). */
export function bleLines(scan: BleScan, seconds: number): string[] {
  const out: string[] = [];
  if (!scan.ok) out.push(`${scan.message}. Dice can still be typed in by hand.`);
  for (const a of scan.adapters) {
    out.push(`${a.name}${a.address ? ` (${a.address})` : ""} — table file: devices.ble: [${configText(a.config)}]`);
    if (!a.ok) out.push(`  ${a.message}`);
    else if (a.dice.length === 0) out.push(`  no dice heard in ${seconds} s`);
    else out.push(...a.dice.map((d) => `  ${d.family.padEnd(6)} ${d.name ?? "(no name)"}  ${d.address ?? d.id}  RSSI ${d.rssi} dBm`));
  }
  for (const l of scan.lookups) {
    out.push(`${LOOKUP_NAMES[l.via]}: ${l.ok ? l.message : `none — ${l.message}`}`);
    for (const p of l.ports ?? []) if (!p.answered) out.push(`  ${p.port}: ${p.reason}`);
  }
  return out;
}
