import { describe, expect, it } from "vitest";
import { defaultDialConfig, parseDialConfig } from "../../../devices/wind-dial/config.ts";
import { allDirections, angleOfPulse, pointerBearing, positionIndex, pulseWidth, servoAngle } from "../../../devices/wind-dial/map.ts";

const base = defaultDialConfig("/dev/null").map;

describe("direction → position", () => {
  it("snaps to the nearest point of each system and wraps at 360°", () => {
    expect(positionIndex({ system: "compass8", fromDegrees: 0 })).toBe(0);
    expect(positionIndex({ system: "compass8", fromDegrees: 44 })).toBe(1);
    expect(positionIndex({ system: "compass8", fromDegrees: 350 })).toBe(0);
    expect(positionIndex({ system: "compass8", fromDegrees: -45 })).toBe(7);
    expect(positionIndex({ system: "compass16", fromDegrees: 22.5 })).toBe(1);
    expect(positionIndex({ system: "hex6", fromDegrees: 120 })).toBe(2);
    expect(positionIndex({ system: "hex6", fromDegrees: 335 })).toBe(0);
    expect(positionIndex({ system: "edge4", fromDegrees: 270 })).toBe(3);
    expect(positionIndex({ system: "edge4", fromDegrees: 720 + 90 })).toBe(1);
  });

  it("gives one direction per position for every system", () => {
    expect(allDirections("compass8").map(pointerBearing)).toEqual([0, 45, 90, 135, 180, 225, 270, 315]);
    expect(allDirections("hex6").map(pointerBearing)).toEqual([0, 60, 120, 180, 240, 300]);
    expect(allDirections("edge4").map(pointerBearing)).toEqual([0, 90, 180, 270]);
    expect(allDirections("compass16")).toHaveLength(16);
  });
});

describe("servo angle", () => {
  it("maps a full pointer turn onto a 180° servo with the default 1:2 gearing", () => {
    expect(allDirections("compass8").map((d) => servoAngle(base, d))).toEqual([0, 22.5, 45, 67.5, 90, 112.5, 135, 157.5]);
    expect(allDirections("hex6").map((d) => servoAngle(base, d))).toEqual([0, 30, 60, 90, 120, 150]);
    expect(allDirections("edge4").map((d) => servoAngle(base, d))).toEqual([0, 45, 90, 135]);
  });

  it("applies gear ratio and offset", () => {
    const map = { ...base, gearRatio: 0.25, offset: 10 };
    expect(allDirections("edge4").map((d) => servoAngle(map, d))).toEqual([10, 32.5, 55, 77.5]);
  });

  it("turns the other way round from the same north when reversed", () => {
    const map = { ...base, reversed: true };
    expect(allDirections("compass8").map((d) => servoAngle(map, d))).toEqual([0, 157.5, 135, 112.5, 90, 67.5, 45, 22.5]);
    expect(servoAngle({ ...map, offset: 5 }, { system: "hex6", fromDegrees: 60 })).toBe(155);
  });

  it("clamps into the servo's limits", () => {
    const map = { ...base, gearRatio: 1, minAngle: 10, maxAngle: 170 };
    expect(servoAngle(map, { system: "edge4", fromDegrees: 0 })).toBe(10);
    expect(servoAngle(map, { system: "edge4", fromDegrees: 270 })).toBe(170);
    expect(servoAngle(map, { system: "edge4", fromDegrees: 90 })).toBe(90);
  });

  it("uses an explicit points table for its system and the formula for the others", () => {
    const map = { ...base, points: { edge4: [5, 60, 120, 175] } };
    expect(allDirections("edge4").map((d) => servoAngle(map, d))).toEqual([5, 60, 120, 175]);
    expect(servoAngle(map, { system: "compass8", fromDegrees: 90 })).toBe(45);
  });
});

describe("pulse widths", () => {
  const cfg = { pwmRange: [600, 2400] as [number, number], degreeRange: [0, 180] as [number, number] };
  it("maps angles linearly like johnny-five and back", () => {
    expect(pulseWidth(cfg, 0)).toBe(600);
    expect(pulseWidth(cfg, 90)).toBe(1500);
    expect(pulseWidth(cfg, 180)).toBe(2400);
    expect(pulseWidth(cfg, 45)).toBe(1050);
    expect(angleOfPulse(cfg, 1950)).toBe(135);
  });
});

describe("config", () => {
  it("applies defaults and names the key of a bad value", () => {
    const ok = parseDialConfig({ port: "/dev/ttyACM0", map: { reversed: true } });
    expect(ok.ok && ok.value.pin).toBe(9);
    expect(ok.ok && ok.value.map.gearRatio).toBe(0.5);
    const bad = parseDialConfig({ port: "/dev/ttyACM0", pin: 1, map: { gearRatio: 0 } }, "config.yaml:dial");
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.some((e) => e.startsWith("config.yaml:dial/pin"))).toBe(true);
      expect(bad.error.some((e) => e.startsWith("config.yaml:dial/map/gearRatio"))).toBe(true);
    }
    const inverted = parseDialConfig({ port: "x", map: { minAngle: 100, maxAngle: 20 } });
    expect(inverted.ok).toBe(false);
    expect(parseDialConfig({ port: "x", map: {}, colour: "red" }).ok).toBe(false);
    const noMap = parseDialConfig({ port: "/dev/ttyACM0", pin: 5 }); // the whole map has defaults: it may be left out
    expect(noMap.ok && noMap.value.map).toEqual(base);
  });
});
