import pino from "pino";
import { describe, expect, it } from "vitest";
import { composeRealDevices } from "../../../host/compose-devices.ts";

describe("composing the configured hardware", () => {
  it("a bridge board's readers come with its dial (dial.bridgeReaders) and report like any reader", async () => {
    const devices = await composeRealDevices(
      { dial: { port: "/dev/quarterdeck-no-such-port", pin: 9, bridgeReaders: 2 } },
      pino({ level: "silent" }),
    );
    try {
      const ids = devices.sources.flatMap((s) => s.health()).map((h) => h.id);
      expect(ids).toEqual(expect.arrayContaining(["bridge:0", "bridge:1"]));
      expect(ids).not.toContain("bridge:2");
      expect(devices.dial).not.toBeNull();
    } finally {
      await devices.close();
    }
  });
  it("a plain dial brings no readers", async () => {
    const devices = await composeRealDevices({ dial: { port: "/dev/quarterdeck-no-such-port", pin: 9 } }, pino({ level: "silent" }));
    try {
      expect(devices.sources).toEqual([]);
    } finally {
      await devices.close();
    }
  });
});
