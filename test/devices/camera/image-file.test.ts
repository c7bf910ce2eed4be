/**
 * The bounded image loader (devices/camera/image-file.ts): every PNG layout and a JPEG decode to the grey they
 * hold; a size past the limits, data that inflates past its header, a file cut short and garbage are refused with a
 * reason, never thrown.
 */
import { deflateSync } from "node:zlib";
import fc from "fast-check";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { decodeGreyImage, IMAGE_LIMITS, readGreyImage } from "../../../devices/camera/image-file.ts";
import { pngInflatedSize } from "../../../devices/camera/image-header.ts";
import { deflatedZeros, flatGreyJpeg, interlacedGreyPng, pngChunk, pngFile } from "./image-bytes.ts";

const ramp = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 37) % 256);

async function grey(bytes: Uint8Array) {
  const r = await decodeGreyImage(bytes);
  if (!r.ok) throw new Error(r.reason);
  return r.image;
}

async function reason(bytes: Uint8Array, limits = IMAGE_LIMITS) {
  const r = await decodeGreyImage(bytes, limits);
  expect(r.ok).toBe(false);
  return r.ok ? "" : r.reason;
}

describe("decodeGreyImage", () => {
  it("decodes 8-bit RGBA, 16-bit RGBA, palette and interlaced PNGs to their grey", async () => {
    const [w, h] = [13, 7];
    const data = ramp(w * h);
    const png = new PNG({ width: w, height: h });
    data.forEach((v, i) => {
      png.data.set([v, v, v, 255], i * 4);
    });
    expect(Array.from((await grey(PNG.sync.write(png))).data)).toEqual(Array.from(data));
    // each row a filter byte and its samples: 16-bit grey (v × 257, big-endian), and palette indices (entry i grey i)
    const row = (y: number, sample: (v: number) => number[]) => [0, ...Array.from(data.subarray(y * w, (y + 1) * w)).flatMap(sample)];
    const deep = deflateSync(Buffer.from(Array.from({ length: h }, (_, y) => row(y, (v) => [v, v])).flat()));
    expect(Array.from((await grey(pngFile({ width: w, height: h, bitDepth: 16 }, deep))).data)).toEqual(Array.from(data));
    const plte = pngChunk(
      "PLTE",
      Uint8Array.from({ length: 768 }, (_, i) => Math.floor(i / 3)),
    );
    const rows = Buffer.from(Array.from({ length: h }, (_, y) => row(y, (v) => [v])).flat());
    const palette = pngFile({ width: w, height: h, colourType: 3 }, deflateSync(rows), [plte]);
    expect(Array.from((await grey(palette)).data)).toEqual(Array.from(data));
    expect(Array.from((await grey(interlacedGreyPng(w, h, data))).data)).toEqual(Array.from(data));
  });

  it("decodes a JPEG", async () => {
    const image = await grey(flatGreyJpeg(64, 40));
    expect([image.width, image.height]).toEqual([64, 40]);
    expect(image.data.every((v) => v === 128)).toBe(true);
  });

  it("refuses a size past the limits from the header alone", async () => {
    expect(await reason(pngFile({ width: 60_000, height: 60_000 }, Buffer.alloc(0)))).toMatch(/60000×60000: at most 8192 pixels a side/);
    expect(await reason(pngFile({ width: 8192, height: 8192 }, Buffer.alloc(0)))).toMatch(/67\.1 megapixels\): at most 16\.8/);
    expect(await reason(pngFile({ width: 0, height: 5 }, Buffer.alloc(0)))).toMatch(/0×5 pixels: no image/);
    expect(await reason(flatGreyJpeg(8192, 8192))).toMatch(/8192×8192/);
  });

  it("refuses PNG data that inflates past its header, or short of it", async () => {
    const layout = { width: 100, height: 100, interlaced: true };
    expect(await reason(pngFile(layout, await deflatedZeros(50_000_000)))).toMatch(/inflates to more than its 100×100 pixels need/);
    const short = pngFile(layout, await deflatedZeros(pngInflatedSize({ ...layout, bitDepth: 8, colourType: 0 }) - 1));
    expect(await reason(short)).toMatch(/cut short \(10187 of 10188 bytes/);
  });

  it("refuses a file cut anywhere, and garbage after either signature, without throwing", async () => {
    const png = interlacedGreyPng(16, 16, ramp(256));
    for (let n = 1; n < png.length; n += 7) expect((await decodeGreyImage(png.subarray(0, n))).ok).toBe(false);
    const jpg = flatGreyJpeg(32, 32);
    for (let n = 1; n < 200; n += 5) await decodeGreyImage(jpg.subarray(0, n));
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), fc.boolean(), async (tail, isPng) => {
        const head = isPng ? png.subarray(0, 33) : jpg.subarray(0, 2);
        const r = await decodeGreyImage(Buffer.concat([head, tail]));
        expect(typeof r.ok).toBe("boolean");
      }),
      { numRuns: 300 },
    );
  });

  it("reads a file no further than the byte limit, even one that never ends", async () => {
    const r = await readGreyImage("/dev/zero", { ...IMAGE_LIMITS, maxBytes: 1 << 20 });
    expect(r).toEqual({ ok: false, reason: "it is over 1 MB" });
    expect(await readGreyImage("/nonexistent/x.png")).toMatchObject({ ok: false, reason: /cannot be read/ });
  });
});
