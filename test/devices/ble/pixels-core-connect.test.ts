/**
 * Our Pixels codec against the maker's own library, @systemic-games/pixels-core-connect 1.3.0 (a devDependency):
 * every message type our codec handles is encoded by one and decoded by the other, and where both encode a message
 * the bytes are equal. The library's chunked IAmADie is read the way its `Pixel` reads a notification
 * (`_internalDeserializeMessage`); it cannot encode that message (die→host only, variable-size chunks), so that
 * direction uses its chunk classes with the name chunks written by hand.
 *
 * The second part is the evidence behind keeping our driver (docs/devices-dice.md, "Pixels: our codec or the
 * maker's library"): the library's `Pixel` runs over our BLE seam through a `PixelSession`, and it connects,
 * reads battery and blinks; but a roll that ends while the link is down is not reported as a roll after the
 * reconnect, and a resent RollState is reported twice.
 */
import { Color } from "@systemic-games/pixels-core-animation";
import * as pcc from "@systemic-games/pixels-core-connect";
import { serialize } from "@systemic-games/pixels-core-utils";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import type { BleCentral, BleCharacteristic, BlePeripheral } from "../../../devices/ble/seam.ts";
import { LIGHT_PATTERNS } from "../../../devices/dice/light-patterns.ts";
import { readDieLight } from "../../../devices/dice/lights.ts";
import {
  PIXELS_BATTERY_STATES,
  PIXELS_CURRENT,
  PIXELS_DIE_TYPES,
  PIXELS_ROLL_STATES,
  PixelsMessageType,
} from "../../../devices/dice/pixels/ids.ts";
import { pixelsLight } from "../../../devices/dice/pixels/light.ts";
import {
  blink,
  decodePixelsMessage,
  encodeRollState,
  requestBatteryLevel,
  requestRollState,
  whoAreYou,
} from "../../../devices/dice/pixels/messages.ts";
import type { DieLight } from "../../../devices/readings.ts";
import { EmulatedCentral } from "../../../devices/testing/ble/central.ts";
import { chunkedIAmADie, type IAmADieFields, legacyIAmADie } from "../../../devices/testing/ble/pixels-bytes.ts";
import { EmulatedPixelsDie } from "../../../devices/testing/ble/pixels-die.ts";

const theirs = (b: ArrayBuffer): Uint8Array => new Uint8Array(b);
const view = (b: Uint8Array): DataView => new DataView(b.buffer, b.byteOffset, b.byteLength);
const decoded = (b: Uint8Array) => {
  const d = decodePixelsMessage(b);
  if (!d.ok) throw new Error(`our decoder rejected ${[...b]}: ${d.error}`);
  return d.value;
};

/** A `PixelSession` over our BLE seam: scans for the die, links, and uses its notify and write characteristics. */
class SeamPixelSession extends pcc.PixelSession {
  #peripheral: BlePeripheral | null = null;
  #notify: BleCharacteristic | null = null;
  #write: BleCharacteristic | null = null;
  constructor(
    private readonly central: BleCentral,
    systemId: string,
  ) {
    super(systemId);
  }
  dispose(): void {}
  async connect(): Promise<void> {
    this._notifyConnectionEvent("connecting");
    const found = new Promise<BlePeripheral>((resolve) => {
      const off = this.central.onDiscover((d) => {
        if (d.advertisement.id !== this.systemId) return;
        off();
        resolve(d.peripheral);
      });
    });
    await this.central.startScan({ allowDuplicates: true });
    const p = await found;
    await this.central.stopScan();
    await p.connect();
    p.onDisconnect(() => this._notifyConnectionEvent("disconnected", "linkLoss"));
    const [service] = await p.discover([PIXELS_CURRENT.service]);
    this.#notify = service?.characteristics.find((c) => c.uuid === PIXELS_CURRENT.notify) ?? null;
    this.#write = service?.characteristics.find((c) => c.uuid === PIXELS_CURRENT.write) ?? null;
    this.#peripheral = p;
    this._notifyConnectionEvent("connected");
  }
  async disconnect(): Promise<void> {
    await this.#peripheral?.disconnect();
  }
  async subscribe(listener: (dataView: DataView) => void): Promise<() => void> {
    const off = await this.#notify?.subscribe((bytes) => listener(view(bytes)));
    return () => off?.();
  }
  async writeValue(data: ArrayBuffer, withoutResponse?: boolean): Promise<void> {
    await this.#write?.write(new Uint8Array(data), withoutResponse ?? false);
  }
}

/** The library's `Pixel`, with the method it decodes notifications by made reachable. */
class ProbePixel extends pcc.Pixel {
  decode(bytes: Uint8Array) {
    return this._internalDeserializeMessage(view(bytes));
  }
}
const probe = new ProbePixel(new SeamPixelSession(new EmulatedCentral(), "probe"));

const fieldsArb = fc.record({
  pixelId: fc.integer({ min: 1, max: 0xffffffff }),
  dieType: fc.constantFrom(...PIXELS_DIE_TYPES),
  ledCount: fc.integer({ min: 0, max: 21 }),
  colorway: fc.constantFrom(0, 1, 2, 3, 4, 5, 6, 255),
  buildTimestamp: fc.integer({ min: 0, max: 0xffffffff }),
  name: fc.string({ unit: fc.constantFrom(..."Pixel d20 Red-".split("")), maxLength: 31 }),
  batteryLevel: fc.integer({ min: 0, max: 100 }),
  batteryState: fc.constantFrom(...PIXELS_BATTERY_STATES),
  rollState: fc.constantFrom(...PIXELS_ROLL_STATES),
  faceIndex: fc.integer({ min: 0, max: 19 }),
}) satisfies fc.Arbitrary<IAmADieFields>;

describe("our Pixels codec ⇄ @systemic-games/pixels-core-connect", () => {
  it("uses the library's message type numbers", () => {
    for (const [name, value] of Object.entries(PixelsMessageType)) {
      expect(pcc.MessageTypeValues[name as keyof typeof pcc.MessageTypeValues], name).toBe(value);
    }
    // Every other type the library knows (0 is its "none") decodes as "other": none is rejected as unknown.
    const ours = new Set<number>([2, 3, 0x1e, 0x22, 0x24]);
    for (const value of Object.values(pcc.MessageTypeValues).filter((v) => v !== 0 && !ours.has(v))) {
      expect(decodePixelsMessage(Uint8Array.of(value))).toEqual({ ok: true, value: { type: "other", messageType: value } });
    }
  });

  it("host→die WhoAreYou, RequestRollState, RequestBatteryLevel: the same bytes", () => {
    expect(whoAreYou()).toEqual(theirs(pcc.serializer.serialize("whoAreYou")));
    expect(requestRollState()).toEqual(theirs(pcc.serializer.serialize("requestRollState")));
    expect(requestBatteryLevel()).toEqual(theirs(pcc.serializer.serialize("requestBatteryLevel")));
  });

  it("host→die Blink: the same bytes for any options, and each decodes the other's", () => {
    fc.assert(
      fc.property(
        fc.record({
          count: fc.integer({ min: 0, max: 255 }),
          durationMs: fc.integer({ min: 0, max: 0xffff }),
          color: fc.integer({ min: 0, max: 0xffffff }),
          faceMask: fc.integer({ min: 0, max: 0xffffffff }),
          fade: fc.integer({ min: 0, max: 255 }),
          loopCount: fc.integer({ min: 0, max: 255 }),
        }),
        (o) => {
          const msg = Object.assign(new pcc.Blink(), { count: o.count, duration: o.durationMs, color: o.color, faceMask: o.faceMask });
          Object.assign(msg, { fade: o.fade, loopCount: o.loopCount });
          const ours = blink(o);
          expect(ours).toEqual(theirs(pcc.serializer.serialize(msg)));
          expect(pcc.serializer.deserializeMessage(view(ours))).toEqual(msg);
        },
      ),
    );
  });

  it("die→host RollState: the same bytes for every state and face, and each decodes the other's", () => {
    PIXELS_ROLL_STATES.forEach((state, stateValue) => {
      for (let faceIndex = 0; faceIndex <= 19; faceIndex++) {
        const msg = Object.assign(new pcc.RollState(), { state: stateValue, faceIndex });
        const ours = encodeRollState(state, faceIndex);
        expect(ours).toEqual(theirs(pcc.serializer.serialize(msg)));
        expect(decoded(ours)).toEqual({ type: "rollState", state, faceIndex });
        expect(pcc.serializer.deserializeMessage(view(ours))).toEqual(msg);
      }
    });
  });

  it("die→host BatteryLevel (as our emulator sends it), Rssi and BlinkAck", () => {
    PIXELS_BATTERY_STATES.forEach((batteryState, state) => {
      for (const levelPercent of [0, 1, 50, 99, 100]) {
        const bytes = theirs(pcc.serializer.serialize(Object.assign(new pcc.BatteryLevel(), { levelPercent, state })));
        expect(decoded(bytes)).toEqual({ type: "batteryLevel", level: levelPercent, batteryState });
        expect(bytes).toEqual(Uint8Array.of(PixelsMessageType.batteryLevel, levelPercent, state));
      }
    });
    for (const value of [-127, -60, -1, 0, 20]) {
      const bytes = theirs(pcc.serializer.serialize(Object.assign(new pcc.Rssi(), { value })));
      expect(decoded(bytes)).toEqual({ type: "rssi", rssi: value });
    }
    expect(decoded(theirs(pcc.serializer.serialize("blinkAck")))).toEqual({ type: "blinkAck" });
    expect(pcc.serializer.deserializeMessage(view(Uint8Array.of(PixelsMessageType.blinkAck)))).toBe("blinkAck");
  });

  it("die→host legacy IAmADie (22 bytes): the same bytes, and each decodes the other's", () => {
    fc.assert(
      fc.property(fieldsArb, (f) => {
        const ours = legacyIAmADie(f);
        const msg = Object.assign(new pcc.LegacyIAmADie(), {
          ledCount: f.ledCount,
          colorway: f.colorway,
          dieType: PIXELS_DIE_TYPES.indexOf(f.dieType),
          dataSetHash: 0x1234abcd,
          pixelId: f.pixelId,
          availableFlashSize: 4096,
          buildTimestamp: f.buildTimestamp,
          rollState: PIXELS_ROLL_STATES.indexOf(f.rollState),
          currentFaceIndex: f.faceIndex,
          batteryLevelPercent: f.batteryLevel,
          batteryState: PIXELS_BATTERY_STATES.indexOf(f.batteryState),
        });
        expect(ours).toEqual(theirs(pcc.serializer.serialize(msg)));
        expect(probe.decode(ours)).toEqual(msg);
        expect(decoded(ours)).toMatchObject({ type: "iAmADie", info: { form: "legacy", pixelId: f.pixelId, dieType: f.dieType } });
      }),
    );
  });

  it("die→host chunked IAmADie: ours read by the library, the library's chunk layout read by ours", () => {
    fc.assert(
      fc.property(fieldsArb, (f) => {
        const lib = probe.decode(chunkedIAmADie(f)) as pcc.IAmADie;
        expect(lib.versionInfo.buildTimestamp).toBe(f.buildTimestamp);
        expect(lib.dieInfo).toMatchObject({ pixelId: f.pixelId, dieType: PIXELS_DIE_TYPES.indexOf(f.dieType), ledCount: f.ledCount });
        expect(lib.dieName.name).toBe(f.name);
        expect(lib.statusInfo).toEqual({
          chunkSize: 5,
          batteryLevelPercent: f.batteryLevel,
          batteryState: PIXELS_BATTERY_STATES.indexOf(f.batteryState),
          rollState: PIXELS_ROLL_STATES.indexOf(f.rollState),
          currentFaceIndex: f.faceIndex,
        });

        // The library's layout: fixed chunks serialised by its own classes (its DieInfo is 9 bytes, ours 10).
        const m = new pcc.IAmADie();
        Object.assign(m.versionInfo, { firmwareVersion: 0x0102, buildTimestamp: f.buildTimestamp });
        Object.assign(m.dieInfo, {
          pixelId: f.pixelId,
          dieType: PIXELS_DIE_TYPES.indexOf(f.dieType),
          ledCount: f.ledCount,
          colorway: f.colorway,
        });
        Object.assign(m.statusInfo, {
          batteryLevelPercent: f.batteryLevel,
          batteryState: PIXELS_BATTERY_STATES.indexOf(f.batteryState),
          rollState: PIXELS_ROLL_STATES.indexOf(f.rollState),
          currentFaceIndex: f.faceIndex,
        });
        const fixed = (c: object) => {
          const [dv] = serialize(c as never);
          return [...new Uint8Array(dv.buffer, dv.byteOffset, dv.byteLength)];
        };
        const text = (s: string) => {
          const b = [...new TextEncoder().encode(s), 0];
          return [b.length + 1, ...b];
        };
        const bytes = Uint8Array.from([
          2,
          ...fixed(m.versionInfo),
          ...fixed(m.dieInfo),
          ...text(""),
          ...text(f.name),
          ...fixed(m.settingsInfo),
          ...fixed(m.statusInfo),
        ]);
        expect((probe.decode(bytes) as pcc.IAmADie).dieName.name).toBe(f.name);
        expect(decoded(bytes)).toEqual({
          type: "iAmADie",
          info: {
            form: "chunked",
            pixelId: f.pixelId,
            dieType: f.dieType,
            ledCount: f.ledCount,
            colorway: expect.any(String),
            buildTimestamp: f.buildTimestamp,
            firmwareVersion: 0x0102,
            ...(f.name.trim() ? { name: f.name.trim() } : {}),
            batteryLevel: f.batteryLevel,
            batteryState: f.batteryState,
            rollState: f.rollState,
            faceIndex: f.faceIndex,
          },
        });
      }),
    );
  });
});

describe("the library's Pixel over our BLE seam (why we keep our driver)", () => {
  const central = new EmulatedCentral();
  afterEach(() => central.stopScan());

  it("connects through a PixelSession, reads IAmADie and battery, blinks and reports rolls", async () => {
    const die = new EmulatedPixelsDie({ id: "lib-px", kind: "d20", clock: central.clock, batteryLevel: 77 });
    central.add(die);
    const pixel = new pcc.Pixel(new SeamPixelSession(central, die.id));
    await pixel.connect(10_000);
    expect(pixel.status).toBe("ready");
    expect([pixel.dieType, pixel.batteryLevel, pixel.name]).toEqual(["d20", 77, "lib-px"]);
    await pixel.blink(Color.fromBytes(255, 255, 255));
    expect(die.blinks).toBe(1);
    const rolls: number[] = [];
    pixel.addEventListener("roll", (face) => rolls.push(face));
    die.roll(7);
    await new Promise((r) => setTimeout(r, 20));
    expect(rolls).toEqual([7]);

    // A resent notification (the same RollState again) is a second roll for the library; our roll gate drops it.
    die.inject(encodeRollState("rolled", 6));
    await new Promise((r) => setTimeout(r, 20));
    expect(rolls).toEqual([7, 7]);

    // A roll that ends while the link is down: after reconnecting the library knows the new face but reports no
    // roll (IAmADie's roll state is applied with skipEvents), and it never reconnects by itself (pixels-js#39).
    die.dropLink();
    await new Promise((r) => setTimeout(r, 20));
    expect(pixel.status).toBe("disconnected");
    die.roll(12);
    await pixel.connect(10_000);
    await new Promise((r) => setTimeout(r, 20));
    expect([pixel.rollState, pixel.currentFace]).toEqual(["rolled", 12]);
    expect(rolls).toEqual([7, 7]);
    await pixel.disconnect();
  });
});

describe("the dice's lights (hit, miss, counted, glow, low battery, off) ⇄ the library's Pixel", () => {
  const central = new EmulatedCentral();
  afterEach(() => central.stopScan());
  const rgb = (c: number) => Color.fromBytes((c >> 16) & 0xff, (c >> 8) & 0xff, c & 0xff);

  it("each light is the Blink the library serialises for the same pattern, and StopAllAnimations for off", () => {
    for (const [light, p] of Object.entries(LIGHT_PATTERNS)) {
      const msg = Object.assign(new pcc.Blink(), { count: p.flashes, duration: p.durationMs, color: p.color, faceMask: 0xffffffff });
      Object.assign(msg, { fade: p.fade, loopCount: p.loops });
      expect(pixelsLight(light as DieLight), light).toEqual(theirs(pcc.serializer.serialize(msg)));
      expect(pcc.serializer.deserializeMessage(view(pixelsLight(light as DieLight)))).toEqual(msg);
    }
    expect(pixelsLight("off")).toEqual(theirs(pcc.serializer.serialize("stopAllAnimations")));
  });

  it("the bytes the library's Pixel.blink and stopAllAnimations write are ours, read back as the same light", async () => {
    const die = new EmulatedPixelsDie({ id: "lights-px", kind: "d6", clock: central.clock });
    central.add(die);
    const pixel = new pcc.Pixel(new SeamPixelSession(central, die.id));
    await pixel.connect(10_000);
    for (const [light, p] of Object.entries(LIGHT_PATTERNS)) {
      const before = die.received.length;
      await pixel.blink(rgb(p.color), { count: p.flashes, duration: p.durationMs, fade: p.fade / 255, loopCount: p.loops });
      const sent = Uint8Array.from(die.received[before] ?? []);
      expect(sent, light).toEqual(pixelsLight(light as DieLight));
      expect(readDieLight("pixels", sent)).toBe(light);
    }
    await pixel.stopAllAnimations();
    await new Promise((r) => setTimeout(r, 20));
    expect(Uint8Array.from(die.received.at(-1) ?? [])).toEqual(pixelsLight("off"));
    expect(die.lights).toEqual([...Object.keys(LIGHT_PATTERNS), "off"]);
    await pixel.disconnect();
  });
});
