import { Value } from "@sinclair/typebox/value";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createReaderSource, type ReaderConfig, ReaderConfigSchema } from "../../../devices/nfc/index.ts";
import { createPadSource } from "../../../devices/pad/index.ts";
import { EmulatedHidBackend } from "../../../devices/testing/hid/backend.ts";

const logger = pino({ level: "silent" });

describe("reader and pad configuration", () => {
  it("ReaderConfigSchema accepts the three kinds and rejects unknown keys", () => {
    const ok: ReaderConfig[] = [
      { kind: "pn532", id: "bow", path: "/dev/serial/by-id/usb-FTDI-if00", pollMs: 100, debounceMs: 500, readNdef: true },
      { kind: "mfrc522", id: "stern", path: "/dev/ttyACM0", baudRate: 9600 },
      { kind: "hid-wedge", id: "wedge", vendorId: 0xffff, productId: 0x0035 },
    ];
    for (const c of ok) expect(Value.Check(ReaderConfigSchema, c)).toBe(true);
    expect(Value.Check(ReaderConfigSchema, { kind: "pn532", id: "x", path: "/dev/x", speed: 1 })).toBe(false);
    expect(Value.Check(ReaderConfigSchema, { kind: "acr122", id: "x" })).toBe(false);
  });

  it("createReaderSource turns bad entries into misconfigured readers whose message names the key", async () => {
    const raw = [
      { kind: "pn532", id: "bow" },
      { kind: "pn532", id: "stern", path: "/dev/x", pollMs: "fast" },
      { kind: "hid-wedge", id: "wedge" },
    ] as unknown as ReaderConfig[];
    const source = createReaderSource(raw, { logger, hidBackend: new EmulatedHidBackend() });
    await source.start();
    const health = source.health();
    await source.stop();
    expect(health.map((h) => [h.id, h.status])).toEqual([
      ["bow", "misconfigured"],
      ["stern", "misconfigured"],
      ["wedge", "misconfigured"],
    ]);
    expect(health[0]?.message).toMatch(/needs the serial port path/);
    expect(health[1]?.message).toMatch(/^devices\.readers\[1\]\.pollMs: /);
    expect(health[2]?.message).toMatch(/vendorId and productId/);
  });

  it("createPadSource takes one pad or a list; a bad entry is misconfigured with its key", async () => {
    const backend = new EmulatedHidBackend();
    const one = createPadSource(
      { id: "pad", vendorId: 1, productId: 2, buttons: [{ command: "confirm", button: 0 }] },
      { backend, logger },
    );
    await one.start();
    expect(one.health()).toEqual([expect.objectContaining({ id: "pad", status: "missing" })]);
    await one.stop();
    const bad = createPadSource([{ id: "pad", vendorId: 70_000, productId: 2, buttons: [] }] as never, { backend, logger });
    expect(bad.health()[0]).toMatchObject({ status: "misconfigured", message: expect.stringMatching(/^devices\.pad\[0\]\.vendorId/) });
  });
});
