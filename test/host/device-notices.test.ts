import { describe, expect, it } from "vitest";
import type { DeviceHealth } from "../../devices/readings.ts";
import { DeviceWatch } from "../../host/device-notices.ts";

const NAMES: Record<string, string> = { "pixel-5": "Black die", "reader-1": "Reader at the Allied edge" };
const dev = (id: string, kind: DeviceHealth["kind"], connected: boolean, color?: string): DeviceHealth => ({
  id,
  kind,
  family: "x",
  ...(NAMES[id] ? { name: NAMES[id] } : {}),
  connected,
  status: connected ? "connected" : "reconnecting",
  emulated: true,
  ...(color ? { color } : {}),
});

describe("device trouble said on the display", () => {
  it("says nothing while devices come up; says which one dropped out and what to do; says when it is back", () => {
    const w = new DeviceWatch();
    expect(w.update([dev("pixel-5", "die", false, "black"), dev("reader-1", "reader", false)])).toEqual([]);
    expect(w.update([dev("pixel-5", "die", true, "black"), dev("reader-1", "reader", true)])).toEqual([]);
    expect(w.update([dev("pixel-5", "die", false, "black"), dev("reader-1", "reader", false)])).toEqual([
      "Black die dropped out: it reconnects by itself. Meanwhile type its roll on the control page, or switch to software dice there.",
      "Reader at the Allied edge is gone: tags on it are not read. Check its cable; meanwhile choose the ships on the control page.",
    ]);
    expect(w.update([dev("pixel-5", "die", false, "black"), dev("reader-1", "reader", false)])).toEqual([]);
    expect(w.update([dev("pixel-5", "die", true, "black"), dev("reader-1", "reader", false)])).toEqual(["Black die is back."]);
  });

  it("names the button box, the dial and Bluetooth with their remedies", () => {
    const w = new DeviceWatch();
    w.update([dev("pad", "pad", true), dev("dial", "dial", true), dev("ble", "adapter", true)]);
    const said = w.update([dev("pad", "pad", false), dev("dial", "dial", false), dev("ble", "adapter", false)]);
    expect(said[0]).toMatch(/^Button box is gone: use the control page/);
    expect(said[1]).toMatch(/^Wind dial is gone/);
    expect(said[2]).toMatch(/^Bluetooth adapter is gone.*software dice/);
  });

  it("says a device by the name players read: a person's lower-case name takes “the”, one nobody gave its family and number", () => {
    const w = new DeviceWatch();
    const named = (connected: boolean): DeviceHealth => ({
      ...dev("godice-2", "die", connected),
      family: "godice",
      name: "green die with the chip",
    });
    const plain = (connected: boolean): DeviceHealth => ({ ...dev("reader-2", "reader", connected), family: "pn532" });
    w.update([named(true), plain(true)]);
    const said = w.update([named(false), plain(false)]);
    expect(said[0]).toMatch(/^The green die with the chip dropped out/);
    expect(said[1]).toMatch(/^Reader 2 is gone/);
  });

  it("says once when a die runs low on battery, and again only after it was charged", () => {
    const w = new DeviceWatch();
    const die = (battery: number) => ({ ...dev("pixel-5", "die", true, "black"), battery });
    expect(w.update([die(60)])).toEqual([]);
    expect(w.update([die(15)])).toEqual(["Black die is low on battery (15 %): charge it after this game, or swap it for another now."]);
    expect(w.update([die(12)])).toEqual([]);
    expect(w.update([die(20)])).toEqual([]);
    expect(w.update([die(80)])).toEqual([]);
    expect(w.update([die(9)])).toHaveLength(1);
  });

  it("names the device each sentence concerns, so the display keeps a drop-out on its line until the device is back", () => {
    const w = new DeviceWatch();
    w.update([dev("pixel-5", "die", true, "black"), dev("reader-1", "reader", true)]);
    expect(w.said([dev("pixel-5", "die", false, "black"), dev("reader-1", "reader", false)]).map((n) => n.device)).toEqual([
      "pixel-5",
      "reader-1",
    ]);
    expect(w.said([dev("pixel-5", "die", true, "black"), dev("reader-1", "reader", false)])).toEqual([
      { device: "pixel-5", text: "Black die is back." },
    ]);
  });
});
