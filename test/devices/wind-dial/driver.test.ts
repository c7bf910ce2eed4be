import { afterEach, describe, expect, it } from "vitest";
import type { DeviceHealth } from "../../../devices/readings.ts";
import { createEmulatedDial } from "../../../devices/testing/firmata/emulated-dial.ts";
import { loadFive } from "../../../devices/wind-dial/five.ts";
import { createDial, type FirmataWindDial, withDialDefaults } from "../../../devices/wind-dial/index.ts";
import { until as waitUntil } from "../../support/wait.ts";

const until = (check: () => boolean, within = 3000): Promise<void> => waitUntil(check, "the dial's condition", within);

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

async function emulated(config: Parameters<typeof createEmulatedDial>[0] = {}) {
  const e = await createEmulatedDial({ degreesPerSecond: 0, ...config });
  closers.push(e.close);
  return e;
}

describe("wind dial over the in-process Firmata emulator", () => {
  it("reaches ready through johnny-five and turns to each compass point", async () => {
    const { dial, control } = await emulated();
    await dial.start();
    expect(dial.health()).toMatchObject({ id: "dial", kind: "dial", status: "connected", connected: true, emulated: true });
    for (const [deg, angle] of [
      [0, 0],
      [90, 45],
      [225, 112.5],
      [315, 157.5],
    ] as const) {
      await dial.show({ system: "compass8", fromDegrees: deg });
      expect(dial.angle()).toBe(angle);
      await until(() => Math.abs((control.dialAngle() ?? -99) - angle) < 0.2);
    }
    expect(control.board.servoPulse(9)).toBe(2175); // 157.5° on 600–2400 µs
  });

  it("moves smoothly at the configured speed", async () => {
    const { dial, control } = await emulated({ degreesPerSecond: 900 });
    await dial.start();
    await dial.show({ system: "edge4", fromDegrees: 0 });
    await dial.show({ system: "edge4", fromDegrees: 180 });
    const seen = new Set<number>();
    const sampler = setInterval(() => seen.add(dial.angle() ?? -1), 5);
    await (dial as FirmataWindDial).whenSettled();
    clearInterval(sampler);
    expect(dial.angle()).toBe(90);
    expect([...seen].filter((a) => a > 0 && a < 90).length).toBeGreaterThan(1); // passed through in-between angles
    await until(() => control.dialAngle() === 90);
  });

  it("re-syncs to the current wind after a reconnect, including a change made while unplugged", async () => {
    // retries every 20 ms: four reconnects, each one the same as after the demo's 200 ms
    const { dial, control } = await emulated({ reconnectMs: 20 });
    const statuses: string[] = [];
    dial.onHealth((h) => statuses.push(h.status));
    await dial.start();
    await dial.show({ system: "hex6", fromDegrees: 60 });
    await until(() => control.dialAngle() === 30);
    await control.disconnect();
    await until(() => dial.health().status === "reconnecting");
    expect(dial.health().message).toMatch(/went away/);
    await dial.show({ system: "hex6", fromDegrees: 240 });
    control.board.reset(); // the board loses its servo state, as a real one does on power loss
    await control.reconnect();
    await until(() => dial.health().status === "connected");
    await until(() => control.dialAngle() === 120);
    expect(statuses).toEqual(["connecting", "connected", "reconnecting", "connected"]);
    const five = await loadFive();
    const boards = five.Board.cache?.length ?? 0;
    for (let i = 0; i < 3; i++) {
      await control.disconnect();
      await until(() => dial.health().status === "reconnecting");
      await control.reconnect();
      await until(() => dial.health().status === "connected");
    }
    expect(five.Board.cache?.length).toBe(boards); // finished johnny-five Boards are not kept
  });

  it("survives duplicated and delayed bytes on the link", async () => {
    const { dial, control } = await emulated();
    control.link.faults.set({ delayMs: 5 });
    await dial.start();
    await dial.show({ system: "edge4", fromDegrees: 90 });
    await until(() => control.dialAngle() === 45);
    control.link.faults.set({ duplicate: 1 });
    await dial.show({ system: "edge4", fromDegrees: 270 });
    await until(() => control.dialAngle() === 135);
    expect(dial.health().status).toBe("connected");
  });

  it("keeps working while the board's replies are corrupted (firmata resyncs, the servo still follows)", async () => {
    const { dial, control } = await emulated();
    await dial.start();
    control.link.faults.set({ corrupt: 1 });
    for (const deg of [90, 180, 270]) {
      await dial.show({ system: "edge4", fromDegrees: deg });
      await until(() => control.dialAngle() === deg / 2);
    }
    expect(dial.health().status).toBe("connected");
  });

  it("reports a board that never answers (all bytes dropped) and retries", async () => {
    const e = await createEmulatedDial({ degreesPerSecond: 0, reconnectMs: 50 });
    closers.push(e.close);
    e.control.link.faults.set({ drop: 1 });
    const dial = e.dial as FirmataWindDial;
    // johnny-five's watchdog is 10 s by default; the emulated dial keeps it, so shorten it through a fresh driver
    const quick = new (dial.constructor as typeof FirmataWindDial)(withDialDefaults({ port: e.control.link.path, reconnectMs: 50 }), {
      loadFive: async () => (await import("../../../devices/wind-dial/five.ts")).loadFive(),
      loadPortFactory: async () => (await import("../../../devices/wind-dial/five.ts")).bindingPortFactory(e.control.link.binding),
      readyTimeoutMs: 300,
      emulated: true,
    });
    closers.push(() => quick.stop());
    await quick.start();
    expect(quick.health().status).toBe("missing");
    expect(quick.health().message).toMatch(/timeout/i);
    e.control.link.faults.set({ drop: 0 });
    await until(() => quick.health().status === "connected", 5000);
  });
});

describe("wind dial on hardware that is not there", () => {
  it("turns a missing port into a health status with a message, and keeps running", async () => {
    const dial = createDial(withDialDefaults({ port: "/dev/quarterdeck-no-such-port", reconnectMs: 100 }));
    closers.push(() => dial.stop());
    const seen: DeviceHealth[] = [];
    dial.onHealth((h) => seen.push(h));
    await dial.start();
    expect(dial.health()).toMatchObject({ status: "missing", connected: false, emulated: false });
    expect(dial.health().message).toMatch(/\/dev\/quarterdeck-no-such-port/);
    await dial.show({ system: "compass8", fromDegrees: 45 }); // accepted, shown once the dial is back
    expect(dial.angle()).toBeNull();
    await until(() => seen.filter((h) => h.status === "missing").length >= 1);
    await dial.stop();
    expect(dial.health().status).toBe("stopped");
  });
});
