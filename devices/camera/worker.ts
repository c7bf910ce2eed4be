/**
 * The /camera page's Web Worker (bundled by scripts/build.mjs into dist/host/public/camera-worker.js): the AprilTag
 * library as WebAssembly (`apriltag-detector.ts`, 225 KB) loaded with `importScripts` from the host's
 * /vendor/apriltag.js, then each frame the page transfers (the camera's own
 * `VideoFrame`, or an `ImageBitmap` of the video where the browser has no track processor) is read here — its luma
 * plane copied, or drawn to this worker's canvas (`video-frame.ts`) — and goes through the same pipeline as in Node
 * (`pipeline.ts`). Reading the pixels and detecting take from tens of milliseconds to a second a frame; in a worker
 * the page's drawing and its socket never wait for either.
 *
 * Messages in: `{type: "start", apriltag: URL, area, shipSize?, expected?}` (`expected`: the roster's marker ids, for the
 * second look; absent, any marker not found is looked for), `{type: "expected", expected: number[] | null}` (the roster
 * or a ship's marker changed; `null` while the table waits for a marker to be shown: any is looked for),
 * `{type: "frame", image: VideoFrame | ImageBitmap, at}`.
 * Out: `{type: "ready", loadMs}`, `{type: "frame", width, height, at, greyMs, …FrameResult}`,
 * `{type: "error", message}`.
 */
import { type AprilTagModule, aprilTagDetector, aprilTagOver } from "./apriltag-detector.ts";
import { CameraPipeline, expectedIds } from "./pipeline.ts";
import { greyFromFrame } from "./video-frame.ts";

interface WorkerScope {
  importScripts(...urls: string[]): void;
  postMessage(message: unknown): void;
  onmessage: ((e: { data: unknown }) => void) | null;
  /** The library's factory, which its script sets on the global scope (`createAprilTag`, build.sh's EXPORT_NAME). */
  createAprilTag?: () => Promise<AprilTagModule>;
}

const scope = globalThis as unknown as WorkerScope;
let pipeline: CameraPipeline | null = null;
/** The ship markers expected, as last told (a start's, or an update that came while the library was still loading). */
let expectedNow: number[] | null = null;

/** The library, started once per worker. */
let library: ReturnType<typeof aprilTagOver> | null = null;

async function start(m: { apriltag: string; area: { width: number; height: number }; shipSize?: number }): Promise<void> {
  const t0 = performance.now();
  if (!scope.createAprilTag) scope.importScripts(m.apriltag);
  if (!scope.createAprilTag) throw new Error(`${m.apriltag} did not give the AprilTag library`);
  library ??= aprilTagOver(await scope.createAprilTag());
  pipeline?.close();
  pipeline = new CameraPipeline(aprilTagDetector(library), {
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
