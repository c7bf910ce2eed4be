/**
 * The /camera page's Web Worker (bundled by scripts/build.mjs into dist/host/public/camera-worker.js): the AprilTag
 * library as WebAssembly (`apriltag-detector.ts`, 225 KB) loaded with `importScripts` from the host's
 * /vendor/apriltag.js, then each frame the page transfers (the camera's own
 * `VideoFrame`, or an `ImageBitmap` of the video where the browser has no track processor) is read here — its luma
 * plane copied, or drawn to this worker's canvas (`video-frame.ts`) — and goes through the same pipeline as in Node
 * (`pipeline.ts`). Reading the pixels and detecting take from tens of milliseconds to a second a frame; in a worker
 * the page's drawing and its socket never wait for either.
 *
 * Its messages, both ways, are declared in `worker-protocol.ts`; each one in is read there first, and a malformed one
 * is answered `{type: "error"}` in words (its frame, if it carried one, closed), never a crash.
 */
import { type AprilTagModule, aprilTagDetector, aprilTagOver } from "./apriltag-detector.ts";
import { CameraPipeline } from "./pipeline.ts";
import { greyFromFrame } from "./video-frame.ts";
import {
  type ExpectedMessage,
  type FrameMessage,
  type FromWorker,
  readToWorker,
  type StartMessage,
  strayImage,
  type ToWorker,
} from "./worker-protocol.ts";

interface WorkerScope {
  importScripts(...urls: string[]): void;
  postMessage(message: FromWorker): void;
  onmessage: ((e: { data: unknown }) => void) | null;
  /** The library's factory, which its script sets on the global scope (`createAprilTag`, build.sh's EXPORT_NAME). */
  createAprilTag?: () => Promise<AprilTagModule>;
}

// a dedicated worker's global scope: the one place the worker's own globals are named (the DOM's lib types the page's)
const scope = globalThis as unknown as WorkerScope;
let pipeline: CameraPipeline | null = null;
/** The ship markers expected, as last told (a start's, or an update that came while the library was still loading). */
let expectedNow: readonly number[] | null = null;

/** The library, started once per worker. */
let library: ReturnType<typeof aprilTagOver> | null = null;

async function start(m: StartMessage): Promise<void> {
  expectedNow = m.expected ?? null;
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

async function frame(m: FrameMessage): Promise<void> {
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
async function expected(m: ExpectedMessage): Promise<void> {
  expectedNow = m.expected;
  pipeline?.expect(expectedNow);
}

/** What a message asks, run. */
function run(m: ToWorker): Promise<void> {
  if (m.type === "start") return start(m);
  if (m.type === "frame") return frame(m);
  return expected(m);
}

scope.onmessage = (e) => {
  const read = readToWorker(e.data);
  if (!read.ok) {
    strayImage(e.data)?.close();
    scope.postMessage({ type: "error", message: `the camera worker refused a message: ${read.why}` });
    return;
  }
  run(read.message).catch((err: unknown) =>
    scope.postMessage({ type: "error", message: err instanceof Error ? err.message : String(err) }),
  );
};
