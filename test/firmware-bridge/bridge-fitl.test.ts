/**
 * Firmware in the loop for the bridge: our firmware, built from source, on a simulated ATmega328P with four
 * emulated PN532s behind a TCA9548A; johnny-five (through the dial driver) and the bridge NFC readers on the
 * host side of a real pty. One simulation serves the whole file (each simavr run takes a core).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBridgeReaders } from "../../devices/bridge/reader.ts";
import type { NfcReader } from "../../devices/nfc/reader.ts";
import type { TagArrived, TagLeft } from "../../devices/readings.ts";
import { type FirmataPort, type FiveBoard, loadFive } from "../../devices/wind-dial/five.ts";
import {
  allDirections,
  createDial,
  type FirmataWindDial,
  pulseWidth,
  servoAngle,
  withDialDefaults,
} from "../../devices/wind-dial/index.ts";
import { BRIDGE_HEX, buildFirmware, buildHarness, firmwareSize, Simulation } from "../../firmware-bridge/sim/harness.ts";
import { until as waitUntil } from "../support/wait.ts";

/** The part of firmata.js's Board the I/O test uses. */
interface FirmataIo {
  pins: Array<{ state?: number }>;
  pinMode(pin: number, mode: number): void;
  digitalWrite(pin: number, value: number): void;
  digitalRead(pin: number, cb: (v: number) => void): void;
  analogRead(channel: number, cb: (v: number) => void): void;
  queryPinState(pin: number, cb: (v: unknown) => void): void;
}

const PIN = 5; // any pin works with the bridge's software servos; the Servo library's pins 9/10 are not special
const UIDS = ["04A23B5C1D6E80", "DEADBEEF", "0411223344556F", "CAFEF00D"];
let sim: Simulation;
let dial: FirmataWindDial;
let readers: NfcReader[];
let port: FirmataPort | null = null;
const events: Array<TagArrived | TagLeft> = [];
const config = () => withDialDefaults({ port: sim.ptyPath, pin: PIN, degreesPerSecond: 0, reconnectMs: 100 });

beforeAll(async () => {
  buildHarness();
  buildFirmware();
  sim = await Simulation.start(BRIDGE_HEX);
  dial = createDial(config());
  dial.onConnected((p) => {
    port = p;
  });
  readers = createBridgeReaders(dial);
  for (const r of readers) {
    r.onTag((e) => events.push(e));
    await r.start();
  }
});

afterAll(async () => {
  for (const r of readers ?? []) await r.stop();
  await dial?.stop();
  await sim?.close();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The real firmware under simavr answers slower than the in-process emulator: wait up to 5 s. */
const until = (check: () => boolean, what: string, timeoutMs = 5000) => waitUntil(check, what, timeoutMs);
const describeEvents = (list: Array<TagArrived | TagLeft>) => list.map((e) => `${e.type} ${e.readerId} ${e.uid}`);

describe("bridge firmware", () => {
  it("fits the budgets: flash ≤ 28 KB, RAM ≤ 1.5 KB (avr-size)", () => {
    const size = firmwareSize();
    console.info(`[fitl] bridge firmware: flash ${size.flash} B, RAM ${size.ram} B`);
    expect(size.flash).toBeLessThanOrEqual(28 * 1024);
    expect(size.ram).toBeLessThanOrEqual(1536);
  });

  it("brings johnny-five to ready (wall time recorded, target < 2 s)", async () => {
    const t0 = performance.now();
    await dial.start();
    console.info(`[fitl] bridge: open → johnny-five ready in ${Math.round(performance.now() - t0)} ms`);
    expect(dial.health().status).toBe("connected");
    await until(() => readers.every((r) => r.health().status === "connected"), "all four readers found");
  });

  it("drives a servo on the configured pin to the dial map's pulse widths (±10 µs)", async () => {
    const cfg = config();
    for (const direction of allDirections("edge4")) {
      const from = sim.servo.length;
      await dial.show(direction);
      const expected = pulseWidth(cfg, servoAngle(cfg.map, direction));
      await until(() => sim.widths(PIN, from).some((w) => Math.abs(w - expected) <= 10), `pulse ≈ ${expected} µs`);
      await pause(100);
      const width = sim.widths(PIN, from).at(-1) ?? Number.NaN;
      expect(Math.abs(width - expected), `${direction.fromDegrees}°: ${width} vs ${expected}`).toBeLessThanOrEqual(10);
    }
  });

  it("reports exactly one arrival and one departure per placement on each of the four readers", async () => {
    events.length = 0;
    for (const [reader, uid] of UIDS.entries()) {
      await sim.command(`tag ${reader} ${uid}`);
      await until(() => events.length === reader * 2 + 1, `arrival on reader ${reader}`);
      await pause(150); // the tag stays: no repeated arrival
      await sim.command(`lift ${reader}`);
      await until(() => events.length === reader * 2 + 2, `departure on reader ${reader}`);
    }
    await pause(200);
    expect(describeEvents(events)).toEqual(UIDS.flatMap((uid, r) => [`tag.arrived bridge:${r} ${uid}`, `tag.left bridge:${r} ${uid}`]));
  });

  it("rides out two failed exchanges in a row (I2C noise): the tag stays, the reader stays connected", async () => {
    events.length = 0;
    const statuses: string[] = [];
    const off = readers[1]?.onHealth((h) => statuses.push(h.status));
    try {
      await sim.command(`tag 1 ${UIDS[1]}`);
      await until(() => events.length === 1, "arrival on reader 1");
      const glitched = sim.lines.length;
      await sim.command("glitch 1 2");
      await until(() => sim.lines.slice(glitched).filter((l) => l === "GLITCH 1").length === 2, "two refused exchanges");
      await pause(500); // several polling rounds after the noise
      expect(describeEvents(events)).toEqual([`tag.arrived bridge:1 ${UIDS[1]}`]);
      expect(statuses.filter((s) => s !== "connected")).toEqual([]);
      expect(readers[1]?.health().status).toBe("connected");
      await sim.command("lift 1");
      await until(() => events.length === 2, "departure on reader 1");
      expect(describeEvents(events)).toEqual([`tag.arrived bridge:1 ${UIDS[1]}`, `tag.left bridge:1 ${UIDS[1]}`]);
    } finally {
      off?.();
      await sim.command("lift 1"); // leave reader 1 empty for the tests after this one, even on a failure
    }
  });

  it("reports a missing reader without disturbing the others, and its return", async () => {
    events.length = 0;
    await sim.command("missing 2");
    await until(() => readers[2]?.health().status === "missing", "reader 2 missing");
    expect(readers[2]?.health().message).toMatch(/no PN532/);
    await sim.command(`tag 3 ${UIDS[3]}`);
    await until(() => events.length === 1, "arrival on reader 3");
    await sim.command("lift 3");
    await until(() => events.length === 2, "departure on reader 3");
    await sim.command("present 2");
    await until(() => readers[2]?.health().status === "connected", "reader 2 back", 8000);
    expect(readers.filter((r) => r.health().status === "connected")).toHaveLength(4);
  });

  it("is not wedged by garbage on the serial line", async () => {
    events.length = 0;
    // line noise: undefined command bytes, stray data, a truncated command, an unterminated and an oversized
    // sysex, an invalid pin mode (SYSTEM_RESET 0xFF is left out: it is a real command and resets the pins)
    const garbage = Buffer.from([
      0xf0,
      0x0e,
      0x10,
      0x55,
      0xfe,
      0x13,
      0x80,
      0xe5,
      0x7f,
      0xf0,
      ...Array(80).fill(0x41),
      0xf7,
      0xf4,
      0x05,
      0x7f,
      0x00,
      0xc9,
    ]);
    port?.write(garbage);
    await pause(200);
    const from = sim.servo.length;
    await dial.show({ system: "edge4", fromDegrees: 90 });
    const cfg = config();
    const expected = pulseWidth(cfg, servoAngle(cfg.map, { system: "edge4", fromDegrees: 90 }));
    await until(() => sim.widths(PIN, from).some((w) => Math.abs(w - expected) <= 10), "servo still follows");
    await sim.command(`tag 0 ${UIDS[1]}`);
    await until(() => events.length === 1, "arrival after garbage");
    expect(describeEvents(events)).toEqual([`tag.arrived bridge:0 ${UIDS[1]}`]);
  });

  it("leaves the pins it keeps for itself alone: the status LED stays steady whatever the host writes to D13", async () => {
    await until(() => readers.every((r) => r.health().status === "connected"), "all readers found (LED steady on)");
    await pause(100);
    const from = sim.lines.length;
    // SET_DIGITAL_PIN_VALUE 13 low, SET_PIN_MODE 13 output then low again, DIGITAL_MESSAGE port 1 (pins 8–15) all low
    port?.write(Buffer.from([0xf5, 13, 0, 0xf4, 13, 1, 0xf5, 13, 0, 0x91, 0x00, 0x00]));
    await pause(300);
    expect(sim.lines.slice(from).filter((l) => l.startsWith("LED "))).toEqual([]);
  });

  it("re-handshakes when the port is closed and reopened, without doubling a tag still on its reader", async () => {
    // reader 0 still holds UIDS[1] from the previous test
    await dial.stop();
    await pause(100);
    const t0 = performance.now();
    await dial.start();
    console.info(`[fitl] bridge: reopen → johnny-five ready in ${Math.round(performance.now() - t0)} ms`);
    expect(dial.health().status).toBe("connected");
    expect(sim.lines.filter((l) => l.startsWith("RESET host opened")).length).toBeGreaterThanOrEqual(2);
    await until(() => readers.every((r) => r.health().status === "connected"), "readers after reopen");
    await pause(300);
    expect(events).toHaveLength(1); // the firmware re-reported the tag after its reset; the reader knew it already
    await sim.command("lift 0");
    await until(() => events.length === 2, "departure after reopen");
    expect(describeEvents(events)).toEqual([`tag.arrived bridge:0 ${UIDS[1]}`, `tag.left bridge:0 ${UIDS[1]}`]);
  });
});

describe("bridge firmware restarting under an open port", () => {
  it("gets its servo configured again at the same angle, and a tag still in place is not doubled", async () => {
    events.length = 0;
    await sim.command(`tag 1 ${UIDS[2]}`);
    await until(() => events.length === 1, "arrival before the restart");
    const cfg = config();
    const west = { system: "edge4", fromDegrees: 270 } as const;
    const expected = pulseWidth(cfg, servoAngle(cfg.map, west));
    let from = sim.servo.length;
    await dial.show(west);
    await until(() => sim.widths(PIN, from).some((w) => Math.abs(w - expected) <= 10), "pulse before the restart");
    from = sim.servo.length;
    await sim.command("reset"); // a brown-out: the MCU restarts, the USB line stays open
    await until(() => sim.widths(PIN, from).some((w) => Math.abs(w - expected) <= 10), "pulse after the restart", 8000);
    await pause(400);
    expect(dial.health().status).toBe("connected");
    expect(describeEvents(events)).toEqual([`tag.arrived bridge:1 ${UIDS[2]}`]);
    await sim.command("lift 1");
    await until(() => events.length === 2, "departure after the restart");
  });
});

describe("bridge firmware with a single reader and no multiplexer", () => {
  let single: Simulation;
  let singleDial: FirmataWindDial;
  let singleReaders: NfcReader[];
  const seen: Array<TagArrived | TagLeft> = [];

  beforeAll(async () => {
    await dial?.stop(); // one simulation at a time: each takes a core
    await sim?.close();
    single = await Simulation.start(BRIDGE_HEX, ["--no-mux"]);
    singleDial = createDial(withDialDefaults({ port: single.ptyPath, pin: PIN, degreesPerSecond: 0 }));
    singleReaders = createBridgeReaders(singleDial);
    for (const r of singleReaders) {
      r.onTag((e) => seen.push(e));
      await r.start();
    }
  });

  afterAll(async () => {
    for (const r of singleReaders ?? []) await r.stop();
    await singleDial?.stop();
    await single?.close();
  });

  it("polls reader 0 directly and reports readers 1–3 as not there", async () => {
    await singleDial.start();
    await until(() => singleReaders[0]?.health().status === "connected", "reader 0");
    await until(() => singleReaders.slice(1).every((r) => r.health().status === "missing"), "readers 1–3 missing");
    expect(singleReaders[3]?.health().message).toMatch(/no TCA9548A/);
    await single.command(`tag 0 ${UIDS[0]}`);
    await until(() => seen.length === 1, "arrival on the single reader");
    expect(describeEvents(seen)).toEqual([`tag.arrived bridge:0 ${UIDS[0]}`]);
  });

  it("does digital and analog I/O for johnny-five", async () => {
    await singleDial.stop();
    const { SerialPort } = await import("serialport");
    const five = (await loadFive()) as unknown as {
      Board: new (o: object) => FiveBoard & { io: FirmataIo };
    };
    const board = new five.Board({
      port: new SerialPort({ path: single.ptyPath, baudRate: 57600 }),
      repl: false,
      debug: false,
      sigint: false,
    });
    board.on("error", () => {});
    await new Promise((r) => board.once("ready", r));
    const io = board.io;
    try {
      io.pinMode(7, 1);
      io.digitalWrite(7, 1);
      await new Promise((r) => io.queryPinState(7, r));
      expect(io.pins[7]?.state).toBe(1);
      io.digitalWrite(7, 0);
      await new Promise((r) => io.queryPinState(7, r));
      expect(io.pins[7]?.state).toBe(0);

      const digital: number[] = [];
      io.pinMode(4, 0);
      io.digitalRead(4, (v) => digital.push(v));
      await single.command("pin 4 1");
      await until(() => digital.at(-1) === 1, "digital input high");
      await single.command("pin 4 0");
      await until(() => digital.at(-1) === 0, "digital input low");

      const analog: number[] = [];
      io.pinMode(0, 2); // firmata.js takes the analog channel here
      io.analogRead(0, (v) => analog.push(v));
      await single.command("adc 0 2500");
      await until(() => Math.abs((analog.at(-1) ?? 0) - 512) <= 2, "A0 ≈ 512 at 2.5 V");
      await single.command("adc 0 5000");
      await until(() => (analog.at(-1) ?? 0) >= 1021, "A0 ≈ 1023 at 5 V");
    } finally {
      if (board.timer) clearTimeout(board.timer);
      await new Promise((r) => (board.io as unknown as { transport: { close(cb: () => void): void } }).transport.close(() => r(null)));
    }
  });
});
