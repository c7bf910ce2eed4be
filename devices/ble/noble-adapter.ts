/**
 * {@link BleCentral} over @stoprocent/noble, imported lazily so that a machine without Bluetooth (no AF_BLUETOOTH
 * in the kernel, no adapter, no permission, a controller that does not answer) still runs everything else: the
 * failure becomes `state() = unavailable` with the reason, and {@link bluetoothStatus} words it for people.
 * The binding (kernel HCI, BlueZ D-Bus, HCI over a UART) is chosen by {@link NobleBinding}.
 */
import type { Logger } from "pino";
import { type Clock, systemClock, withTimeout } from "../common/clock.ts";
import { Listeners } from "../common/listeners.ts";
import type { Unsubscribe } from "../readings.ts";
import { bindingLabel, type NobleBinding, nobleFor, uartProblem } from "./noble-binding.ts";
import { noblePeripheral } from "./noble-peripheral.ts";
import type { Noble, NoblePeripheral } from "./noble-types.ts";
import { type BleCentral, type BleCentralState, type BleDiscovery, type BleScanOptions, uuidKey } from "./seam.ts";

export interface NobleCentralOptions {
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** How long to wait for the adapter to say `poweredOn` before calling it unavailable. Default 5 s. */
  readonly settleMs?: number;
  /** Which adapter and binding; default `auto` (noble's own choice for the platform). */
  readonly binding?: NobleBinding;
  /** Loads the noble module; default `import("@stoprocent/noble")`. */
  readonly load?: () => Promise<unknown>;
}

/** "Bluetooth unavailable: <reason>" for unavailable/off states, null when ready. */
export function bluetoothStatus(state: BleCentralState): string | null {
  if (state.kind === "unavailable") return `Bluetooth unavailable: ${state.reason}`;
  if (state.kind === "off") return `Bluetooth is off: ${state.reason}`;
  if (state.kind === "starting") return "Bluetooth is starting";
  return null;
}

function describeError(e: unknown): string {
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    return typeof code === "string" && !e.message.includes(code) ? `${code}: ${e.message}` : e.message;
  }
  return String(e);
}

function mapNobleState(s: string, where: string): BleCentralState {
  if (s === "poweredOn") return { kind: "ready" };
  if (s === "poweredOff") return { kind: "off", reason: "the adapter is powered off" };
  if (s === "unknown" || s === "resetting") return { kind: "starting" };
  if (s === "unauthorized") return { kind: "unavailable", reason: `no permission to use the adapter (${where}; see docs/devices-dice.md)` };
  if (s === "unsupported") return { kind: "unavailable", reason: `no Bluetooth LE adapter (${where} reports "unsupported")` };
  return { kind: "unavailable", reason: `the adapter reports "${s}"` };
}

/** How long a powered-off report may be followed by a truer one (noble on a socket without Bluetooth says off, then unsupported). */
const OFF_GRACE_MS = 1000;

/** A scan start noble has not confirmed in this long is sent again; after this many sends it has failed. */
const SCAN_START_RETRY_MS = 300;
const SCAN_START_SENDS = 50;
/** How long a scan stop may take before it is taken as done (a stop noble never confirms must not hold up a start). */
const SCAN_STOP_TIMEOUT_MS = 2000;

/** Creates the noble-backed central. Never throws; loading starts at once and failures become the state. */
export function createNobleCentral(options: NobleCentralOptions = {}): BleCentral {
  const clock = options.clock ?? systemClock;
  const log = options.logger;
  const load = options.load ?? (() => import("@stoprocent/noble"));
  const binding: NobleBinding = options.binding ?? { kind: "auto" };
  const where = bindingLabel(binding);
  let state: BleCentralState = { kind: "starting" };
  let noble: Noble | null = null;
  let wantedScan: BleScanOptions | null = null;
  let closed = false;
  const stateListeners = new Listeners<BleCentralState>();
  // A function, so TypeScript does not narrow `state` across awaits and callbacks.
  const current = (): BleCentralState => state;
  const discoverListeners = new Listeners<BleDiscovery>();

  const setState = (s: BleCentralState) => {
    if (closed || (s.kind === state.kind && JSON.stringify(s) === JSON.stringify(state))) return;
    state = s;
    log?.info({ state: s }, "bluetooth state");
    stateListeners.emit(s);
  };

  const onDiscover = (p: NoblePeripheral) => {
    const ad = p.advertisement ?? {};
    const discovery: BleDiscovery = {
      advertisement: {
        id: p.id,
        ...(p.address && p.address !== "unknown" ? { address: p.address } : {}),
        ...(ad.localName ? { name: ad.localName } : {}),
        rssi: p.rssi,
        ...(ad.manufacturerData ? { manufacturerData: new Uint8Array(ad.manufacturerData) } : {}),
        serviceUuids: (ad.serviceUuids ?? []).map(uuidKey),
        serviceData: (ad.serviceData ?? []).map((s) => ({ uuid: uuidKey(s.uuid), data: new Uint8Array(s.data) })),
        connectable: p.connectable !== false,
      },
      peripheral: noblePeripheral(p, clock),
    };
    discoverListeners.emit(discovery);
  };

  const restartScan = () => {
    // noble#191: connecting stops the scan and nothing restarts it.
    if (!noble || !wantedScan || closed) return;
    const scan = wantedScan;
    clock.after(250, () => {
      if (noble && wantedScan === scan && !closed) {
        noble.startScanningAsync(scan.serviceUuids?.map(uuidKey) ?? [], scan.allowDuplicates).catch((e: unknown) => {
          log?.warn({ err: describeError(e) }, "restarting the BLE scan failed");
        });
      }
    });
  };

  const loading: Promise<void> = (async () => {
    const problem = await uartProblem(binding);
    if (problem) {
      setState({ kind: "unavailable", reason: problem });
      return;
    }
    try {
      noble = nobleFor(await load(), binding);
    } catch (e) {
      setState({ kind: "unavailable", reason: describeError(e) });
      return;
    }
    // noble's UART driver says poweredOff until the controller answers its Reset: that is still starting.
    let everOn = false;
    const onState = (s: string) => {
      everOn ||= s === "poweredOn";
      setState(binding.kind === "uart" && !everOn && s === "poweredOff" ? { kind: "starting" } : mapNobleState(s, where));
    };
    noble.on("stateChange", onState as (...args: never[]) => void);
    noble.on("discover", onDiscover as (...args: never[]) => void);
    noble.on("scanStop", restartScan as (...args: never[]) => void);
    const initial = noble.state ?? noble._state;
    if (initial) onState(initial);
  })();

  const settled = (async (): Promise<BleCentralState> => {
    await loading;
    const now = current();
    if (now.kind === "ready" || now.kind === "unavailable") return now;
    return new Promise<BleCentralState>((resolve) => {
      let grace: { cancel(): void } | null = null;
      const finish = () => {
        timer.cancel();
        grace?.cancel();
        off();
        resolve(state);
      };
      const timer = clock.after(options.settleMs ?? 5000, () => {
        if (current().kind === "starting") {
          setState({ kind: "unavailable", reason: `the adapter (${where}) did not answer in time` });
        }
        finish();
      });
      const watch = (s: BleCentralState) => {
        grace?.cancel();
        grace = null;
        if (s.kind === "ready" || s.kind === "unavailable") finish();
        else if (s.kind === "off") grace = clock.after(OFF_GRACE_MS, finish);
      };
      const off = central.onStateChange(watch);
      watch(state);
    });
  })();

  /**
   * Starts noble's scan and resolves once noble says it runs. noble's HCI binding ignores a start while its last stop
   * is still on its way to the controller (it counts the scan as started until the controller answers) and then never
   * calls back; and its callbacks are exclusive, so any later start drops an earlier one's. A stop and a start close
   * together (the dice family rebuilt when a die is added, discovery ending) did that under load and the dice never
   * started. So the start is sent again until noble confirms it (a repeated start of a running scan is confirmed at
   * once), and fails after {@link SCAN_START_SENDS} sends; a scan stopped meanwhile is left alone.
   */
  const startScanning = async (n: Noble, scan: BleScanOptions): Promise<void> => {
    for (let sent = 1; ; sent++) {
      let timedOut = false;
      try {
        await withTimeout(
          clock,
          n.startScanningAsync(scan.serviceUuids?.map(uuidKey) ?? [], scan.allowDuplicates),
          SCAN_START_RETRY_MS,
          `the adapter (${where}) did not start scanning`,
          () => {
            timedOut = true;
          },
        );
        return;
      } catch (e) {
        if (timedOut && (closed || wantedScan !== scan)) return; // stopped meanwhile: nothing to start
        if (!timedOut || sent >= SCAN_START_SENDS) throw e;
        log?.debug({ sent }, "the BLE scan's start was not confirmed: sending it again");
      }
    }
  };

  const central: BleCentral = {
    state: () => state,
    onStateChange(listener): Unsubscribe {
      return stateListeners.add(listener);
    },
    // an adapter that answered after the settling time is ready all the same
    whenSettled: async () => {
      const s = await settled;
      return current().kind === "ready" ? current() : s;
    },
    async startScan(scan) {
      const s = await central.whenSettled();
      if (!noble || s.kind !== "ready") throw new Error(bluetoothStatus(s) ?? "Bluetooth is not ready");
      wantedScan = scan;
      await startScanning(noble, scan);
    },
    async stopScan() {
      wantedScan = null;
      if (noble && state.kind === "ready") {
        await withTimeout(clock, noble.stopScanningAsync(), SCAN_STOP_TIMEOUT_MS, "noble did not confirm the scan's stop").catch(
          (e: unknown) => log?.debug({ err: describeError(e) }, "stopping the BLE scan"),
        );
      }
    },
    onDiscover(listener): Unsubscribe {
      return discoverListeners.add(listener);
    },
    async close() {
      if (closed) return;
      await central.stopScan().catch(() => undefined);
      closed = true;
      stateListeners.clear();
      discoverListeners.clear();
      if (noble) {
        noble.removeListener("discover", onDiscover as (...args: never[]) => void);
        noble.removeListener("scanStop", restartScan as (...args: never[]) => void);
        // bluetooth-hci-socket's UART stop() closes the port, then removes every listener of it, its 'error' one
        // included: a command still queued (a disconnect noble sends while stopping) fails to write to the closed
        // port, and that EBADF would be an uncaught exception. Keep a listener on the port that only logs it.
        const port = noble._bindings?._hci?._socket?._serialDevice;
        try {
          // Releases the adapter: closes the serial port or HCI socket (and disconnects what is still linked).
          noble.stop?.();
        } catch (e) {
          log?.warn({ err: describeError(e) }, "stopping noble failed");
        }
        port?.on("error", ((e: Error) => log?.debug({ err: describeError(e) }, "the closed HCI serial port refused a write")) as (
          ...args: never[]
        ) => void);
      }
    },
  };
  return central;
}
