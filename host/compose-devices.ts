/**
 * Builds the table's devices, family by family from the table in host/device-families.ts: the configured hardware,
 * or every family emulated (the demo table: `--sim`, or no `devices` section). This and host/compose.ts are the only
 * places devices are built. A family that cannot be built (module missing, native library absent, no socat for the
 * emulated readers' ptys) becomes a health entry with a message; the table keeps running.
 */
import type { Logger } from "pino";
import type { BuiltDevices, EmulatedDevices, SimControls } from "../devices/family.ts";
import type { DeviceHealth, WindDial } from "../devices/readings.ts";
import type { DeviceConfig } from "./config/device-schemas.ts";
import { DEVICE_FAMILIES, type DemoOptions } from "./device-families.ts";
import type { TableDevices } from "./devices.ts";

/** Which devices: the table file's hardware, or the demo table's emulators. */
export type DeviceChoice = { readonly emulated: false; readonly config: DeviceConfig } | ({ readonly emulated: true } & DemoOptions);

const problem = (id: string, family: string, message: string): DeviceHealth => ({
  id,
  kind: "adapter",
  family,
  connected: false,
  status: "unavailable",
  message,
  emulated: false,
});

/** Builds every family the choice names, in the table's order. */
export async function composeDevices(choice: DeviceChoice, logger: Logger): Promise<TableDevices> {
  const problems: DeviceHealth[] = [];
  // Families are independent (each its own ports, ptys or links): built side by side, start-up waits for the slowest;
  // the results keep the table's order.
  const results = await Promise.all(
    DEVICE_FAMILIES.map(async (family) => {
      const context = { logger: logger.child({ dev: family.dev }) };
      try {
        return choice.emulated
          ? { emulated: await family.emulate(context, choice) }
          : { built: await family.build(choice.config, context) };
      } catch (e) {
        const why = (e as Error).message;
        problems.push(
          choice.emulated
            ? problem(family.key, "emulated", `The emulated ${family.key} could not start: ${why}`)
            : problem(family.key, family.key, `${family.key}: ${why}`),
        );
        return {};
      }
    }),
  );
  const emulated: EmulatedDevices[] = results.flatMap((r) => (r.emulated ? [r.emulated] : []));
  const built: BuiltDevices[] = results.flatMap((r) => (r.emulated ? [r.emulated] : r.built ? [r.built] : []));
  const dial: WindDial | null = built.find((b) => b.dial)?.dial ?? null;
  return {
    sources: built.flatMap((b) => b.sources),
    dial,
    positions: built.find((b) => b.positions)?.positions ?? null,
    sim: choice.emulated ? simControls(emulated) : null,
    problems: [...built.flatMap((b) => b.problems ?? []), ...problems],
    close: async () => {
      await Promise.allSettled(
        built.map((b) => (b.close ? b.close() : Promise.allSettled([...b.sources.map((s) => s.stop()), b.dial?.stop()]))),
      );
    },
  };
}

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
