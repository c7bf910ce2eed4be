import { Value } from "@sinclair/typebox/value";
import { describe, expect, it } from "vitest";
import type { BleAdvertisement } from "../../../devices/ble/seam.ts";
import { type DiceDeviceConfig, DiceDeviceConfigSchema, diceConfigProblems } from "../../../devices/dice/config.ts";
import { matchesDie } from "../../../devices/dice/source.ts";

const ad = (over: Partial<BleAdvertisement>): BleAdvertisement => ({
  id: "d43a2c112233",
  rssi: -60,
  serviceUuids: [],
  serviceData: [],
  connectable: true,
  ...over,
});

describe("DiceDeviceConfigSchema", () => {
  it("accepts the documented shapes", () => {
    const good: DiceDeviceConfig[] = [
      { family: "pixels", id: "black-1", name: "Pixel black", kind: "d6", color: "black" },
      { family: "pixels", id: "red-d20", address: "d4:3a:2c:11:22:33", advertOnly: true },
      { family: "godice", id: "white-2", name: "GoDice_CE03C9_B_v04", shell: "d10x", color: "white" },
    ];
    for (const c of good) expect(Value.Check(DiceDeviceConfigSchema, c)).toBe(true);
    expect(diceConfigProblems(good)).toEqual([]);
  });
  it("rejects unknown keys, families, kinds and shells", () => {
    expect(Value.Check(DiceDeviceConfigSchema, { family: "pixels", id: "a", name: "x", colour: "red" })).toBe(false);
    expect(Value.Check(DiceDeviceConfigSchema, { family: "chessup", id: "a", name: "x" })).toBe(false);
    expect(Value.Check(DiceDeviceConfigSchema, { family: "pixels", id: "a", name: "x", kind: "d7" })).toBe(false);
    expect(Value.Check(DiceDeviceConfigSchema, { family: "godice", id: "a", name: "x", shell: "d100" })).toBe(false);
    expect(Value.Check(DiceDeviceConfigSchema, { family: "godice", id: "", name: "x" })).toBe(false);
  });
  it("names the problems the schema cannot express", () => {
    expect(
      diceConfigProblems([
        { family: "pixels", id: "a", name: "x", shell: "d6" },
        { family: "godice", id: "a", advertOnly: true },
        { family: "godice", id: "b", name: "GoDice_1", shell: "d20", kind: "d6" },
      ]),
    ).toEqual([
      { path: "[0].shell", message: "shell is for GoDice only" },
      { path: "[1].id", message: 'die id "a" is used twice' },
      { path: "[1]", message: 'die "a" needs a name or an address to be found' },
      { path: "[1].advertOnly", message: "advert-only mode is for Pixels only" },
      { path: "[2].kind", message: "kind d6 does not match shell d20" },
    ]);
  });
});

describe("finding the configured die in an advertisement", () => {
  it("by address (any separators, any case) or noble's id", () => {
    const c: DiceDeviceConfig = { family: "pixels", id: "p", address: "D4-3A-2C-11-22-33" };
    expect(matchesDie(c, ad({ address: "d4:3a:2c:11:22:33" }))).toBe(true);
    expect(matchesDie(c, ad({}))).toBe(true);
    expect(matchesDie(c, ad({ id: "other", address: "d4:3a:2c:11:22:34" }))).toBe(false);
  });
  it("by exact name; a GoDice also by the id part of its name", () => {
    expect(matchesDie({ family: "pixels", id: "p", name: "Pixel red" }, ad({ id: "x", name: "Pixel red" }))).toBe(true);
    expect(matchesDie({ family: "pixels", id: "p", name: "Pixel" }, ad({ id: "x", name: "Pixel red" }))).toBe(false);
    expect(matchesDie({ family: "godice", id: "g", name: "GoDice_CE03C9" }, ad({ id: "x", name: "GoDice_CE03C9_B_v04" }))).toBe(true);
    expect(matchesDie({ family: "godice", id: "g", name: "GoDice_CE03C" }, ad({ id: "x", name: "GoDice_CE03C9_B_v04" }))).toBe(false);
  });
});
