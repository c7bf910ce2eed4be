/**
 * The camera's accuracy bench: random rendered layouts (24 ships, the corner and edge markers, perspective, lens,
 * blur, noise, light, a hand, a model over a marker's corner) at 1920×1080 and 3840×2160, each measured against its
 * truth. `CAMERA_LAYOUTS` sets the layouts per resolution (default 100: 200 in all). Rendering in plain JavaScript
 * takes most of the time.
 */
import { openCvDetector } from "../devices/camera/opencv-detector.ts";
import { loadOpenCv } from "../devices/camera/opencv-node.ts";
import { openCvCells } from "../devices/testing/camera/cells.ts";
import { randomScene } from "../devices/testing/camera/scene.ts";
import { TALLY_HEADER, tally, tallyRow } from "./camera-score.ts";
import { type Trial, trial } from "./camera-trial.ts";

export async function run(): Promise<string> {
  const per = Number(process.env.CAMERA_LAYOUTS ?? 100);
  const { cv } = await loadOpenCv();
  const detector = await openCvDetector(cv);
  const cells = openCvCells(cv);
  const rows: string[] = [];
  for (const [width, height] of [
    [1920, 1080],
    [3840, 2160],
  ] as const) {
    const trials: Trial[] = [];
    for (let seed = 1; seed <= per; seed++) {
      trials.push(await trial(randomScene(seed, { width, height }), detector, cells));
    }
    const t = tally(trials);
    rows.push(tallyRow(`${width}×${height}`, t));
    if (t.failedFrames > 0) rows.push(`\n${t.failedFrames} frame(s) at ${width}×${height} had too few reference markers.`);
  }
  detector.close();
  return ["Ship markers 50 mm, reference markers 60 mm, table 1800 × 1200 mm; tolerance ±2 mm, ±1°.", "", TALLY_HEADER, ...rows].join("\n");
}
