/**
 * A photo or frame (PNG or JPEG) as a grey image, with its cost bounded before anything is decoded: the file is
 * read at most `maxBytes`; its width and height come from its header (`image-header.ts`) and are refused past
 * `maxSide` or `maxPixels` before a pixel buffer exists; a PNG's compressed data is inflated once as a stream that
 * only counts (and stops past the size its header implies, so a 100×100 file that inflates to gigabytes is refused
 * after a few kilobytes too many) before pngjs decodes it; jpeg-js decodes under its own memory ceiling.
 *
 * The libraries alone are not bounded: pngjs inflates an interlaced PNG without limit and allocates the declared
 * size of any other before reading a row (a 69-byte PNG declaring 60000×60000 took 6.1 GB), and both make a full
 * RGBA buffer. Used by `quarterdeck camera measure` and `camera detect`.
 */
import { open } from "node:fs/promises";
import { createInflate } from "node:zlib";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { type GreyImage, greyFromRgba } from "./detector.ts";
import { type ImageHeader, type PngHeader, pngInflatedSize, readImageHeader } from "./image-header.ts";

/** What an image may cost. */
export interface ImageLimits {
  /** The file's size, bytes. */
  readonly maxBytes: number;
  /** The longer side, px. */
  readonly maxSide: number;
  /** Width × height. */
  readonly maxPixels: number;
}

/**
 * The limits `camera measure` and `camera detect` use: 64 MB, 8192 px a side and 16.8 megapixels (4096×4096: a
 * 4K frame, 8.3 MP, and a 12 MP phone photo fit). Decoding the largest allowed costs at most about 420 MB
 * (a 16-bit RGBA PNG: its inflated rows, pngjs's 16-bit RGBA and 8-bit RGBA, the grey; docs/camera.md).
 */
export const IMAGE_LIMITS: ImageLimits = { maxBytes: 64 * 2 ** 20, maxSide: 8192, maxPixels: 4096 * 4096 };

/** A decoded grey image, or a sentence saying why there is none ("it is …"). */
export type GreyResult = { readonly ok: true; readonly image: GreyImage } | { readonly ok: false; readonly reason: string };

const refuse = (reason: string): GreyResult => ({ ok: false, reason });

/** Reads and decodes an image file within `limits`; a file that cannot be read is a reason too. */
export async function readGreyImage(file: string, limits: ImageLimits = IMAGE_LIMITS): Promise<GreyResult> {
  let bytes: Uint8Array;
  try {
    const read = await readBounded(file, limits.maxBytes);
    if (read === null) return refuse(`it is over ${mb(limits.maxBytes)}`);
    bytes = read;
  } catch (e) {
    return refuse(`it cannot be read (${e instanceof Error ? e.message : String(e)})`);
  }
  return decodeGreyImage(bytes, limits);
}

/** Decodes PNG or JPEG bytes to grey within `limits` (see the module's comment). */
export async function decodeGreyImage(bytes: Uint8Array, limits: ImageLimits = IMAGE_LIMITS): Promise<GreyResult> {
  if (bytes.length > limits.maxBytes) return refuse(`it is over ${mb(limits.maxBytes)}`);
  const header = readImageHeader(bytes);
  if (typeof header === "string") return refuse(header);
  const tooLarge = sizeRefusal(header, limits);
  if (tooLarge) return refuse(tooLarge);
  try {
    if (header.format === "PNG") {
      const inflated = await pngDataRefusal(header);
      if (inflated) return refuse(inflated);
      const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      return { ok: true, image: greyFromRgba(png.width, png.height, png.data) };
    }
    const img = jpeg.decode(bytes, {
      useTArray: true,
      maxResolutionInMP: limits.maxPixels / 1e6,
      maxMemoryUsageInMB: Math.ceil((limits.maxPixels * 20) / 2 ** 20),
    });
    return { ok: true, image: greyFromRgba(img.width, img.height, img.data) };
  } catch (e) {
    return refuse(`it is not a readable ${header.format} (${e instanceof Error ? e.message : String(e)})`);
  }
}

/** Why an image's declared size is refused, or null. */
function sizeRefusal(h: ImageHeader, limits: ImageLimits): string | null {
  const dims = `${h.width}×${h.height}`;
  if (h.width === 0 || h.height === 0) return `it is a ${h.format} of ${dims} pixels: no image`;
  if (Math.max(h.width, h.height) > limits.maxSide) return `it is ${dims}: at most ${limits.maxSide} pixels a side`;
  if (h.width * h.height > limits.maxPixels) {
    return `it is ${dims} (${((h.width * h.height) / 1e6).toFixed(1)} megapixels): at most ${(limits.maxPixels / 1e6).toFixed(1)} megapixels`;
  }
  return null;
}

/**
 * Inflates a PNG's data as a stream, counting and keeping nothing: why it is refused when it inflates to more or
 * less than its header implies (a decompression bomb, a file cut short), or null.
 */
async function pngDataRefusal(h: PngHeader): Promise<string | null> {
  const expected = pngInflatedSize(h);
  const inflate = createInflate();
  const counted = new Promise<number | Error>((resolve) => {
    let n = 0;
    inflate.on("data", (chunk: Buffer) => {
      n += chunk.length;
      if (n > expected) {
        inflate.destroy();
        resolve(n);
      }
    });
    inflate.on("end", () => resolve(n));
    inflate.on("error", (e) => resolve(n >= expected ? n : e));
  });
  for (const part of h.idat) inflate.write(part);
  inflate.end();
  const n = await counted;
  if (n instanceof Error) return `it is a PNG whose image data is damaged or cut short (${n.message})`;
  if (n > expected) return `it is a PNG whose image data inflates to more than its ${h.width}×${h.height} pixels need (${expected} bytes)`;
  if (n < expected) return `it is a PNG cut short (${n} of ${expected} bytes of image data)`;
  return null;
}

/** The file's bytes, or null past `max` (read in chunks: a device or pipe that never ends is stopped too). */
async function readBounded(file: string, max: number): Promise<Uint8Array | null> {
  const handle = await open(file, "r");
  try {
    const size = (await handle.stat()).size;
    if (size > max) return null;
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(Math.max(size - total, 1 << 16), max + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > max) return null;
    }
    const [only, ...more] = chunks;
    return only && more.length === 0 ? only : Buffer.concat(chunks, total);
  } finally {
    await handle.close();
  }
}

const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
