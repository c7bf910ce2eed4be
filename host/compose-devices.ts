/**
 * Builds the table's devices, family by family from the table in host/device-families.ts: the configured hardware
 * (over a device world: this machine's, or the demo's emulated one), or every family emulated (the demo table:
 * `--sim` without a `devices` section, or a scenario). This and host/compose.ts are the only places devices are
 * built. A family that cannot be built (module missing, native library absent, no socat for the emulated readers'
 * ptys) becomes a health entry with a message; the table keeps running. Devices added or removed from /devices
 * rebuild only their own family, at once ({@link LiveDevices.reconfigure}). Each family's slot (`device-slots.ts`),
 * the subscribers across rebuilds (`device-subscriptions.ts`) and the demo's controls (`sim-controls.ts`) are parts
 * of their own.
 */
import type { Logger } from "pino";
import type { EmulatedDevices } from "../devices/family.ts";
import type { WindDial } from "../devices/readings.ts";
import { realWorld } from "../devices/real-world.ts";
import type { DeviceWorld } from "../devices/world.ts";
import type { DeviceConfig } from "./config/device-schemas.ts";
import { DEVICE_FAMILIES } from "./device-families.ts";
import { buildSlot, type DeviceChoice, type Slot, sectionOf, startSlot, stopSlot } from "./device-slots.ts";
import { DeviceSubscriptions } from "./device-subscriptions.ts";
import type { TableDevices } from "./devices.ts";
import { simControls } from "./sim-controls.ts";

/** The table's devices, which devices added and removed from /devices change while it runs. */
export interface LiveDevices extends TableDevices {
  /** The configuration the devices are built from; null for the demo table's fixed set. */
  readonly config: DeviceConfig | null;
  /** The world they are reached through; null for the demo table. */
  readonly world: DeviceWorld | null;
  /** Starts every device (in the background: a slow or missing device shows in health). */
  start(): void;
  /** Rebuilds and starts the families whose section changed; the others run on untouched. */
  reconfigure(config: DeviceConfig): Promise<void>;
  /** Called with the dial each time one is started (the root turns it to the wind). */
  onDialStarted(listener: (dial: WindDial) => void): void;
}

/** Builds every family the choice names, in the table's order. */
export async function composeDevices(choice: DeviceChoice, logger: Logger): Promise<LiveDevices> {
  const world = choice.emulated ? null : (choice.world ?? realWorld({ logger: logger.child({ dev: "ble" }) }));
  let config = choice.emulated ? null : choice.config;
  // Families are independent (each its own ports, ptys or links): built side by side, start-up waits for the slowest;
  // the slots keep the table's order.
  const slots = await Promise.all(DEVICE_FAMILIES.map((row) => buildSlot(row, choice, config, world, logger)));
  const subscriptions = new DeviceSubscriptions();
  const dialListeners: Array<(dial: WindDial) => void> = [];
  const dialStarted = (dial: WindDial) => {
    for (const l of dialListeners) l(dial);
  };
  const emulated = choice.emulated ? slots.flatMap((s) => (s.built ? [s.built as EmulatedDevices] : [])) : [];
  // one change of the configuration at a time
  let changing: Promise<unknown> = Promise.resolve();
  const live: Mutable<LiveDevices> = {
    config,
    world,
    ...listsOf(slots),
    sim: choice.emulated ? simControls(emulated) : (choice.sim ?? null),
    subscribe: (onReading, onHealth) => subscriptions.add(slots, onReading, onHealth),
    start() {
      for (const slot of slots) startSlot(slot, logger, dialStarted);
    },
    onDialStarted(listener) {
      dialListeners.push(listener);
    },
    reconfigure(next) {
      const run = async () => {
        if (choice.emulated) throw new Error("the demo table's devices are fixed");
        config = next;
        live.config = next;
        for (const [i, slot] of slots.entries()) {
          if (sectionOf(slot.row, next) === slot.section) continue;
          const fresh = await buildSlot(slot.row, choice, next, world, logger);
          // the old devices let go of their ports and links before the new ones open them
          await stopSlot(slot.built);
          slots[i] = fresh;
          Object.assign(live, listsOf(slots));
          subscriptions.replaced(slot, fresh);
          startSlot(fresh, logger, dialStarted);
          subscriptions.healthChanged();
        }
      };
      const done = changing.then(run);
      changing = done.catch(() => {});
      return done;
    },
    close: async () => {
      await changing;
      await Promise.allSettled(slots.map((s) => stopSlot(s.built)));
      await world?.close();
    },
  };
  return live;
}

/**
 * The devices' lists as the table reads them. Worked out when a family is built or rebuilt, not at each read: health
 * is read on every die reading and every view, and the die's path stays short (ARCHITECTURE.md, "The path of a die roll").
 */
function listsOf(slots: readonly Slot[]): Pick<LiveDevices, "sources" | "dial" | "positions" | "problems"> {
  const now = slots.flatMap((s) => (s.built ? [s.built] : []));
  return {
    sources: now.flatMap((b) => b.sources),
    dial: now.find((b) => b.dial)?.dial ?? null,
    positions: now.find((b) => b.positions)?.positions ?? null,
    problems: [...now.flatMap((b) => b.problems ?? []), ...slots.flatMap((s) => (s.problem ? [s.problem] : []))],
  };
}

/** The group as the composition root changes it (the interface's fields are read-only to everyone else). */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };
