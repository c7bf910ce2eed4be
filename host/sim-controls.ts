/**
 * The demo table's controls (`/api/sim/*`: roll, tap, lift, press, move, place, the dial's angle, the dice's lights,
 * disconnect and reconnect) as one set over the emulated families: each control goes to the family that offers it or
 * owns the device's id.
 */
import type { EmulatedDevices, SimControls } from "../devices/family.ts";

/** One set of sim controls over the emulated families: each control goes to the family that offers it or owns the id. */
export function simControls(families: readonly EmulatedDevices[]): SimControls {
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
  const cameraFrame = sims.find((s) => s.cameraFrame)?.cameraFrame;
  const lights = (id: string) => sims.find((s) => s.lights && s.owns(id))?.lights?.(id) ?? null;
  return {
    ...(move ? { move } : {}),
    ...(place ? { place } : {}),
    ...(cameraFrame ? { cameraFrame } : {}),
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
