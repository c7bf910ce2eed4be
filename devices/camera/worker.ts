/**
 * The /camera page's Web Worker (bundled by scripts/build.mjs into dist/host/public/camera-worker.js): OpenCV loaded
 * with `importScripts` from the host's /vendor/opencv.js, then each frame the page transfers (the camera's own
 * `VideoFrame`, or an `ImageBitmap` of the video where the browser has no track processor) is read here — its luma
 * plane copied, or drawn to this worker's canvas (`video-frame.ts`) — and goes through the same pipeline as in Node
 * (`pipeline.ts`). Reading the pixels and detecting take from tens of milliseconds to a second a frame; in a worker
 * the page's drawing and its socket never wait for either.
 *
 * Messages in: `{type: "start", opencv: URL, area, shipSize?, expected?}` (`expected`: the roster's marker ids, for the
 * second look; absent, any marker not found is looked for), `{type: "expected", expected: number[] | null}` (the roster
 * or a ship's marker changed; `null` while the table waits for a marker to be shown: any is looked for),
 * `{type: "frame", image: VideoFrame | ImageBitmap, at}`.
 * Out: `{type: "ready", loadMs}`, `{type: "frame", width, height, at, greyMs, …FrameResult}`,
 * `{type: "error", message}`.
 */
import { openCvDetector, runtimeReady } from "./opencv-detector.ts";
import { CameraPipeline, expectedIds } from "./pipeline.ts";
import { greyFromFrame } from "./video-frame.ts";

interface WorkerScope {
  importScripts(...urls: string[]): void;
  postMessage(message: unknown): void;
  onmessage: ((e: { data: unknown }) => void) | null;
  // biome-ignore lint/suspicious/noExplicitAny: the OpenCV runtime the script sets on the global scope.
  cv?: any;
}

const scope = globalThis as unknown as WorkerScope;
let pipeline: CameraPipeline | null = null;
/** The ship markers expected, as last told (a start's, or an update that came while OpenCV was still loading). */
let expectedNow: number[] | null = null;

async function start(m: { opencv: string; area: { width: number; height: number }; shipSize?: number }): Promise<void> {
  const t0 = performance.now();
  if (!scope.cv) scope.importScripts(m.opencv);
  const cv = scope.cv;
  await runtimeReady(cv);
  pipeline?.close();
  pipeline = new CameraPipeline(await openCvDetector(cv), {
    area: m.area,
    ...(m.shipSize ? { shipSize: m.shipSize } : {}),
    ...(expectedNow ? { expected: expectedNow } : {}),
  });
  scope.postMessage({ type: "ready", loadMs: performance.now() - t0 });
}

async function frame(m: { image: VideoFrame | ImageBitmap; at: number }): Promise<void> {
  if (!pipeline) {
    m.image.close();
    throw new Error("the camera worker has not started");
  }
  const t0 = performance.now();
  const image = await greyFromFrame(m.image);
  const greyMs = performance.now() - t0;
  const r = await pipeline.frame(image, m.at);
  scope.postMessage({ type: "frame", width: image.width, height: image.height, at: m.at, greyMs, ...r });
}

/** The roster changed (or a marker was given at the table): the second look follows it from the next frame. */
async function expected(m: { expected?: unknown }): Promise<void> {
  expectedNow = expectedIds(m.expected);
  pipeline?.expect(expectedNow);
}

scope.onmessage = (e) => {
  const m = e.data as { type?: string; expected?: unknown };
  if (m.type === "start") expectedNow = expectedIds(m.expected);
  const run = m.type === "start" ? start(m as never) : m.type === "frame" ? frame(m as never) : m.type === "expected" ? expected(m) : null;
  run?.catch((err: Error) => scope.postMessage({ type: "error", message: err.message }));
};
