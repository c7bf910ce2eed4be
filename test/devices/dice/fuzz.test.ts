import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PHYSICAL_DIE_KINDS } from "../../../devices/dice/config.ts";
import { decodeGoDiceMessage } from "../../../devices/dice/godice/messages.ts";
import { isFaceOf } from "../../../devices/dice/physical-faces.ts";
import { decodePixelsAdvert } from "../../../devices/dice/pixels/advert.ts";
import { decodePixelsMessage } from "../../../devices/dice/pixels/messages.ts";
import type { DieRolled } from "../../../devices/readings.ts";
import { flush, rig, until } from "./rig.ts";

const bytes = fc.uint8Array({ minLength: 0, maxLength: 120 });
/** Bytes biased towards real message starts, so the fuzz reaches deep into each decoder. */
const pixelsLike = fc.oneof(
  bytes,
  fc.tuple(fc.constantFrom(0x02, 0x03, 0x22, 0x24, 0x1e), fc.uint8Array({ maxLength: 110 })).map(([t, rest]) => Uint8Array.of(t, ...rest)),
);
const godiceLike = fc.oneof(
  bytes,
  fc
    .tuple(fc.constantFrom("R", "S", "FS", "TS", "MS", "Bat", "Col", "Char", "Tap", "DTap"), fc.uint8Array({ maxLength: 6 }))
    .map(([p, rest]) => Uint8Array.of(...[...p].map((c) => c.charCodeAt(0)), ...rest)),
);

const wellFormed = (d: { ok: boolean; error?: string; value?: unknown }) =>
  d.ok ? d.value !== undefined : typeof d.error === "string" && d.error.length > 0;

describe("fuzz: decoders never throw; every output is a value or a reason", () => {
  it("Pixels messages", () => {
    fc.assert(
      fc.property(pixelsLike, (b) => wellFormed(decodePixelsMessage(b))),
      { numRuns: 3000 },
    );
  });
  it("Pixels adverts (with and without service data)", () => {
    fc.assert(
      fc.property(bytes, fc.option(bytes), (m, s) => wellFormed(decodePixelsAdvert(m, s ?? undefined))),
      { numRuns: 3000 },
    );
  });
  it("GoDice messages", () => {
    fc.assert(
      fc.property(godiceLike, (b) => wellFormed(decodeGoDiceMessage(b))),
      { numRuns: 3000 },
    );
  });
});

const validRoll = (r: DieRolled, family: "pixels" | "godice") =>
  r.type === "die.rolled" &&
  r.family === family &&
  (PHYSICAL_DIE_KINDS as readonly string[]).includes(r.dieKind) &&
  isFaceOf(r.dieKind, r.face) &&
  typeof r.at === "number";

describe("fuzz through the driver: each notification is a valid event or a counted rejection", () => {
  it("Pixels: random notifications never crash the link; rejections = undecodable messages", async () => {
    const r = await rig({ pixels: [{ id: "p1", kind: "d20" }] });
    await r.source.start();
    await until(() => r.health("p1")?.connected === true);
    await flush();
    await fc.assert(
      fc.asyncProperty(fc.array(pixelsLike, { maxLength: 20 }), async (messages) => {
        const before = r.source.rejections.total;
        const outOfRangeBefore = [...r.source.rejections.byReason().entries()]
          .filter(([k]) => k.startsWith("face "))
          .reduce((n, [, v]) => n + v, 0);
        const rollsBefore = r.readings.length;
        for (const m of messages) r.pixels("p1").inject(m);
        await flush();
        const undecodable = messages.filter((m) => !decodePixelsMessage(m).ok).length;
        const outOfRange = [...r.source.rejections.byReason().entries()]
          .filter(([k]) => k.startsWith("face "))
          .reduce((n, [, v]) => n + v, 0);
        expect(r.source.rejections.total - before - (outOfRange - outOfRangeBefore)).toBe(undecodable);
        expect(r.readings.slice(rollsBefore).every((x) => validRoll(x, "pixels"))).toBe(true);
        expect(r.health("p1")?.connected).toBe(true);
      }),
      { numRuns: 60 },
    );
    await r.source.stop();
  });

  it("GoDice: random notifications never crash the link; rejections = undecodable messages", async () => {
    const r = await rig({ godice: [{ id: "g1", shell: "d20" }] });
    await r.source.start();
    await until(() => r.health("g1")?.connected === true);
    await flush();
    await fc.assert(
      fc.asyncProperty(fc.array(godiceLike, { maxLength: 20 }), async (messages) => {
        const before = r.source.rejections.total;
        const rollsBefore = r.readings.length;
        for (const m of messages) r.godice("g1").inject(m);
        await flush();
        expect(r.source.rejections.total - before).toBe(messages.filter((m) => !decodeGoDiceMessage(m).ok).length);
        expect(r.readings.slice(rollsBefore).every((x) => validRoll(x, "godice"))).toBe(true);
      }),
      { numRuns: 60 },
    );
    await r.source.stop();
  });
});
