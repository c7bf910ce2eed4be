/**
 * Firmware in the loop: the unmodified StandardFirmata .hex (from the npm package avrgirl-arduino) on a
 * simulated ATmega328P, driven by our dial driver through johnny-five and serialport v13 over a real pty.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allDirections,
  createDial,
  type FirmataWindDial,
  pulseWidth,
  servoAngle,
  withDialDefaults,
} from "../../../devices/wind-dial/index.ts";
import { buildHarness, fetchStandardFirmata, Simulation } from "../../../firmware-bridge/sim/harness.ts";

let sim: Simulation;
let dial: FirmataWindDial;
const PIN = 9;

beforeAll(async () => {
  buildHarness();
  const hex = fetchStandardFirmata();
  sim = await Simulation.start(hex);
  dial = createDial(withDialDefaults({ port: sim.ptyPath, pin: PIN, degreesPerSecond: 0 }));
});

afterAll(async () => {
  await dial?.stop();
  await sim?.close();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The settled pulse width after a move: wait for a new report, then let a few servo frames pass. */
async function settledWidth(from: number): Promise<number> {
  await sim.waitFor((l) => l.startsWith(`SERVO pin=${PIN} `), 5000).catch(() => undefined);
  await pause(150);
  const widths = sim.widths(PIN, from);
  return widths.at(-1) ?? Number.NaN;
}

describe("StandardFirmata in simavr, driven by the dial driver", () => {
  it("connects through johnny-five (ready time is recorded, not asserted)", async () => {
    const t0 = performance.now();
    await dial.start();
    const ms = Math.round(performance.now() - t0);
    console.info(`[fitl] StandardFirmata: open → johnny-five ready in ${ms} ms`);
    expect(dial.health().status).toBe("connected");
  });

  it("gives the dial map's pulse width (±10 µs) for every compass point", async () => {
    const config = withDialDefaults({ port: sim.ptyPath, pin: PIN });
    const measured: Record<string, number> = {};
    // start from the far end so the first point is a real move
    await dial.show({ system: "compass8", fromDegrees: 180 });
    await settledWidth(0);
    for (const direction of allDirections("compass8")) {
      const from = sim.servo.length;
      await dial.show(direction);
      const expected = pulseWidth(config, servoAngle(config.map, direction));
      const width = await settledWidth(from);
      measured[direction.fromDegrees] = width;
      expect(Math.abs(width - expected), `${direction.fromDegrees}°: ${width} µs vs ${expected} µs`).toBeLessThanOrEqual(10);
    }
    console.info(`[fitl] StandardFirmata pulse widths by wind direction: ${JSON.stringify(measured)}`);
  });

  it("puts the pointer back after the board restarts under an open port (brown-out)", async () => {
    const config = withDialDefaults({ port: sim.ptyPath, pin: PIN });
    const east = { system: "compass8", fromDegrees: 90 } as const;
    await dial.show(east);
    const from = sim.servo.length;
    await sim.command("reset");
    const expected = pulseWidth(config, servoAngle(config.map, east));
    await sim.waitFor((l) => l.startsWith(`SERVO pin=${PIN} `) && Math.abs(Number(/us=(\d+)/.exec(l)?.[1]) - expected) <= 10, 8000);
    expect(sim.widths(PIN, from).at(-1)).toBeCloseTo(expected, -1);
    expect(dial.health().status).toBe("connected");
  });
});
