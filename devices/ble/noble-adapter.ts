/**
 * {@link BleCentral} over @stoprocent/noble, imported lazily so that a machine without Bluetooth (no AF_BLUETOOTH
 * in the kernel, no adapter, no permission, a controller that does not answer) still runs everything else: the
 * failure becomes `state() = unavailable` with the reason, and {@link bluetoothStatus} words it for people
 * (`noble-state.ts`). The binding (kernel HCI, BlueZ D-Bus, HCI over a UART) is chosen by {@link NobleBinding};
 * the scan is kept on by `noble-scan.ts`; each discovery is mapped by `noble-peripheral.ts`.
 */
import type { Logger } from "pino";
import { type Clock, systemClock } from "../common/clock.ts";
import { Listeners } from "../common/listeners.ts";
import type { Unsubscribe } from "../readings.ts";
import { bindingLabel, type NobleBinding, nobleFor, uartProblem } from "./noble-binding.ts";
import { discoveryOf } from "./noble-peripheral.ts";
import { NobleScan } from "./noble-scan.ts";
import { bluetoothStatus, describeError, mapNobleState, settleState } from "./noble-state.ts";
import type { Noble, NoblePeripheral } from "./noble-types.ts";
import type { BleCentral, BleCentralState, BleDiscovery, BleScanOptions } from "./seam.ts";

export { bluetoothStatus } from "./noble-state.ts";

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

/** Creates the noble-backed central. Never throws; loading starts at once and failures become the state. */
export function createNobleCentral(options: NobleCentralOptions = {}): BleCentral {
  return new NobleCentral(options);
}

class NobleCentral implements BleCentral {
  readonly #clock: Clock;
  readonly #log: Logger | undefined;
  readonly #binding: NobleBinding;
  #state: BleCentralState = { kind: "starting" };
  #noble: Noble | null = null;
  #scan: NobleScan | null = null;
  #closed = false;
  readonly #states = new Listeners<BleCentralState>();
  readonly #discoveries = new Listeners<BleDiscovery>();
  readonly #onDiscover = (p: NoblePeripheral) => this.#discoveries.emit(discoveryOf(p, this.#clock));
  readonly #settled: Promise<BleCentralState>;

  constructor(options: NobleCentralOptions) {
    this.#clock = options.clock ?? systemClock;
    this.#log = options.logger;
    this.#binding = options.binding ?? { kind: "auto" };
    const loading = this.#load(options.load ?? (() => import("@stoprocent/noble")));
    this.#settled = loading.then(() =>
      settleState({
        clock: this.#clock,
        settleMs: options.settleMs ?? 5000,
        where: bindingLabel(this.#binding),
        state: () => this.#state,
        setState: (s) => this.#setState(s),
        onStateChange: (l) => this.onStateChange(l),
      }),
    );
  }

  state(): BleCentralState {
    return this.#state;
  }

  onStateChange(listener: (state: BleCentralState) => void): Unsubscribe {
    return this.#states.add(listener);
  }

  /** The state once settled; an adapter that answered after the settling time (a UART dongle on a busy machine) is ready all the same. */
  async whenSettled(): Promise<BleCentralState> {
    const settled = await this.#settled;
    return this.#state.kind === "ready" ? this.#state : settled;
  }

  async startScan(scan: BleScanOptions): Promise<void> {
    const s = await this.whenSettled();
    if (!this.#scan || s.kind !== "ready") throw new Error(bluetoothStatus(s) ?? "Bluetooth is not ready");
    await this.#scan.start(scan);
  }

  async stopScan(): Promise<void> {
    // an adapter that is not ready is not scanning: the scan is only no longer wanted
    if (this.#state.kind === "ready") await this.#scan?.stop();
    else this.#scan?.forget();
  }

  onDiscover(listener: (discovery: BleDiscovery) => void): Unsubscribe {
    return this.#discoveries.add(listener);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.stopScan().catch(() => undefined);
    this.#closed = true;
    this.#states.clear();
    this.#discoveries.clear();
    this.#scan?.close();
    const noble = this.#noble;
    if (noble) {
      noble.removeListener("discover", this.#onDiscover as (...args: never[]) => void);
      stopNoble(noble, this.#log);
    }
  }

  #setState(s: BleCentralState): void {
    if (this.#closed || (s.kind === this.#state.kind && JSON.stringify(s) === JSON.stringify(this.#state))) return;
    this.#state = s;
    this.#log?.info({ state: s }, "bluetooth state");
    this.#states.emit(s);
  }

  /** Loads noble for the binding and follows its state and discoveries; a failure becomes the state. */
  async #load(load: () => Promise<unknown>): Promise<void> {
    const binding = this.#binding;
    const problem = await uartProblem(binding);
    if (problem) return this.#setState({ kind: "unavailable", reason: problem });
    let noble: Noble;
    try {
      noble = nobleFor(await load(), binding);
    } catch (e) {
      return this.#setState({ kind: "unavailable", reason: describeError(e) });
    }
    this.#noble = noble;
    this.#scan = new NobleScan(noble, this.#clock, this.#log);
    // noble's UART driver says poweredOff until the controller answers its Reset: that is still starting.
    let everOn = false;
    const where = bindingLabel(binding);
    const onState = (s: string) => {
      everOn ||= s === "poweredOn";
      this.#setState(binding.kind === "uart" && !everOn && s === "poweredOff" ? { kind: "starting" } : mapNobleState(s, where));
    };
    noble.on("stateChange", onState as (...args: never[]) => void);
    noble.on("discover", this.#onDiscover as (...args: never[]) => void);
    const initial = noble.state ?? noble._state;
    if (initial) onState(initial);
  }
}

/**
 * Releases the adapter: noble's `stop` closes the serial port or HCI socket (and disconnects what is still linked).
 * bluetooth-hci-socket's UART stop() closes the port, then removes every listener of it, its 'error' one included:
 * a command still queued (a disconnect noble sends while stopping) fails to write to the closed port, and that
 * EBADF would be an uncaught exception. So a listener that only logs it is kept on the port.
 */
function stopNoble(noble: Noble, log: Logger | undefined): void {
  const port = noble._bindings?._hci?._socket?._serialDevice;
  try {
    noble.stop?.();
  } catch (e) {
    log?.warn({ err: describeError(e) }, "stopping noble failed");
  }
  port?.on("error", ((e: Error) => log?.debug({ err: describeError(e) }, "the closed HCI serial port refused a write")) as (
    ...args: never[]
  ) => void);
}
