/**
 * The /camera page's Web Worker (bundled by scripts/build.mjs into dist/host/public/camera-worker.js): OpenCV loaded
 * with `importScripts` from the host's /vendor/opencv.js, then each frame the page transfers (RGBA, as a canvas
 * gives it) goes through the same pipeline as in Node (`pipeline.ts`). Detection takes hundreds of milliseconds per
 * frame; in a worker the page's drawing and its socket never wait for it.
 *
 * Messages in: `{type: "start", opencv: URL, area, shipSize?, expected?}` (`expected`: the roster's marker ids, for the
 * second look; absent, any marker not found is looked for), `{type: "frame", width, height, rgba: ArrayBuffer,
 * at}`. Out: `{type: "ready", loadMs}`, `{type: "frame", width, height, at, …FrameResult}`, `{type: "error", message}`.
 */
import { greyFromRgba } from "./detector.ts";
import { openCvDetector, runtimeReady } from "./opencv-detector.ts";
import { CameraPipeline } from "./pipeline.ts";

interface WorkerScope {
  importScripts(...urls: string[]): void;
  postMessage(message: unknown): void;
  onmessage: ((e: { data: unknown }) => void) | null;
  // biome-ignore lint/suspicious/noExplicitAny: the OpenCV runtime the script sets on the global scope.
  cv?: any;
}

const scope = globalThis as unknown as WorkerScope;
let pipeline: CameraPipeline | null = null;

async function start(m: {
  opencv: string;
  area: { width: number; height: number };
  shipSize?: number;
  expected?: number[];
}): Promise<void> {
  const t0 = performance.now();
  if (!scope.cv) scope.importScripts(m.opencv);
  const cv = scope.cv;
  await runtimeReady(cv);
  pipeline?.close();
  pipeline = new CameraPipeline(await openCvDetector(cv), {
    area: m.area,
    ...(m.shipSize ? { shipSize: m.shipSize } : {}),
    ...(Array.isArray(m.expected) ? { expected: m.expected.filter((id) => Number.isInteger(id)).slice(0, 600) } : {}),
  });
  scope.postMessage({ type: "ready", loadMs: performance.now() - t0 });
}

async function frame(m: { width: number; height: number; rgba: ArrayBuffer; at: number }): Promise<void> {
  if (!pipeline) throw new Error("the camera worker has not started");
  const image = greyFromRgba(m.width, m.height, new Uint8ClampedArray(m.rgba));
  const r = await pipeline.frame(image, m.at);
  scope.postMessage({ type: "frame", width: m.width, height: m.height, at: m.at, ...r });
}

scope.onmessage = (e) => {
  const m = e.data as { type?: string };
  const run = m.type === "start" ? start(m as never) : m.type === "frame" ? frame(m as never) : null;
  run?.catch((err: Error) => scope.postMessage({ type: "error", message: err.message }));
};
