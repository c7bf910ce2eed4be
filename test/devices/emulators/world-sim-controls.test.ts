/**
 * The emulated world's sim controls (`/api/sim/disconnect`, `/api/sim/reconnect` on a `--sim` table with a
 * `devices` section): each takes the device of that id away and brings it back — a die stops and starts
 * advertising, a reader's and the dial's serial ports and the pad leave and come back to the lists the drivers and
 * discovery read — and an unknown id is refused.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createEmulatedWorld, type EmulatedWorld } from "../../../devices/testing/emulated-world.ts";

const worlds: EmulatedWorld[] = [];
afterAll(async () => {
  for (const w of worlds) await w.close();
});

describe("the emulated world's disconnect and reconnect", () => {
  it("take each kind of device away and bring it back, by the table's ids", async () => {
    const world = await createEmulatedWorld({ pixels: [{ id: "p1" }], godice: [], readers: [{ id: "r1" }], padCommands: ["confirm"] });
    worlds.push(world);
    const sim = world.simControls(() => null);
    const ports = async () => (await world.listSerial()).map((p) => p.path);
    const pads = async () => (await world.hid.devices()).length;
    const die = world.dice.get("p1");
    const before = { ports: await ports(), pads: await pads() };
    expect(die?.advertising()).toBe(true);
    expect(before.ports.length).toBe(2);
    expect(before.pads).toBe(1);

    for (const id of ["p1", "r1", "pad", "dial"]) expect(await sim.disconnect(id)).toBe(true);
    expect(die?.advertising()).toBe(false);
    expect(await ports()).toEqual([]);
    expect(await pads()).toBe(0);

    for (const id of ["p1", "r1", "pad", "dial"]) expect(await sim.reconnect(id)).toBe(true);
    expect(die?.advertising()).toBe(true);
    expect((await ports()).sort()).toEqual([...before.ports].sort());
    expect(await pads()).toBe(1);

    expect(await sim.disconnect("nobody")).toBe(false);
    expect(await sim.reconnect("nobody")).toBe(false);
  });
});
