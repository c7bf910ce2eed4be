import { spawnSync } from "node:child_process";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { avrdudeArgs } from "../../firmware-bridge/flash.ts";

describe("firmware:flash", () => {
  it("builds the avrdude command for the Uno's bootloader", () => {
    expect(avrdudeArgs("/dev/ttyUSB0", "uno", "build/bridge.hex")).toEqual([
      "-p",
      "atmega328p",
      "-c",
      "arduino",
      "-P",
      "/dev/ttyUSB0",
      "-b",
      "115200",
      "-D",
      "-U",
      "flash:w:build/bridge.hex:i",
    ]);
    expect(avrdudeArgs("/dev/ttyUSB0", "nano-old", "x.hex")).toContain("57600");
    expect(() => avrdudeArgs("/dev/ttyUSB0", "mega", "x.hex")).toThrow(/unknown board/);
  });

  it("says clearly that avrdude is missing (exit 1) instead of crashing", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", "firmware-bridge/flash.ts", "--port", "/dev/ttyUSB0"], {
      encoding: "utf8",
      env: { ...process.env, PATH: dirname(process.execPath) }, // a PATH without avrdude
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/avrdude is not installed.*apt-get install avrdude/);
  });
});
