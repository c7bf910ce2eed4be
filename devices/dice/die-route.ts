/**
 * How the dice source reaches one configured die: the die's tracker (its roll gate, readings and health) and the
 * way its rolls come in — a {@link DieLink} for a connected die, a {@link PixelsAdvertWatcher} for an advert-only
 * Pixels, or a Pixels that falls back to its adverts once the adapter's link limit is reached (dice-ble §1.2).
 */
import type { BleAdvertisement, BleDiscovery } from "../ble/seam.ts";
import { addressKey, type DiceDeviceConfig } from "./config.ts";
import { DieLink, type OpenSession } from "./die-link.ts";
import { DieTracker, type TrackerDeps } from "./die-tracker.ts";
import { openGoDiceSession } from "./godice/session.ts";
import { PixelsAdvertWatcher } from "./pixels/advert-watcher.ts";
import { openPixelsSession } from "./pixels/session.ts";

/** One configured die as the source routes discoveries to it. */
export interface DieRoute {
  readonly config: DiceDeviceConfig;
  readonly tracker: DieTracker;
  /** The die's link; null for a die read from its adverts only. */
  readonly link: DieLink | null;
  /** A discovery that matches the die. */
  offer(discovery: BleDiscovery): void;
  /** The scan is on: start listening (and connecting). */
  start(): void;
  /** Stops listening and lets the die go; cancels the route's timers. */
  stop(): Promise<void>;
}

/** What every route is built with: the tracker's dependencies, and whether the source is still running. */
export interface RouteDeps extends Omit<TrackerDeps, "config"> {
  readonly running: () => boolean;
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

/** The route for one configured die. */
export function routeFor(config: DiceDeviceConfig, deps: RouteDeps): DieRoute {
  const tracker = new DieTracker({ ...deps, config });
  if (config.family === "pixels" && config.advertOnly) return advertRoute(config, tracker, deps);
  return new LinkedRoute(config, tracker, deps);
}

function advertRoute(config: DiceDeviceConfig, tracker: DieTracker, deps: RouteDeps): DieRoute {
  const watcher = new PixelsAdvertWatcher(tracker, deps.clock);
  return {
    config,
    tracker,
    link: null,
    offer: (d) => watcher.offer(d),
    start: () => watcher.start(),
    stop: () => watcher.stop(), // cancels its silence timer too, which would otherwise run on after a stop
  };
}

/** The session opener of a die's family, with its configured kind or shell. */
function openerOf(config: DiceDeviceConfig): OpenSession {
  return config.family === "pixels"
    ? (p, ctx) => openPixelsSession(p, ctx, config.kind ? { configKind: config.kind } : {})
    : (p, ctx) => openGoDiceSession(p, ctx, config.shell ?? "d6");
}

/** A die kept connected by its link; a Pixels past the adapter's link limit is read from its adverts instead. */
class LinkedRoute implements DieRoute {
  readonly link: DieLink;
  #watcher: PixelsAdvertWatcher | null = null;

  constructor(
    readonly config: DiceDeviceConfig,
    readonly tracker: DieTracker,
    private readonly deps: RouteDeps,
  ) {
    this.link = new DieLink(tracker, openerOf(config), deps.clock, deps.logger, () => this.#onLinkLimit());
  }

  offer(discovery: BleDiscovery): void {
    if (this.#watcher) this.#watcher.offer(discovery);
    else this.link.offer(discovery);
  }

  start(): void {
    this.link.start();
  }

  async stop(): Promise<void> {
    const w = this.#watcher;
    this.#watcher = null;
    await (w ? w.stop() : this.link.stop());
  }

  /** The adapter holds all the links it can: a Pixels turns to its adverts (true); a GoDice waits (false). */
  #onLinkLimit(): boolean {
    if (this.config.family !== "pixels" || !this.deps.running()) return false;
    this.#watcher = new PixelsAdvertWatcher(this.tracker, this.deps.clock, "Advert-only: the adapter's link limit is reached");
    this.#watcher.start();
    return true;
  }
}
