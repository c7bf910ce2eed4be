/**
 * How fast the camera detects, at 1920×1080 and 3840×2160: in Node (the detector alone, then the whole frame:
 * detect, fit, place, settle — `CameraPipeline`), and in chromium's Web Worker on /camera, fed by chromium's fake
 * camera a rendered still table (`--use-file-for-fake-video-capture`): the worker's own detection time per frame and
 * the page's frames per second (grabbing the frame, its transfer and grey conversion included), with one worker and
 * with two workers on alternate frames (`/camera?workers=N`). `CAMERA_SPEED_RUNS`
 * sets the Node runs (default 8) and the worker's frames (the same). Figures, never asserted; the machine is shared.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openCvDetector } from "../devices/camera/opencv-detector.ts";
import { loadOpenCv } from "../devices/camera/opencv-node.ts";
import { CameraPipeline } from "../devices/camera/pipeline.ts";
import { tagCells } from "../devices/testing/camera/cells.ts";
import { renderScene } from "../devices/testing/camera/render.ts";
import { randomScene } from "../devices/testing/camera/scene.ts";
import { writeMovingVideo } from "../devices/testing/camera/video.ts";
import { fakeCameraArgs } from "../test/browser/chromium-args.ts";
import { freshDataDir, launchChromium, startHost } from "../test/browser/harness.ts";
import { quantile, timeCalls } from "./stats.ts";

const SIZES = [
  [1920, 1080],
  [3840, 2160],
] as const;

/** The page's ways of running: how many workers (a frame goes to whichever is free). */
const PAGE_WORKERS = [1, 2] as const;

const f0 = (v: number) => v.toFixed(0);
const f1 = (v: number) => v.toFixed(1);

async function inWorker(
  video: string,
  res: string,
  frames: number,
  workers: number,
): Promise<{ detectMs: number; fps: number; size: string }> {
  const host = await startHost(freshDataDir());
  const browser = await launchChromium(fakeCameraArgs(video));
  try {
    const page = await browser.newPage();
    await page.goto(`${host.url}/camera?res=${res}&workers=${workers}`);
    const stats = page.locator(".camera-stats");
    await page.waitForFunction((n) => Number(document.querySelector(".camera-stats")?.getAttribute("data-frames")) >= n, frames, {
      timeout: 600_000,
      polling: 500,
    });
    return {
      detectMs: Number(await stats.getAttribute("data-detect-ms")),
      fps: Number(await stats.getAttribute("data-fps")),
      size: String(await stats.getAttribute("data-size")),
    };
  } finally {
    await browser.close();
    await host.stop();
  }
}

export async function run(): Promise<string> {
  const runs = Number(process.env.CAMERA_SPEED_RUNS ?? 8);
  const { cv } = await loadOpenCv();
  const cells = tagCells(cv);
  const dir = mkdtempSync(join(tmpdir(), "qd-camera-speed-"));
  const rows: string[] = [];
  for (const [width, height] of SIZES) {
    const scene = randomScene(3, { width, height, occlusion: false });
    const image = renderScene(scene, cells).image;
    const detector = await openCvDetector(cv);
    const detect = await timeCalls(() => detector.detect(image), runs, 1);
    const pipeline = new CameraPipeline(await openCvDetector(cv), { area: scene.area });
    let at = 0;
    const whole = await timeCalls(
      () => {
        at += 300;
        return pipeline.frame(image, at);
      },
      runs,
      1,
    );
    detector.close();
    pipeline.close();
    const video = join(dir, `still-${width}.y4m`);
    writeMovingVideo(video, { scene, to: [], moving: 0, still: 4, fps: 5 }, cells);
    const page = [];
    for (const workers of PAGE_WORKERS) page.push(await inWorker(video, `${width}x${height}`, runs, workers));
    rows.push(
      `| ${width}×${height} | ${f0(quantile(detect, 0.5))} | ${f0(quantile(whole, 0.5))} | ${f1(1000 / quantile(whole, 0.5))} | ${page[0]?.size.replace("x", "×")} | ${page.map((p) => `${f0(p.detectMs)} | ${f1(p.fps)}`).join(" | ")} |`,
    );
  }
  return [
    "Median over the runs; the workers' detection is the mean of the last 20 frames, the page's frames per second over the last 10.",
    "",
    "| Frame | Node: detect (ms) | Node: whole frame (ms) | Node: frames/s | Page: frame | 1 worker: detect (ms) | frames/s | 2 workers: detect (ms) | frames/s |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}
