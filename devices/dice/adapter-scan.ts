/**
 * The Bluetooth adapter as the dice source sees it: its state (a health entry of its own), and the one continuous
 * scan every die's route listens to. The scan starts once the source runs and the adapter is ready, and again
 * whenever the adapter comes back; until then each die shows why it cannot be reached.
 */
import { bluetoothStatus } from "../ble/noble-state.ts";
import type { BleCentral, BleCentralState } from "../ble/seam.ts";
import type { DeviceHealth, Unsubscribe } from "../readings.ts";
import { type DieRoute, matchesDie } from "./die-route.ts";

/** What the adapter scan works with: the central, every die's route, and where its health goes. */
export interface AdapterScanOptions {
  readonly central: BleCentral;
  readonly routes: readonly DieRoute[];
  /** Id of the adapter's health entry (`ble`, `ble:1` …). */
  readonly adapterId: string;
  readonly emulated: boolean;
  readonly healthChanged: (health: DeviceHealth) => void;
}

/** The adapter's state and the dice scan over it. */
export class AdapterScan {
  #adapter: BleCentralState;
  #running = false;
  #scanning = false;
  readonly #offs: Unsubscribe[] = [];

  constructor(private readonly o: AdapterScanOptions) {
    this.#adapter = o.central.state();
  }

  /** Whether the source runs (between `start` and `stop`). */
  get running(): boolean {
    return this.#running;
  }

  /** The adapter's health entry. */
  health(): DeviceHealth {
    const adapter = this.#adapter;
    const message = bluetoothStatus(adapter);
    return {
      id: this.o.adapterId,
      kind: "adapter",
      family: "ble",
      connected: adapter.kind === "ready",
      status: adapter.kind,
      ...(message ? { message } : {}),
      emulated: this.o.emulated,
    };
  }

  /** Routes discoveries to the dice and scans once the adapter is ready. Never rejects for the adapter. */
  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    const { central, routes } = this.o;
    this.#offs.push(
      central.onDiscover((d) => {
        for (const r of routes) if (matchesDie(r.config, d.advertisement)) r.offer(d);
      }),
      central.onStateChange((s) => {
        this.#adapter = s;
        this.o.healthChanged(this.health());
        if (s.kind === "ready") void this.#beginIfReady();
        else if (s.kind !== "starting") {
          this.#scanning = false; // the scan ends with the adapter; start it again when it is back
          this.#markUnavailable();
        }
      }),
    );
    this.#adapter = await central.whenSettled();
    if (this.#adapter.kind === "ready") await this.#beginIfReady();
    else this.#markUnavailable();
  }

  /** Stops listening; the scan is stopped after the routes (given) let their dice go. */
  async stop(stopRoutes: () => Promise<unknown>): Promise<void> {
    this.#running = false;
    for (const off of this.#offs.splice(0)) off();
    await stopRoutes();
    if (this.#scanning) await this.o.central.stopScan().catch(() => undefined);
    this.#scanning = false;
  }

  async #beginIfReady(): Promise<void> {
    if (!this.#running || this.#scanning || this.#adapter.kind !== "ready") return;
    this.#scanning = true;
    try {
      await this.o.central.startScan({ allowDuplicates: true });
    } catch (e) {
      this.#scanning = false;
      this.#adapter = { kind: "unavailable", reason: (e as Error).message };
      return this.#markUnavailable();
    }
    for (const r of this.o.routes) r.start();
  }

  #markUnavailable(): void {
    this.o.healthChanged(this.health());
    const adapter = this.#adapter;
    const message = bluetoothStatus(adapter) ?? "Bluetooth is not ready";
    for (const r of this.o.routes) r.tracker.setLink(adapter.kind === "starting" ? "searching" : "unavailable", false, message);
  }
}
