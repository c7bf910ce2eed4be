import pino from "pino";
import { describe, expect, it } from "vitest";
import { withDialDefaults } from "../../../devices/wind-dial/config.ts";
import { composeDevices } from "../../../host/compose-devices.ts";
import { DeviceConfigSchema } from "../../../host/config/device-schemas.ts";
import { DEVICE_FAMILIES } from "../../../host/device-families.ts";

const logger = pino({ level: "silent" });
const dial = (extra: { bridgeReaders?: number } = {}) => withDialDefaults({ port: "/dev/quarterdeck-no-such-port", pin: 9, ...extra });

describe("composing the configured hardware", () => {
  it("a bridge board's readers come with its dial (dial.bridgeReaders) and report like any reader", async () => {
    const devices = await composeDevices({ emulated: false, config: { dial: dial({ bridgeReaders: 2 }) } }, logger);
    try {
      const ids = devices.sources.flatMap((s) => s.health()).map((h) => h.id);
      expect(ids).toEqual(expect.arrayContaining(["bridge:0", "bridge:1"]));
      expect(ids).not.toContain("bridge:2");
      expect(devices.dial).not.toBeNull();
      expect(devices.sim).toBeNull();
    } finally {
      await devices.close();
    }
  });

  it("a plain dial brings no readers", async () => {
    const devices = await composeDevices({ emulated: false, config: { dial: dial() } }, logger);
    try {
      expect(devices.sources).toEqual([]);
    } finally {
      await devices.close();
    }
  });

  it("an empty devices section builds nothing", async () => {
    const devices = await composeDevices({ emulated: false, config: {} }, logger);
    expect(devices.sources).toEqual([]);
    expect(devices.dial).toBeNull();
    expect(devices.problems).toEqual([]);
    await devices.close();
  });
});

describe("the family table", () => {
  it("each family's module is found under its key and checks its section with the table file's schema", async () => {
    const keys = DEVICE_FAMILIES.map((f) => f.key);
    expect(keys).toEqual(["dice", "readers", "pad", "dial", "positions"]);
    const modules = {
      dice: await import("../../../devices/dice/family.ts"),
      readers: await import("../../../devices/nfc/family.ts"),
      pad: await import("../../../devices/pad/family.ts"),
      dial: await import("../../../devices/wind-dial/family.ts"),
      positions: await import("../../../devices/positions/family.ts"),
    };
    for (const [key, m] of Object.entries(modules)) {
      expect(m.family.key).toBe(key);
      // the dial's section is checked by parseDevices (defaults and the map), all others by the schema itself
      if (key !== "dial")
        expect(JSON.stringify(DeviceConfigSchema.properties[key as "dice" | "readers" | "pad" | "positions"])).toBe(
          JSON.stringify(m.family.schema),
        );
    }
  });
});
