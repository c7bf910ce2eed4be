/**
 * The dice as one {@link DeviceSource}: a single continuous scan (allowDuplicates, no service filter — GoDice is
 * found by name, and advert-only Pixels need every advert) routed to one link (connected dice) or advert watcher
 * (advert-only Pixels) per configured die. A missing or broken Bluetooth adapter is a health status with the
 * reason; `start` never rejects for it, and scanning begins if the adapter becomes ready later.
 */
import type { Logger } from "pino";
import { bluetoothStatus } from "../ble/noble-adapter.ts";
import type { BleAdvertisement, BleCentral, BleCentralState, BleDiscovery } from "../ble/seam.ts";
import { type Clock, systemClock } from "../common/clock.ts";
import { Listeners } from "../common/listeners.ts";
import type { DeviceHealth, DeviceSource, Reading, Unsubscribe } from "../readings.ts";
import { addressKey, type DiceDeviceConfig } from "./config.ts";
import { RejectionCounter } from "./decoded.ts";
import { DieLink } from "./die-link.ts";
import { DieTracker } from "./die-tracker.ts";
import { openGoDiceSession } from "./godice/session.ts";
import { PixelsAdvertWatcher } from "./pixels/advert-watcher.ts";
import { openPixelsSession } from "./pixels/session.ts";

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

/** Whether an advertisement is the configured die. */
export function matchesDie(config: DiceDeviceConfig, ad: BleAdvertisement): boolean {
  if (config.address) {
    const want = addressKey(config.address);
    if (want === addressKey(ad.address ?? "") || want === addressKey(ad.id)) return true;
  }
  if (config.name === undefined || ad.name === undefined) return false;
  // GoDice names end in a colour letter and a version (GoDice_CE03C9_B_v04): the id part alone is enough.
  return ad.name === config.name || (config.family === "godice" && ad.name.startsWith(`${config.name}_`));
}

/** Builds the dice source over any central (noble or emulated). Nothing connects before `start`. */
export function createDiceSource(options: DiceSourceOptions): DiceSource {
  const { central, configs, logger } = options;
  const clock = options.clock ?? systemClock;
  const rejections = new RejectionCounter(logger);
  const readingListeners = new Listeners<Reading>();
  const healthListeners = new Listeners<DeviceHealth>();
  // A listener that throws must not break a die's link: log it and carry on.
  const listenerThrew = (e: unknown) => logger?.error({ err: e instanceof Error ? e.message : String(e) }, "a dice listener threw");
  const safely = <T>(listeners: Listeners<T>, value: T) => listeners.emit(value, listenerThrew);
  const emitHealth = (h: DeviceHealth) => safely(healthListeners, h);
  const routes: Array<{
    config: DiceDeviceConfig;
    tracker: DieTracker;
    offer: (d: BleDiscovery) => void;
    start: () => void;
    stop: () => Promise<void>;
    link?: DieLink;
  }> = [];

  for (const config of configs) {
    const tracker = new DieTracker({
      config,
      clock,
      rejections,
      emulated: options.emulated ?? false,
      ...(logger ? { logger } : {}),
      emit: (r) => safely(readingListeners, r),
      healthChanged: emitHealth,
    });
    if (config.family === "pixels" && config.advertOnly) {
      const watcher = new PixelsAdvertWatcher(tracker, clock);
      routes.push({
        config,
        tracker,
        offer: (d) => watcher.offer(d),
        start: () => watcher.start(),
        stop: () => watcher.stop(), // cancels its silence timer too, which would otherwise run on after a stop
      });
    } else {
      const open =
        config.family === "pixels"
          ? (p: Parameters<typeof openPixelsSession>[0], ctx: Parameters<typeof openPixelsSession>[1]) =>
              openPixelsSession(p, ctx, config.kind ? { configKind: config.kind } : {})
          : (p: Parameters<typeof openGoDiceSession>[0], ctx: Parameters<typeof openGoDiceSession>[1]) =>
              openGoDiceSession(p, ctx, config.shell ?? "d6");
      // A Pixels past the adapter's link limit is read from its adverts instead (dice-ble §1.2).
      let watcher: PixelsAdvertWatcher | null = null;
      const onLinkLimit = () => {
        if (config.family !== "pixels" || !running) return false;
        watcher = new PixelsAdvertWatcher(tracker, clock, "Advert-only: the adapter's link limit is reached");
        watcher.start();
        return true;
      };
      const link = new DieLink(tracker, open, clock, logger, onLinkLimit);
      routes.push({
        config,
        tracker,
        link,
        offer: (d) => (watcher ? watcher.offer(d) : link.offer(d)),
        start: () => link.start(),
        stop: async () => {
          const w = watcher;
          watcher = null;
          await (w ? w.stop() : link.stop());
        },
      });
    }
  }

  let adapter: BleCentralState = central.state();
  let running = false;
  let scanning = false;
  const offs: Unsubscribe[] = [];

  const adapterHealth = (): DeviceHealth => {
    const message = bluetoothStatus(adapter);
    return {
      id: options.adapterId ?? "ble",
      kind: "adapter",
      family: "ble",
      connected: adapter.kind === "ready",
      status: adapter.kind,
      ...(message ? { message } : {}),
      emulated: options.emulated ?? false,
    };
  };

  const beginIfReady = async () => {
    if (!running || scanning || adapter.kind !== "ready") return;
    scanning = true;
    try {
      await central.startScan({ allowDuplicates: true });
    } catch (e) {
      scanning = false;
      adapter = { kind: "unavailable", reason: (e as Error).message };
      return markUnavailable();
    }
    for (const r of routes) r.start();
  };

  const markUnavailable = () => {
    emitHealth(adapterHealth());
    const message = bluetoothStatus(adapter) ?? "Bluetooth is not ready";
    for (const r of routes) r.tracker.setLink(adapter.kind === "starting" ? "searching" : "unavailable", false, message);
  };

  return {
    rejections,
    attempts: (dieId) => routes.find((r) => r.config.id === dieId)?.link?.attempts ?? 0,
    async start() {
      if (running) return;
      running = true;
      offs.push(
        central.onDiscover((d) => {
          for (const r of routes) if (matchesDie(r.config, d.advertisement)) r.offer(d);
        }),
        central.onStateChange((s) => {
          adapter = s;
          emitHealth(adapterHealth());
          if (s.kind === "ready") void beginIfReady();
          else if (s.kind !== "starting") {
            scanning = false; // the scan ends with the adapter; start it again when it is back
            markUnavailable();
          }
        }),
      );
      adapter = await central.whenSettled();
      if (adapter.kind === "ready") await beginIfReady();
      else markUnavailable();
    },
    async stop() {
      running = false;
      for (const off of offs.splice(0)) off();
      await Promise.all(routes.map((r) => r.stop()));
      if (scanning) await central.stopScan().catch(() => undefined);
      scanning = false;
      if (options.ownsCentral) await central.close();
    },
    onReading(listener) {
      return readingListeners.add(listener);
    },
    onHealth(listener) {
      return healthListeners.add(listener);
    },
    health: () => [adapterHealth(), ...routes.map((r) => r.tracker.health())],
    async identify(dieId) {
      const route = routes.find((r) => r.config.id === dieId);
      return route?.link ? route.link.identify() : false;
    },
    async light(dieId, light) {
      const route = routes.find((r) => r.config.id === dieId);
      return route?.link ? route.link.light(light) : false;
    },
  };
}
