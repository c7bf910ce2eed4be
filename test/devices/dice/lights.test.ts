/**
 * The dice's lights as bytes. GoDice against the documented layout of its blink command (dice-ble §2.3:
 * `10 n on off r g b mode leds`, on/off in 10 ms units, 255 pulses = until stopped; mode 1 parallel and leds 0 both,
 * as the JS API's `pulseLed` sends; `14` stops blinking). Pixels here against the documented Blink layout (§1.3,
 * §1.6); its byte-for-byte cross-test against the maker's library is in test/devices/ble/pixels-core-connect.test.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { goDiceLight } from "../../../devices/dice/godice/light.ts";
import { blinkLeds } from "../../../devices/dice/godice/messages.ts";
import { lightMessage, readDieLight } from "../../../devices/dice/lights.ts";
import { pixelsLight } from "../../../devices/dice/pixels/light.ts";
import { blink } from "../../../devices/dice/pixels/messages.ts";
import type { DieLight } from "../../../devices/readings.ts";
import { rig, until } from "./rig.ts";

const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, "0").toUpperCase()).join(" ");
const LIGHTS: DieLight[] = ["hit", "miss", "counted", "glow", "low-battery", "off"];

describe("GoDice lights: the documented blink and stop commands", () => {
  it("each light's bytes", () => {
    expect(hex(goDiceLight("hit"))).toBe("10 03 19 19 00 FF 00 01 00"); // 3 green pulses, 250 ms on / 250 ms off
    expect(hex(goDiceLight("miss"))).toBe("10 01 4B 4B FF 00 00 01 00"); // 1 red pulse, 750 ms
    expect(hex(goDiceLight("counted"))).toBe("10 01 28 28 00 00 FF 01 00"); // 1 blue pulse, 400 ms
    expect(hex(goDiceLight("glow"))).toBe("10 FF 64 64 FF B0 00 01 00"); // amber, 1 s on / 1 s off, until stopped
    expect(hex(goDiceLight("low-battery"))).toBe("10 01 1E 1E FF 40 00 01 00"); // 1 orange pulse, 300 ms
    expect(hex(goDiceLight("off"))).toBe("14");
  });

  it("the blink command's fields are where the C core's godice_toggle_leds_packet puts them", () => {
    const b = goDiceLight("glow");
    expect(b.length).toBe(9);
    expect({ cmd: b[0], pulses: b[1], on: b[2], off: b[3], rgb: [b[4], b[5], b[6]], mode: b[7], leds: b[8] }).toEqual({
      cmd: 0x10,
      pulses: 255,
      on: 100,
      off: 100,
      rgb: [0xff, 0xb0, 0x00],
      mode: 1,
      leds: 0,
    });
  });
});

describe("Pixels lights: the documented Blink layout", () => {
  it("hit is three green flashes over 1.5 s on every face; off is StopAllAnimations", () => {
    expect(hex(pixelsLight("hit"))).toBe("1D 03 DC 05 00 FF 00 00 FF FF FF FF 00 01");
    expect(hex(pixelsLight("miss"))).toBe("1D 01 DC 05 00 00 FF 00 FF FF FF FF 00 01");
    expect(hex(pixelsLight("glow"))).toBe("1D 01 D0 07 00 B0 FF 00 FF FF FF FF FF 78");
    expect(hex(pixelsLight("off"))).toBe("3B");
  });
});

describe("reading the bytes back (what the emulated dice record)", () => {
  it("every light of either family reads back as itself", () => {
    for (const family of ["pixels", "godice"] as const) {
      for (const light of LIGHTS) expect(readDieLight(family, lightMessage(family, light)), `${family} ${light}`).toBe(light);
    }
  });

  it("identify's blink, another colour, a cut message and garbage are no light", () => {
    expect(readDieLight("pixels", blink())).toBeNull();
    expect(readDieLight("godice", blinkLeds({ pulses: 4, onMs: 300, offMs: 300, color: 0xffffff }))).toBeNull();
    expect(readDieLight("pixels", pixelsLight("hit").subarray(0, 13))).toBeNull();
    expect(readDieLight("godice", Uint8Array.of(0x10, 3, 25, 25, 0, 0xfe, 0, 1, 0))).toBeNull();
    expect(readDieLight("pixels", new Uint8Array())).toBeNull();
  });
});

describe("the dice source shows a light on a connected die", () => {
  let stop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await stop?.();
    stop = null;
  });

  it("Pixels and GoDice each receive the light asked for; a die not connected, or unknown, answers false", async () => {
    const r = await rig({ pixels: [{ id: "p1", kind: "d6" }], godice: [{ id: "g1", color: "red" }] });
    stop = () => r.source.stop();
    expect(await r.source.light?.("p1", "hit")).toBe(false); // not started: no link yet
    await r.source.start();
    await until(() => r.health("p1")?.status === "connected" && r.health("g1")?.status === "connected", "both dice connected");
    for (const light of LIGHTS) {
      expect(await r.source.light?.("p1", light)).toBe(true);
      expect(await r.source.light?.("g1", light)).toBe(true);
    }
    await r.pixels("p1").hostMessages.expect((m) => m.type === "stopAllAnimations", { within: 5_000, past: true });
    await r.godice("g1").hostMessages.expect((m) => m.type === "stopBlink", { within: 5_000, past: true });
    expect(r.pixels("p1").lights).toEqual(LIGHTS);
    expect(r.godice("g1").lights).toEqual(LIGHTS);
    expect(await r.source.light?.("nobody", "hit")).toBe(false);
  });
});
