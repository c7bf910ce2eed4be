/**
 * Builds the table's devices, family by family from the table in host/device-families.ts: the configured hardware
 * (over a device world: this machine's, or the demo's emulated one), or every family emulated (the demo table:
 * `--sim` without a `devices` section, or a scenario). This and host/compose.ts are the only places devices are
 * built. A family that cannot be built (module missing, native library absent, no socat for the emulated readers'
 * ptys) becomes a health entry with a message; the table keeps running. Devices added or removed from /devices
 * rebuild only their own family, at once ({@link LiveDevices.reconfigure}).
 */
import type { Logger } from "pino";
import type { BuiltDevices, EmulatedDevices, SimControls } from "../devices/family.ts";
import type { DeviceHealth, Reading, Unsubscribe, WindDial } from "../devices/readings.ts";
import { realWorld } from "../devices/real-world.ts";
import type { DeviceWorld } from "../devices/world.ts";
import type { DeviceConfig } from "./config/device-schemas.ts";
import { DEVICE_FAMILIES, type DemoOptions, type FamilyRow } from "./device-families.ts";
import { subscribeEach, type TableDevices } from "./devices.ts";

/** Which devices: the configured hardware (over `world`, default this machine's), or the demo table's emulators. */
export type DeviceChoice =
  | {
      readonly emulated: false;
      readonly config: DeviceConfig;
      readonly world?: DeviceWorld;
      /** Controls of the world's emulators (`/api/sim/*`), when the world is emulated. */
      readonly sim?: SimControls;
    }
  | ({ readonly emulated: true } & DemoOptions);

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

const problem = (id: string, family: string, message: string): DeviceHealth => ({
  id,
  kind: "adapter",
  family,
  connected: false,
  status: "unavailable",
  message,
  emulated: false,
});

interface Slot {
  readonly row: FamilyRow;
  built: BuiltDevices | null;
  problem: DeviceHealth | null;
  /** The section it was built from (JSON), to rebuild only what changed. */
  section: string;
}

const sectionOf = (row: FamilyRow, config: DeviceConfig): string => JSON.stringify(row.section(config) ?? null);

/** Builds every family the choice names, in the table's order. */
export async function composeDevices(choice: DeviceChoice, logger: Logger): Promise<LiveDevices> {
  const world = choice.emulated ? null : (choice.world ?? realWorld({ logger: logger.child({ dev: "ble" }) }));
  const context = (row: FamilyRow) => ({ logger: logger.child({ dev: row.dev }), ...(world ? { world } : {}) });
  const buildOne = async (row: FamilyRow, config: DeviceConfig | null): Promise<Slot> => {
    const slot: Slot = { row, built: null, problem: null, section: config ? sectionOf(row, config) : "demo" };
    try {
      slot.built = choice.emulated ? await row.emulate(context(row), choice) : await row.build(config as DeviceConfig, context(row));
    } catch (e) {
      const why = (e as Error).message;
      slot.problem = choice.emulated
        ? problem(row.key, "emulated", `The emulated ${row.key} could not start: ${why}`)
        : problem(row.key, row.key, `${row.key}: ${why}`);
    }
    return slot;
  };
  let config = choice.emulated ? null : choice.config;
  // Families are independent (each its own ports, ptys or links): built side by side, start-up waits for the slowest;
  // the slots keep the table's order.
  const slots = await Promise.all(DEVICE_FAMILIES.map((row) => buildOne(row, config)));
  const built = () => slots.flatMap((s) => (s.built ? [s.built] : []));
  const subscribers = new Set<{ onReading: (r: Reading) => void; onHealth: () => void; offs: Map<Slot, Unsubscribe> }>();
  const dialListeners: Array<(dial: WindDial) => void> = [];
  const follow = (slot: Slot) => {
    for (const sub of subscribers) {
      sub.offs.get(slot)?.();
      sub.offs.set(slot, slot.built ? subscribeEach(slot.built.sources, slot.built.dial, sub.onReading, sub.onHealth) : () => {});
    }
  };
  const startSlot = (slot: Slot) => {
    const b = slot.built;
    if (!b) return;
    for (const src of b.sources) src.start().catch((e: Error) => logger.warn({ err: e }, "a device group failed to start"));
    const dial = b.dial;
    dial
      ?.start()
      .then(() => {
        for (const l of dialListeners) l(dial);
      })
      .catch((e: Error) => logger.warn({ err: e }, "the wind dial failed to start"));
  };
  const stopSlot = async (b: BuiltDevices | null) => {
    if (!b) return;
    await (b.close ? b.close() : Promise.allSettled([...b.sources.map((s) => s.stop()), b.dial?.stop()]));
  };
  const emulated = choice.emulated ? slots.flatMap((s) => (s.built ? [s.built as EmulatedDevices] : [])) : [];
  // The lists are worked out when a family is built or rebuilt, not at each read: health is read on every die
  // reading and every view, and the die's path stays short (ARCHITECTURE.md, "The path of a die roll").
  const lists = () => {
    const now = built();
    return {
      sources: now.flatMap((b) => b.sources),
      dial: now.find((b) => b.dial)?.dial ?? null,
      positions: now.find((b) => b.positions)?.positions ?? null,
      problems: [...now.flatMap((b) => b.problems ?? []), ...slots.flatMap((s) => (s.problem ? [s.problem] : []))],
    };
  };
  // one change of the configuration at a time
  let changing: Promise<unknown> = Promise.resolve();
  const live: Mutable<LiveDevices> = {
    config,
    world,
    ...lists(),
    sim: choice.emulated ? simControls(emulated) : (choice.sim ?? null),
    subscribe(onReading, onHealth) {
      const sub = { onReading, onHealth, offs: new Map<Slot, Unsubscribe>() };
      subscribers.add(sub);
      for (const slot of slots) follow(slot);
      return () => {
        subscribers.delete(sub);
        for (const off of sub.offs.values()) off();
      };
    },
    start() {
      for (const slot of slots) startSlot(slot);
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
          const old = slot.built;
          const fresh = await buildOne(slot.row, next);
          // the old devices let go of their ports and links before the new ones open them
          await stopSlot(old);
          slots[i] = fresh;
          Object.assign(live, lists());
          for (const sub of subscribers) {
            sub.offs.get(slot)?.();
            sub.offs.delete(slot);
          }
          follow(fresh);
          startSlot(fresh);
          for (const sub of subscribers) sub.onHealth();
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

/** The group as the composition root changes it (the interface's fields are read-only to everyone else). */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** One set of sim controls over the emulated families: each control goes to the family that offers it or owns the id. */
function simControls(families: readonly EmulatedDevices[]): SimControls {
  const sims = families.map((f) => f.sim);
  const route = async (id: string, op: "disconnect" | "reconnect"): Promise<boolean> => {
    const owner = sims.find((s) => s.owns(id));
    if (!owner) return false;
    await owner[op](id);
    return true;
  };
  const roll = sims.find((s) => s.roll)?.roll;
  const tap = sims.find((s) => s.tap)?.tap;
  const lift = sims.find((s) => s.lift)?.lift;
  const press = sims.find((s) => s.press)?.press;
  const dialAngle = sims.find((s) => s.dialAngle)?.dialAngle;
  const move = sims.find((s) => s.move)?.move;
  const place = sims.find((s) => s.place)?.place;
  const lights = (id: string) => sims.find((s) => s.lights && s.owns(id))?.lights?.(id) ?? null;
  return {
    ...(move ? { move } : {}),
    ...(place ? { place } : {}),
    ...(roll ? { roll } : {}),
    ...(tap ? { tap } : {}),
    ...(lift ? { lift } : {}),
    ...(press ? { press } : {}),
    ...(dialAngle ? { dialAngle } : {}),
    ...(sims.some((s) => s.lights) ? { lights } : {}),
    disconnect: (id) => route(id, "disconnect"),
    reconnect: (id) => route(id, "reconnect"),
  };
}
