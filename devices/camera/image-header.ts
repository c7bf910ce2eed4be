/**
 * What a PNG or JPEG file says of itself before any pixel is decoded: its format, width and height, and for a PNG
 * the layout of its pixel data (bit depth, colour type, interlace) and where that data lies. `image-file.ts` checks
 * these against its limits before it lets a decoder allocate anything.
 */

/** A PNG's header (IHDR) and its compressed pixel data (the IDAT chunks, in order, not copied). */
export interface PngHeader {
  readonly format: "PNG";
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  readonly colourType: number;
  readonly interlaced: boolean;
  readonly idat: readonly Uint8Array[];
}

/** A JPEG's frame header (SOFn). */
export interface JpegHeader {
  readonly format: "JPEG";
  readonly width: number;
  readonly height: number;
  readonly components: number;
}

export type ImageHeader = PngHeader | JpegHeader;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The channels of each PNG colour type, and the bit depths the PNG specification allows it (§11.2.2). */
const PNG_COLOUR_TYPES: Record<number, { channels: number; depths: readonly number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/** The header of a PNG or JPEG, or a sentence saying why there is none. Reads no pixel. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | string {
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return readPngHeader(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return readJpegHeader(bytes);
  return "it is neither a PNG nor a JPEG";
}

const u32 = (b: Uint8Array, at: number) =>
  (((b[at] ?? Number.NaN) << 24) | ((b[at + 1] ?? Number.NaN) << 16) | ((b[at + 2] ?? Number.NaN) << 8) | (b[at + 3] ?? Number.NaN)) >>> 0;
const u16 = (b: Uint8Array, at: number) => ((b[at] ?? Number.NaN) << 8) | (b[at + 1] ?? Number.NaN);

function readPngHeader(bytes: Uint8Array): PngHeader | string {
  let at = 8;
  let ihdr: Omit<PngHeader, "idat"> | null = null;
  const idat: Uint8Array[] = [];
  while (at < bytes.length) {
    if (at + 8 > bytes.length) return `it is a PNG cut short (a chunk's header at byte ${at})`;
    const length = u32(bytes, at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (length > 0x7fffffff || at + 12 + length > bytes.length)
      return `it is a PNG cut short (chunk ${JSON.stringify(type)} at byte ${at})`;
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (!ihdr) {
      if (type !== "IHDR" || length !== 13) return "it is not a readable PNG (no IHDR header first)";
      // IHDR's 13 bytes (its length checked above): width, height, then these five
      const [bitDepth, colourType, compression, filter, interlace] = [
        data[8] ?? Number.NaN,
        data[9] ?? Number.NaN,
        data[10] ?? Number.NaN,
        data[11] ?? Number.NaN,
        data[12] ?? Number.NaN,
      ];
      const kind = PNG_COLOUR_TYPES[colourType];
      if (!kind?.depths.includes(bitDepth)) {
        return `it is not a readable PNG (bit depth ${bitDepth} with colour type ${colourType})`;
      }
      if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1))
        return "it is not a readable PNG (unknown compression, filter or interlace method)";
      ihdr = {
        format: "PNG",
        width: u32(data, 0),
        height: u32(data, 4),
        bitDepth,
        colourType,
        interlaced: interlace === 1,
      };
    } else if (type === "IDAT") {
      idat.push(data);
    } else if (type === "IEND") {
      break;
    }
    at += 12 + length;
  }
  if (!ihdr) return "it is a PNG cut short (no IHDR header)";
  if (idat.length === 0) return "it is a PNG cut short (no image data)";
  return { ...ihdr, idat };
}

/** PNG's Adam7 interlace passes: each pass's first column and row, and its column and row steps. */
export const ADAM7_PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * The size of a PNG's pixel data once inflated, exactly (a filter byte and the packed samples of each row, of each
 * Adam7 pass when interlaced): what a well-formed file's IDAT inflates to, no more and no less.
 */
export function pngInflatedSize(h: Pick<PngHeader, "width" | "height" | "bitDepth" | "colourType" | "interlaced">): number {
  const bitsPerPixel = (PNG_COLOUR_TYPES[h.colourType]?.channels ?? 4) * h.bitDepth;
  const rows = (w: number, n: number) => (w > 0 && n > 0 ? n * (1 + Math.ceil((w * bitsPerPixel) / 8)) : 0);
  if (!h.interlaced) return rows(h.width, h.height);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7_PASSES) total += rows(Math.ceil((h.width - x0) / dx), Math.ceil((h.height - y0) / dy));
  return total;
}

/** A PNG's bytes per pixel once decoded by pngjs (RGBA, 16-bit samples kept as 16 bits until rescaled). */
export const pngSampleBytes = (h: Pick<PngHeader, "bitDepth">) => (h.bitDepth === 16 ? 2 : 1);

/** SOFn markers: baseline, extended, progressive, lossless, and their hierarchical and arithmetic variants. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function readJpegHeader(bytes: Uint8Array): JpegHeader | string {
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return `it is not a readable JPEG (no marker at byte ${at})`;
    while (bytes[at] === 0xff) at++; // fill bytes
    const marker = bytes[at++] ?? Number.NaN;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (marker === 0xd9 || marker === 0xda) break; // end of image, or scan data before any frame header
    if (at + 2 > bytes.length) break;
    const length = u16(bytes, at);
    if (length < 2 || at + length > bytes.length) return `it is a JPEG cut short (a segment at byte ${at - 2})`;
    if (SOF.has(marker)) {
      if (length < 8) return "it is not a readable JPEG (a frame header too short)";
      const height = u16(bytes, at + 3);
      const width = u16(bytes, at + 5);
      const components = bytes[at + 7] ?? Number.NaN;
      if (height === 0) return "it is not a readable JPEG (its height is given after the image data, which is not read)";
      return { format: "JPEG", width, height, components };
    }
    at += length;
  }
  return "it is a JPEG cut short (no frame header)";
}
