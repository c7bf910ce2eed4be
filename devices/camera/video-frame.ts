/**
 * A camera frame's grey image straight from its luma plane, in the /camera page's worker. A webcam's frames come as
 * YUV (I420, NV12 …), whose Y plane is already the grey image the detector wants: copying it out of a `VideoFrame`
 * takes 0.2 ms at 1920×1080 and 2.4 ms at 3840×2160 in chromium here, where drawing the video to a canvas and
 * reading its RGBA back took 20 and 156 ms on the page's thread (docs/performance.md). Frames in another format
 * (RGBA from a screen capture, an `ImageBitmap`) are drawn to an `OffscreenCanvas` in the worker instead.
 */
import { type GreyImage, greyFromRgba } from "./detector.ts";

/** Formats whose first plane is 8-bit luma. */
const LUMA_FORMATS: ReadonlySet<string> = new Set(["I420", "I420A", "I422", "I422A", "I444", "I444A", "NV12"]);

/** Where the luma plane lies in the bytes a frame was copied to. */
export interface LumaPlane {
  readonly offset: number;
  readonly stride: number;
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The grey image of `rect` in a luma plane, as the camera gave it: no copy when its rows are packed. Studio-range luma
 * (16–235) is not stretched to 0–255: the detector thresholds against each pixel's neighbourhood and the pattern fit
 * solves each marker's black and white levels, so a linear stretch would change nothing but cost 8–60 ms a frame.
 */
export function greyFromLuma(bytes: Uint8Array, plane: LumaPlane, rect: Rect): GreyImage {
  const { width, height } = rect;
  const start = plane.offset + rect.y * plane.stride + rect.x;
  if (plane.stride === width) return { width, height, data: bytes.subarray(start, start + width * height) };
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) data.set(bytes.subarray(start + y * plane.stride, start + y * plane.stride + width), y * width);
  return { width, height, data };
}

let canvas: OffscreenCanvas | null = null;

/** RGBA read back from a canvas the image is drawn on (this worker's own `OffscreenCanvas`, kept between frames). */
function greyByCanvas(image: VideoFrame | ImageBitmap, width: number, height: number): GreyImage {
  if (!canvas || canvas.width !== width || canvas.height !== height) canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) throw new Error("this browser gives the camera's worker no 2D canvas");
  ctx.drawImage(image, 0, 0, width, height);
  return greyFromRgba(width, height, ctx.getImageData(0, 0, width, height).data);
}

const isVideoFrame = (image: VideoFrame | ImageBitmap): image is VideoFrame => "visibleRect" in image;

/** The grey image of a camera frame (a `VideoFrame` or an `ImageBitmap`), which is closed once read. */
export async function greyFromFrame(image: VideoFrame | ImageBitmap): Promise<GreyImage> {
  try {
    if (!isVideoFrame(image)) return greyByCanvas(image, image.width, image.height);
    const rect = image.visibleRect;
    if (!rect) throw new Error("the camera gave a frame without pixels");
    if (!image.format || !LUMA_FORMATS.has(image.format)) return greyByCanvas(image, rect.width, rect.height);
    // copyTo copies the visible rectangle: the layout it returns is of that rectangle alone
    const bytes = new Uint8Array(image.allocationSize());
    const [luma] = await image.copyTo(bytes);
    if (!luma) throw new Error("the camera's frame has no planes");
    return greyFromLuma(bytes, luma, { x: 0, y: 0, width: rect.width, height: rect.height });
  } finally {
    image.close();
  }
}
