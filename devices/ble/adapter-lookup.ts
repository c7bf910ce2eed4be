/**
 * Which Bluetooth adapters this machine offers, for `quarterdeck devices scan`: the kernel's HCI adapters (as
 * `/sys/class/bluetooth/hciN`, what noble's `hci` binding opens) and BlueZ's adapters on the D-Bus system bus (what
 * the `dbus` binding uses). Each lookup answers with the adapters or one sentence saying why there are none;
 * nothing here throws. Serial HCI controllers are found by `hci-reset-probe.ts`.
 */
import { constants } from "node:fs";
import { access, readdir } from "node:fs/promises";
import { type Clock, systemClock, withTimeout } from "../common/clock.ts";

/** An adapter found by a lookup: `deviceId` is N of `hciN`. */
export interface FoundAdapter {
  readonly name: string;
  readonly deviceId: number;
  readonly address?: string;
  readonly powered?: boolean;
}

export type AdapterLookup = { readonly ok: true; readonly adapters: FoundAdapter[] } | { readonly ok: false; readonly message: string };

const HCI_NAME = /^hci(\d{1,2})$/;

/** The kernel's HCI adapters, from sysfs. */
export async function kernelHciAdapters(root = "/sys/class/bluetooth"): Promise<AdapterLookup> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") {
      return { ok: false, message: `this kernel has no Bluetooth (${root} does not exist)` };
    }
    return { ok: false, message: `cannot read ${root}: ${(e as Error).message}` };
  }
  const adapters = names
    .map((n) => HCI_NAME.exec(n))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ name: m[0], deviceId: Number(m[1]) }))
    .sort((a, b) => a.deviceId - b.deviceId);
  if (adapters.length === 0) return { ok: false, message: `no hciN adapter in ${root} (radio blocked? see \`rfkill list\`)` };
  return { ok: true, adapters };
}

/** The system bus's socket path, from `DBUS_SYSTEM_BUS_ADDRESS` (`unix:path=…`) or the standard place. */
export function systemBusSocket(env: NodeJS.ProcessEnv = process.env): string | null {
  const address = env.DBUS_SYSTEM_BUS_ADDRESS;
  if (!address) return "/run/dbus/system_bus_socket";
  const m = /(?:^|;)unix:(?:[^;]*,)?path=([^,;]+)/.exec(address);
  return m?.[1] ?? null;
}

type ManagedObjects = Record<string, Record<string, Record<string, unknown>>>;

const unwrap = (v: unknown): unknown => (v && typeof v === "object" && "value" in v && "signature" in v ? v.value : v);

/** BlueZ's adapters (`org.bluez.Adapter1` objects at `/org/bluez/hciN`) out of GetManagedObjects' answer. */
export function bluezAdaptersFrom(objects: ManagedObjects): FoundAdapter[] {
  const found: FoundAdapter[] = [];
  for (const [path, interfaces] of Object.entries(objects)) {
    const props = interfaces["org.bluez.Adapter1"];
    const m = /^\/org\/bluez\/(hci(\d{1,2}))$/.exec(path);
    if (!props || !m) continue;
    const address = unwrap(props.Address);
    const powered = unwrap(props.Powered);
    found.push({
      name: m[1] ?? path,
      deviceId: Number(m[2]),
      ...(typeof address === "string" ? { address: address.toLowerCase() } : {}),
      ...(typeof powered === "boolean" ? { powered } : {}),
    });
  }
  return found.sort((a, b) => a.deviceId - b.deviceId);
}

/** The slice of dbus-next this lookup uses. */
interface DbusNext {
  systemBus(): {
    getProxyObject(
      service: string,
      path: string,
    ): Promise<{ getInterface(name: string): { GetManagedObjects(): Promise<ManagedObjects> } }>;
    disconnect(): void;
  };
}

export interface BluezLookupOptions {
  readonly env?: NodeJS.ProcessEnv;
  /** Loads dbus-next (noble's optional peer for the dbus binding); default `import("dbus-next")`. */
  readonly load?: () => Promise<unknown>;
  readonly clock?: Clock;
  readonly timeoutMs?: number;
}

function busProblem(e: unknown): string {
  const name = String((e as { type?: unknown; name?: unknown }).type ?? (e as { name?: unknown }).name ?? "");
  const text = `${name} ${(e as Error).message}`;
  if (/ServiceUnknown|NameHasNoOwner|was not provided/.test(text)) {
    return "BlueZ is not running (no org.bluez on the system bus; sudo systemctl start bluetooth)";
  }
  if (/AccessDenied|EACCES/.test(text)) return "no permission to ask BlueZ (add the user to the bluetooth group)";
  return `the system bus did not answer: ${(e as Error).message}`;
}

/** BlueZ's adapters over the D-Bus system bus. */
export async function bluezAdapters(options: BluezLookupOptions = {}): Promise<AdapterLookup> {
  const socket = systemBusSocket(options.env);
  if (socket === null) return { ok: false, message: "DBUS_SYSTEM_BUS_ADDRESS names no unix socket; only those are supported" };
  try {
    await access(socket, constants.F_OK);
  } catch {
    return { ok: false, message: `no D-Bus system bus (${socket} does not exist), so no BlueZ` };
  }
  let dbus: DbusNext;
  try {
    const mod = (await (options.load ?? (() => import(/* @vite-ignore */ "dbus-next" as string)))()) as { default?: unknown };
    dbus = (mod.default ?? mod) as DbusNext;
  } catch {
    return {
      ok: false,
      message: "the system bus is there but dbus-next is not installed (npm install dbus-next; binding dbus needs it too)",
    };
  }
  let bus: ReturnType<DbusNext["systemBus"]> | null = null;
  try {
    bus = dbus.systemBus();
    const connected = bus;
    const ask = async () => {
      const root = await connected.getProxyObject("org.bluez", "/");
      return root.getInterface("org.freedesktop.DBus.ObjectManager").GetManagedObjects();
    };
    const objects = await withTimeout(options.clock ?? systemClock, ask(), options.timeoutMs ?? 2000, "no answer in 2 s");
    const adapters = bluezAdaptersFrom(objects);
    if (adapters.length === 0) return { ok: false, message: "BlueZ runs but has no adapter (radio blocked? see `rfkill list`)" };
    return { ok: true, adapters };
  } catch (e) {
    return { ok: false, message: busProblem(e) };
  } finally {
    try {
      bus?.disconnect();
    } catch {
      // already gone
    }
  }
}
