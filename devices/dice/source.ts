/**
 * The dice as one {@link DeviceSource}: a single continuous scan (allowDuplicates, no service filter — GoDice is
 * found by name, and advert-only Pixels need every advert) routed to one link (connected dice) or advert watcher
 * (advert-only Pixels) per configured die (`die-route.ts`). A missing or broken Bluetooth adapter is a health
 * status with the reason; `start` never rejects for it, and scanning begins if the adapter becomes ready later
 * (`adapter-scan.ts`).
 */
import type { Logger } from "pino";
import type { BleCentral } from "../ble/seam.ts";
import { type Clock, systemClock } from "../common/clock.ts";
import { Listeners } from "../common/listeners.ts";
import type { DeviceHealth, DeviceSource, DieLight, Reading, Unsubscribe } from "../readings.ts";
import { AdapterScan } from "./adapter-scan.ts";
import type { DiceDeviceConfig } from "./config.ts";
import { RejectionCounter } from "./decoded.ts";
import { type DieRoute, routeFor } from "./die-route.ts";

export { matchesDie } from "./die-route.ts";

export interface DiceSourceOptions {
  readonly central: BleCentral;
  readonly configs: readonly DiceDeviceConfig[];
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** Marks health entries as emulated. */
  readonly emulated?: boolean;
  /** Close the central on `stop` (the source created it). */
  readonly ownsCentral?: boolean;
  /** Id of the adapter's health entry; default `ble` (`ble:1`, `ble:2` … when a table has several adapters). */
  readonly adapterId?: string;
}

/** The dice source plus what tests and the CLI look at. */
export interface DiceSource extends DeviceSource {
  readonly rejections: RejectionCounter;
  /** Connect attempts per die id (connected dice only). */
  attempts(dieId: string): number;
}

/** Builds the dice source over any central (noble or emulated). Nothing connects before `start`. */
export function createDiceSource(options: DiceSourceOptions): DiceSource {
  return new BleDiceSource(options);
}

class BleDiceSource implements DiceSource {
  readonly rejections: RejectionCounter;
  readonly #readings = new Listeners<Reading>();
  readonly #healths = new Listeners<DeviceHealth>();
  readonly #routes: readonly DieRoute[];
  readonly #scan: AdapterScan;

  constructor(private readonly options: DiceSourceOptions) {
    const { logger } = options;
    const emulated = options.emulated ?? false;
    this.rejections = new RejectionCounter(logger);
    // A listener that throws must not break a die's link: log it and carry on.
    const listenerThrew = (e: unknown) => logger?.error({ err: e instanceof Error ? e.message : String(e) }, "a dice listener threw");
    const healthChanged = (h: DeviceHealth) => this.#healths.emit(h, listenerThrew);
    this.#routes = options.configs.map((config) =>
      routeFor(config, {
        clock: options.clock ?? systemClock,
        rejections: this.rejections,
        emulated,
        ...(logger ? { logger } : {}),
        emit: (r) => this.#readings.emit(r, listenerThrew),
        healthChanged,
        running: () => this.#scan.running,
      }),
    );
    this.#scan = new AdapterScan({
      central: options.central,
      routes: this.#routes,
      adapterId: options.adapterId ?? "ble",
      emulated,
      healthChanged,
    });
  }

  attempts(dieId: string): number {
    return this.#route(dieId)?.link?.attempts ?? 0;
  }

  start(): Promise<void> {
    return this.#scan.start();
  }

  async stop(): Promise<void> {
    await this.#scan.stop(() => Promise.all(this.#routes.map((r) => r.stop())));
    if (this.options.ownsCentral) await this.options.central.close();
  }

  onReading(listener: (reading: Reading) => void): Unsubscribe {
    return this.#readings.add(listener);
  }

  onHealth(listener: (health: DeviceHealth) => void): Unsubscribe {
    return this.#healths.add(listener);
  }

  health(): DeviceHealth[] {
    return [this.#scan.health(), ...this.#routes.map((r) => r.tracker.health())];
  }

  async identify(dieId: string): Promise<boolean> {
    const link = this.#route(dieId)?.link;
    return link ? link.identify() : false;
  }

  async light(dieId: string, light: DieLight): Promise<boolean> {
    const link = this.#route(dieId)?.link;
    return link ? link.light(light) : false;
  }

  #route(dieId: string): DieRoute | undefined {
    return this.#routes.find((r) => r.config.id === dieId);
  }
}
