import { describe, expect, it } from "vitest";
import { deviceKind, problemOf, statusWords, summaryLine } from "../../../host/public/lib/device-problems.js";

const die = {
  id: "pixel-2",
  kind: "die",
  family: "pixels",
  connected: true,
  status: "connected",
  emulated: false,
  color: "white",
  battery: 80,
};
const reader = {
  id: "reader-2",
  kind: "reader",
  family: "pn532",
  connected: false,
  status: "missing",
  emulated: false,
  message: "Cannot open serial port /dev/ttyUSB1: Error: ENOENT: no such file or directory, cannot open /dev/ttyUSB1",
};

describe("/devices in words", () => {
  it("says what a device is", () => {
    expect(deviceKind(die)).toBe("white Pixels die");
    expect(deviceKind(reader)).toBe("PN532 NFC reader");
    expect(deviceKind({ ...reader, kind: "pad", family: "hid-pad" })).toBe("button box");
  });

  it("gives a device's problem as a sentence with its remedy, the driver's message only as the detail", () => {
    const p = problemOf(reader);
    expect(p?.problem).toBe("Not found: it is not plugged in, or its port cannot be opened.");
    expect(p?.remedy).toMatch(/Check its USB cable/);
    expect(`${p?.problem} ${p?.remedy}`).not.toMatch(/ENOENT|ttyUSB/);
    expect(p?.detail).toMatch(/ENOENT/);
    expect(problemOf({ ...die, connected: false, status: "reconnecting" })?.remedy).toMatch(/Wake it/);
    expect(problemOf({ ...die, connected: false, status: "reconnecting", emulated: true })?.remedy).toMatch(
      /Plug in under Emulated devices/,
    );
    expect(problemOf({ ...die, battery: 12 })?.problem).toBe("Battery low (12 %).");
    expect(problemOf(die)).toBeNull();
    expect(statusWords(reader)).toBe("not found");
  });

  it("sums up how many devices need attention", () => {
    expect(summaryLine([die, die])).toBe("All 2 devices are ready.");
    expect(summaryLine([die, reader])).toBe("1 device needs attention");
    expect(summaryLine([reader, { ...die, connected: false, status: "reconnecting" }])).toBe("2 devices need attention");
    expect(summaryLine([])).toMatch(/No devices/);
  });
});
