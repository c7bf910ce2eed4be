/**
 * The messages between the /camera page (host/public/camera-run.js) and its detection worker (`worker.ts`), declared
 * once: the worker reads them in TypeScript, the page through JSDoc (`npm run check` type-checks the pages against
 * these types). What crosses is structured-cloned, not typed, so the worker reads each message it is sent with
 * `readToWorker` (the page reads the worker's answers with host/public/camera-answers.js): a malformed message is
 * refused in words, never a crash.
 */
import type { Area } from "./markers.ts";
import { expectedIds, type FrameResult } from "./pipeline.ts";

/** Starts the worker: the AprilTag library's script (a path on the host), the table's area, the markers expected. */
export interface StartMessage {
  readonly type: "start";
  readonly apriltag: string;
  readonly area: Area;
  /** The ship markers' printed side, mm (else the median of those seen). */
  readonly shipSize?: number;
  /** The roster's ship markers, for the second look; absent, any marker not found is looked for. */
  readonly expected?: readonly number[];
}

/** The roster or a ship's marker changed; `null` while the table waits for a marker to be shown (any is looked for). */
export interface ExpectedMessage {
  readonly type: "expected";
  readonly expected: readonly number[] | null;
}

/** A camera frame to measure (transferred), taken at `at` (ms, the page's clock). */
export interface FrameMessage {
  readonly type: "frame";
  readonly image: VideoFrame | ImageBitmap;
  readonly at: number;
}

/** What the page sends its worker. */
export type ToWorker = StartMessage | ExpectedMessage | FrameMessage;

/** The library loaded and the pipeline ready, `loadMs` after the start. */
export interface ReadyAnswer {
  readonly type: "ready";
  readonly loadMs: number;
}

/** A frame measured: its size, when it was taken, the time reading its pixels took, and the pipeline's answer. */
export interface FrameAnswer extends FrameResult {
  readonly type: "frame";
  readonly width: number;
  readonly height: number;
  readonly at: number;
  readonly greyMs: number;
}

/** Something failed (or a message was refused), in words. */
export interface ErrorAnswer {
  readonly type: "error";
  readonly message: string;
}

/** What the worker answers. */
export type FromWorker = ReadyAnswer | FrameAnswer | ErrorAnswer;

/** A message read, or why it is refused. */
export type Read<T> = { readonly ok: true; readonly message: T } | { readonly ok: false; readonly why: string };

/** The longest AprilTag script path a start may name. */
const MAX_PATH = 200;
/** The largest area side (mm) and ship marker (mm) a start may give: 100 m and 1 m, far past any table. */
const MAX_AREA_MM = 100_000;
const MAX_SHIP_MM = 1_000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isFiniteIn = (v: unknown, lo: number, hi: number): v is number => typeof v === "number" && Number.isFinite(v) && v > lo && v <= hi;

/** A frame the browser can hand over: a `VideoFrame` or an `ImageBitmap` (each has `close`). */
function isFrameImage(v: unknown): v is VideoFrame | ImageBitmap {
  return isObject(v) && typeof v.close === "function" && ("visibleRect" in v || typeof v.width === "number");
}

/** An area of positive sides within MAX_AREA_MM. */
function areaOf(v: unknown): Area | null {
  if (!isObject(v) || !isFiniteIn(v.width, 0, MAX_AREA_MM) || !isFiniteIn(v.height, 0, MAX_AREA_MM)) return null;
  return { width: v.width, height: v.height };
}

const refuse = <T>(why: string): Read<T> => ({ ok: false, why });

/** Reads a start message's fields. */
function readStart(m: Record<string, unknown>): Read<StartMessage> {
  const { apriltag, shipSize, expected } = m;
  if (typeof apriltag !== "string" || !apriltag.startsWith("/") || apriltag.length > MAX_PATH) {
    return refuse(`a start needs "apriltag", the library's path on the host (at most ${MAX_PATH} characters)`);
  }
  const area = areaOf(m.area);
  if (!area) return refuse(`a start needs "area": {width, height} in mm, each above 0 and at most ${MAX_AREA_MM}`);
  if (shipSize !== undefined && !isFiniteIn(shipSize, 0, MAX_SHIP_MM))
    return refuse(`"shipSize" is a side in mm, above 0 and at most ${MAX_SHIP_MM}`);
  if (expected !== undefined && !Array.isArray(expected)) return refuse(`"expected" is a list of marker ids`);
  const ids = expectedIds(expected);
  return {
    ok: true,
    message: { type: "start", apriltag, area, ...(shipSize !== undefined ? { shipSize } : {}), ...(ids ? { expected: ids } : {}) },
  };
}

/**
 * A message the page sent the worker, checked: its type, its fields' types and bounds (marker ids kept to the
 * dictionary's, `expectedIds`). A frame refused for its time still has its image closed by the caller.
 */
export function readToWorker(data: unknown): Read<ToWorker> {
  if (!isObject(data)) return refuse("a message is an object with a type");
  switch (data.type) {
    case "start":
      return readStart(data);
    case "expected":
      if (data.expected !== null && !Array.isArray(data.expected)) return refuse(`"expected" is a list of marker ids, or null`);
      return { ok: true, message: { type: "expected", expected: expectedIds(data.expected) } };
    case "frame":
      if (!isFrameImage(data.image)) return refuse(`a frame needs "image", a VideoFrame or an ImageBitmap`);
      if (!isFiniteIn(data.at, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY)) return refuse(`a frame needs "at", a time in ms`);
      return { ok: true, message: { type: "frame", image: data.image, at: data.at } };
    default:
      return refuse(`no message has the type ${JSON.stringify(String(data.type)).slice(0, 40)} (start, expected or frame)`);
  }
}

/** The image a malformed message carried, if any, so the worker can close it (a camera holds few frames' buffers). */
export function strayImage(data: unknown): VideoFrame | ImageBitmap | null {
  return isObject(data) && isFrameImage(data.image) ? data.image : null;
}
