import { describe, expect, it } from "vitest";
import { blinkLeds, decodeGoDiceMessage, initMessage, requestBattery, requestColor } from "../../../devices/dice/godice/messages.ts";
import {
  D6_VECTORS,
  D20_VECTORS,
  D24_VECTORS,
  GODICE_SHELLS,
  goDiceFace,
  nearestVector,
  vectorForFace,
} from "../../../devices/dice/godice/shells.ts";
import { hex } from "../../support/hex.ts";

const ok = (s: string) => {
  const d = decodeGoDiceMessage(hex(s));
  if (!d.ok) throw new Error(d.error);
  return d.value;
};
const reason = (s: string) => {
  const d = decodeGoDiceMessage(hex(s));
  return d.ok ? null : d.error;
};

describe("GoDice notifications (dice-ble §2.2 vectors)", () => {
  it("52 is a roll start", () => expect(ok("52")).toEqual({ type: "rollStart" }));
  it("53 40 00 00 → d6 face 6; 53 C0 00 00 → 1; 53 00 00 40 → 2", () => {
    const s = ok("53 40 00 00");
    expect(s).toEqual({ type: "stable", kind: "S", x: 64, y: 0, z: 0 });
    expect(goDiceFace("d6", 64, 0, 0)).toBe(6);
    const one = ok("53 C0 00 00") as { x: number; y: number; z: number };
    expect(goDiceFace("d6", one.x, one.y, one.z)).toBe(1);
    expect(goDiceFace("d6", 0, 0, 64)).toBe(2);
  });
  it("46 53 00 C0 00 is fake-stable (0,-64,0) → 4; TS and MS likewise", () => {
    expect(ok("46 53 00 C0 00")).toEqual({ type: "stable", kind: "FS", x: 0, y: -64, z: 0 });
    expect(goDiceFace("d6", 0, -64, 0)).toBe(4);
    expect(ok("54 53 00 40 00")).toMatchObject({ kind: "TS", y: 64 });
    expect(ok("4D 53 00 00 C0")).toMatchObject({ kind: "MS", z: -64 });
  });
  it("battery, colour, charging, tap and double tap", () => {
    expect(ok("42 61 74 55")).toEqual({ type: "battery", level: 85 });
    expect(ok("43 6F 6C 03")).toEqual({ type: "color", color: "blue" });
    expect(ok("43 68 61 72 01")).toEqual({ type: "charging", charging: true });
    expect(ok("54 61 70")).toEqual({ type: "tap" });
    expect(ok("44 54 61 70")).toEqual({ type: "doubleTap" });
  });
  it("checks lengths strictly, like the C core, and rejects garbage", () => {
    expect(reason("53 40 00")).toMatch(/S must be 4 bytes/);
    expect(reason("53 40 00 00 00")).toMatch(/S must be 4 bytes/);
    expect(reason("46 53 00 C0")).toMatch(/FS must be 5 bytes/);
    expect(reason("52 52")).toMatch(/R must be 1 bytes/);
    expect(reason("42 61 74 65")).toMatch(/over 100/);
    expect(reason("43 6F 6C 06")).toMatch(/colour 6/);
    expect(reason("43 68 61 72 02")).toMatch(/Char/);
    expect(reason("00 01 02")).toMatch(/unknown message starting 0x00/);
    expect(reason("")).toBe("empty message");
  });
  it("framing: two messages in one notification and a split S are rejected, never misread", () => {
    expect(reason("52 53 40 00 00")).not.toBeNull();
    expect(reason("53 40")).not.toBeNull();
    expect(reason("00 00")).not.toBeNull();
  });
});

describe("GoDice shells (dice-ble §2.4)", () => {
  it("the real d4-shell vectors of GoDiceJavaScriptAPI#15 read 1, 4, 3, 3", () => {
    const vectors = [
      [61, 1, 22],
      [-19, -58, -22],
      [-21, -1, 59],
      [21, -58, -19],
    ] as const;
    expect(vectors.map(([x, y, z]) => goDiceFace("d4", x, y, z))).toEqual([1, 4, 3, 3]);
  });
  it("each table entry reads as its own index; ties go to the lowest index", () => {
    for (const table of [D6_VECTORS, D20_VECTORS, D24_VECTORS]) {
      expect(table.map(([x, y, z]) => nearestVector(table, x, y, z))).toEqual(table.map((_, i) => i + 1));
    }
    expect(nearestVector(D6_VECTORS, 0, 0, 0)).toBe(1);
  });
  it("every face of every shell is reachable and maps back", () => {
    const faces: Record<string, number[]> = {
      d6: [1, 2, 3, 4, 5, 6],
      d20: Array.from({ length: 20 }, (_, i) => i + 1),
      d10: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      d10x: [0, 10, 20, 30, 40, 50, 60, 70, 80, 90],
      d4: [1, 2, 3, 4],
      d8: [1, 2, 3, 4, 5, 6, 7, 8],
      d12: Array.from({ length: 12 }, (_, i) => i + 1),
    };
    for (const shell of GODICE_SHELLS) {
      for (const face of faces[shell] ?? []) {
        const v = vectorForFace(shell, face);
        expect(v, `${shell} ${face}`).not.toBeNull();
        if (v) expect(goDiceFace(shell, v[0], v[1], v[2])).toBe(face);
      }
    }
    expect(vectorForFace("d6", 7)).toBeNull();
  });
  it("d10 transform and d12 wrap", () => {
    expect(goDiceFace("d10", -64, 0, -22)).toBe(8);
    expect(goDiceFace("d10x", 0, 22, 64)).toBe(10);
    expect(goDiceFace("d12", 60, 0, -20)).toBe(9);
  });
});

describe("GoDice commands (dice-ble §2.3)", () => {
  it("init is Unity's discovery blink 19 1E 03 32 32 00 FF 00 01 00", () => {
    expect(initMessage()).toEqual(hex("19 1E 03 32 32 00 FF 00 01 00"));
  });
  it("battery 03, colour 17, blink 10 n on off r g b 01 00", () => {
    expect([...requestBattery()]).toEqual([0x03]);
    expect([...requestColor()]).toEqual([0x17]);
    expect(blinkLeds({ pulses: 2, onMs: 100, offMs: 200, color: 0xff8000 })).toEqual(hex("10 02 0A 14 FF 80 00 01 00"));
  });
});
