/**
 * PNG and JPEG files written byte by byte for the bounded loader's tests (`devices/camera/image-file.ts`): headers
 * that declare what their data does not hold, data that inflates past its header, interlaced PNGs (pngjs writes none)
 * and a real baseline JPEG of any size whose every block is flat grey (a few bits a block).
 */

import { crc32, createDeflate, deflateSync } from "node:zlib";
import { ADAM7_PASSES } from "../../../devices/camera/image-header.ts";

/** One PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Uint8Array = new Uint8Array()): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export interface PngLayout {
  readonly width: number;
  readonly height: number;
  readonly bitDepth?: number;
  readonly colourType?: number;
  readonly interlaced?: boolean;
}

/** A PNG of `layout` whose IDAT is `idat` as given (compressed data, not checked against the layout). */
export function pngFile(layout: PngLayout, idat: Uint8Array, extra: Buffer[] = []): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(layout.width, 0);
  ihdr.writeUInt32BE(layout.height, 4);
  ihdr.set([layout.bitDepth ?? 8, layout.colourType ?? 0, 0, 0, layout.interlaced ? 1 : 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk("IHDR", ihdr), ...extra, pngChunk("IDAT", idat), pngChunk("IEND")]);
}

/** `total` zero bytes deflated, streamed a row at a time (never held whole). */
export async function deflatedZeros(total: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  const block = Buffer.alloc(1 << 20);
  for (let left = total; left > 0; left -= block.length) {
    if (!deflate.write(block.subarray(0, Math.min(left, block.length)))) await new Promise((r) => deflate.once("drain", r));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/** An Adam7-interlaced 8-bit grey PNG of `data` (`width`×`height`, row-major), each row unfiltered. */
export function interlacedGreyPng(width: number, height: number, data: Uint8Array): Buffer {
  const raw: number[] = [];
  for (const [x0, y0, dx, dy] of ADAM7_PASSES) {
    if (x0 >= width || y0 >= height) continue;
    for (let y = y0; y < height; y += dy) {
      raw.push(0);
      for (let x = x0; x < width; x += dx) raw.push(data[y * width + x] as number);
    }
  }
  return pngFile({ width, height, interlaced: true }, deflateSync(Buffer.from(raw)));
}

/**
 * A baseline JPEG, one grey component, `width`×`height`, every 8×8 block flat mid-grey: one DC and one AC Huffman
 * code, each the single bit 0 (difference 0, end of block), so the scan is two zero bits a block.
 */
export function flatGreyJpeg(width: number, height: number): Buffer {
  const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  const dqt = segment(0xdb, [0x00, ...new Array(64).fill(1)]);
  const sof = segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  const oneCode = (tableClass: number) => [(tableClass << 4) | 0, 1, ...new Array(15).fill(0), 0x00];
  const dht = segment(0xc4, [...oneCode(0), ...oneCode(1)]);
  const sos = segment(0xda, [1, 1, 0x00, 0, 63, 0]);
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const scan = Buffer.alloc(Math.ceil((blocks * 2) / 8)); // zero bits; a last partial byte padded with ones
  const padBits = scan.length * 8 - blocks * 2;
  if (padBits > 0) scan[scan.length - 1] = (1 << padBits) - 1;
  return Buffer.concat([Buffer.from([0xff, 0xd8, ...dqt, ...sof, ...dht, ...sos]), scan, Buffer.from([0xff, 0xd9])]);
}
