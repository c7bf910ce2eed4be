/**
 * Fuzz through the bridge readers: random bytes and real messages on the line, in random chunks. Nothing throws;
 * every reading is a well-formed tag event that keeps each reader's arrive/leave alternation; every malformed NFC
 * message is a logged rejection. The port is a plain EventEmitter standing in for the serial line (an interface
 * the readers take, not a module mock).
 */
import { EventEmitter } from "node:events";
import fc from "fast-check";
import type { Logger } from "pino";
import { describe, expect, it } from "vitest";
import { encodeBridgeMessage } from "../../devices/bridge/messages.ts";
import { createBridgeReaders } from "../../devices/bridge/reader.ts";
import { BridgeStreamDecoder } from "../../devices/bridge/stream.ts";
import type { TagArrived, TagLeft } from "../../devices/readings.ts";
import type { FirmataPort } from "../../devices/wind-dial/five.ts";

class LinePort extends EventEmitter {
  readonly path = "fuzz";
  readonly isOpen = true;
  write(): boolean {
    return true;
  }
  close(): void {}
}

const uidArb = fc.uint8Array({ minLength: 4, maxLength: 10 }).map((b) => Buffer.from(b).toString("hex").toUpperCase());
const messageArb = fc.oneof(
  fc.record({ type: fc.constantFrom("tag-arrived" as const, "tag-left" as const), reader: fc.integer({ min: 0, max: 3 }), uid: uidArb }),
  fc.record({
    type: fc.constant("reader-status" as const),
    reader: fc.integer({ min: 0, max: 3 }),
    found: fc.boolean(),
    version: fc.constant("320106"),
  }),
  fc.record({ type: fc.constant("round-done" as const), readerCount: fc.constantFrom(1, 4), multiplexer: fc.boolean() }),
);
const partArb = fc.oneof(
  fc.uint8Array({ maxLength: 16 }),
  messageArb.map((m) => encodeBridgeMessage(m)),
  fc.constant(Uint8Array.of(0xf9, 0x02, 0x05)), // the board rebooting
);

describe("bridge readers under fuzz", () => {
  it("never throw; readings are valid and alternate per reader; each malformed NFC message is logged", () => {
    fc.assert(
      fc.property(fc.array(partArb, { maxLength: 30 }), fc.integer({ min: 1, max: 9 }), (parts, chunk) => {
        const warnings: unknown[] = [];
        const logger = { warn: (o: unknown) => warnings.push(o) } as unknown as Logger;
        const port = new LinePort();
        const connection = {
          onConnected(listener: (p: FirmataPort) => void) {
            listener(port as unknown as FirmataPort);
            return () => {};
          },
        };
        const readers = createBridgeReaders(connection, { logger });
        const events: Array<TagArrived | TagLeft> = [];
        for (const r of readers) {
          r.onTag((e) => events.push(e));
          void r.start();
        }
        const bytes = Uint8Array.from(parts.flatMap((p) => [...p]));
        for (let i = 0; i < bytes.length; i += chunk) port.emit("data", Buffer.from(bytes.subarray(i, i + chunk)));

        const present = new Map<string, string>();
        for (const e of events) {
          expect(e.readerId).toMatch(/^bridge:[0-3]$/);
          expect(e.uid).toMatch(/^([0-9A-F]{2}){1,10}$/);
          if (e.type === "tag.arrived") {
            expect(present.has(e.readerId), `second arrival on ${e.readerId} without a departure`).toBe(false);
            present.set(e.readerId, e.uid);
          } else {
            expect(present.get(e.readerId), `departure on ${e.readerId} of a tag that had not arrived`).toBe(e.uid);
            present.delete(e.readerId);
          }
        }
        const reference = new BridgeStreamDecoder(() => {});
        reference.push(bytes);
        expect(warnings).toHaveLength(reference.rejected);
      }),
      { numRuns: 400 },
    );
  });

  it("a stop and a new start leave one listener on the line, and none after the last stop", async () => {
    const port = new LinePort();
    let listeners = 0;
    const connection = {
      onConnected(listener: (p: FirmataPort) => void) {
        listeners += 1;
        listener(port as unknown as FirmataPort);
        return () => {
          listeners -= 1;
        };
      },
    };
    const readers = createBridgeReaders(connection);
    const arrivals: string[] = [];
    readers[0]?.onTag((e) => arrivals.push(`${e.type} ${e.uid}`));
    for (let i = 0; i < 3; i++) {
      for (const r of readers) await r.start();
      for (const r of readers) await r.stop();
    }
    for (const r of readers) await r.start();
    expect(port.listenerCount("data")).toBe(1);
    expect(port.listenerCount("close")).toBe(1);
    port.emit("data", Buffer.from(encodeBridgeMessage({ type: "tag-arrived", reader: 0, uid: "DEADBEEF" })));
    expect(arrivals).toEqual(["tag.arrived DEADBEEF"]);
    for (const r of readers) await r.stop();
    expect([port.listenerCount("data"), port.listenerCount("close"), listeners]).toEqual([0, 0, 0]);
  });
});
