/**
 * How fast the camera measures, in Node, at 1920×1080 and 3840×2160 on frames with a webcam's noise (σ 16,
 * `CAMERA_SPEED_NOISE`; 0: the renderer's own 1–6), 24 ships, seed 3:
 * - **`quarterdeck camera measure`** end to end, as a person runs it: the compiled host (`bin/quarterdeck.mjs`, so
 *   `npm run build` first) started afresh for each PNG, its wall time — start-up, reading the PNG, finding, fitting
 *   — median of `CAMERA_SPEED_RUNS` (default 5). Issue 40's Done-when figure (≤ 1 s at 1080p, ≤ 3 s at 4K) is printed
 *   in one line.
 * - **the camera's pipeline** (`CameraPipeline`, what /camera's worker runs) over a loop of 30 frames in which six
 *   ships move all the time, each frame its own noise: its CPU time a frame (the detector, the fits, settling).
 * /camera's own frames a second in chromium: `npm run bench camera-page`. Figures, never asserted; each line says
 * the load average it ran under.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { PNG } from "pngjs";
import { aprilTagDetector } from "../devices/camera/apriltag-detector.ts";
import { loadAprilTag } from "../devices/camera/apriltag-node.ts";
import type { GreyImage } from "../devices/camera/detector.ts";
import { officialCells } from "../devices/camera/marker-cells.ts";
import { CameraPipeline } from "../devices/camera/pipeline.ts";
import { renderScene } from "../devices/testing/camera/render.ts";
import { randomScene, type Scene } from "../devices/testing/camera/scene.ts";
import { between } from "../devices/testing/camera/video.ts";
import { quantile } from "./stats.ts";

const SIZES = [
  [1920, 1080],
  [3840, 2160],
] as const;

/** Issue 40's limits for `camera measure`, seconds a photo, start-up included. */
const LIMIT_S: Record<number, number> = { 1920: 1, 3840: 3 };

const load = () => (loadavg()[0] ?? 0).toFixed(1);

function writePng(file: string, img: GreyImage): void {
  const png = new PNG({ width: img.width, height: img.height });
  img.data.forEach((v, i) => {
    png.data.set([v, v, v, 255], i * 4);
  });
  writeFileSync(file, PNG.sync.write(png));
}

/** GNU time, when the machine has it: the child's own CPU seconds, which the machine's load does not inflate. */
const GNU_TIME = "/usr/bin/time";

/**
 * Wall seconds of `quarterdeck camera measure` on `file`, each run a fresh process, and its CPU seconds (user +
 * system, through GNU time when there); and how many ships it placed.
 */
function measureCli(file: string, area: Scene["area"], runs: number, dir: string): { seconds: number[]; cpu: number[]; placed: number } {
  const bin = join(import.meta.dirname, "..", "bin", "quarterdeck.mjs");
  const seconds: number[] = [];
  const cpu: number[] = [];
  const timed = existsSync(GNU_TIME);
  const usage = join(dir, "usage.txt");
  let placed = 0;
  for (let i = 0; i < runs; i++) {
    const args = [bin, "camera", "measure", file, "--area", `${area.width}x${area.height}`, "--json"];
    const t0 = performance.now();
    const r = timed
      ? spawnSync(GNU_TIME, ["-f", "%U %S", "-o", usage, process.execPath, ...args], { encoding: "utf8" })
      : spawnSync(process.execPath, args, { encoding: "utf8" });
    seconds.push((performance.now() - t0) / 1000);
    if (r.status !== 0) throw new Error(`camera measure exited ${r.status}: ${r.stdout}${r.stderr}`);
    if (timed)
      cpu.push(
        readFileSync(usage, "utf8")
          .trim()
          .split(/\s+/)
          .map(Number)
          .reduce((a, b) => a + b, 0),
      );
    placed = (JSON.parse(r.stdout) as { markers: unknown[] }).markers.length;
  }
  return { seconds, cpu, placed };
}

/** Six ships of the scene going 150 mm out and back, turning 40°, over `frames` frames, each frame its own noise. */
function shuttle(scene: Scene, frames: number): GreyImage[] {
  const cells = officialCells();
  const to = scene.markers
    .filter((m) => m.id >= 10)
    .slice(0, 6)
    .map((m) => {
      const a = (m.heading * Math.PI) / 180;
      const clamp = (v: number, hi: number) => Math.min(hi - 80, Math.max(80, v));
      return {
        ...m,
        x: clamp(m.x + 150 * Math.sin(a), scene.area.width),
        y: clamp(m.y - 150 * Math.cos(a), scene.area.height),
        heading: m.heading + 40,
      };
    });
  const half = frames / 2;
  return Array.from({ length: frames }, (_, i) => {
    const s = between(scene, to, i < half ? i / half : (frames - i) / half);
    return renderScene({ ...s, seed: s.seed + i }, cells).image;
  });
}

/** CPU milliseconds a frame of the pipeline over the loop (the loop once to warm up, then twice counted). */
async function pipelineCpu(scene: Scene, frames: readonly GreyImage[]): Promise<number[]> {
  const pipeline = new CameraPipeline(aprilTagDetector(await loadAprilTag()), {
    area: scene.area,
    expected: scene.markers.filter((m) => m.id >= 10).map((m) => m.id),
  });
  const out: number[] = [];
  let at = 0;
  for (let loop = 0; loop < 3; loop++) {
    for (const f of frames) {
      at += 33;
      const c0 = process.cpuUsage();
      await pipeline.frame(f, at);
      const c = process.cpuUsage(c0);
      if (loop > 0) out.push((c.user + c.system) / 1000);
    }
  }
  pipeline.close();
  return out;
}

export async function run(): Promise<string> {
  const runs = Number(process.env.CAMERA_SPEED_RUNS ?? 5);
  const noise = Number(process.env.CAMERA_SPEED_NOISE ?? 16);
  const built = existsSync(join(import.meta.dirname, "..", "dist", "host", "cli", "entry.js"));
  const dir = mkdtempSync(join(tmpdir(), "qd-camera-speed-"));
  const rows: string[] = [];
  const verdicts: string[] = [];
  try {
    for (const [width, height] of SIZES) {
      const scene = randomScene(3, { width, height, occlusion: false, ...(noise ? { noise } : {}) });
      const frames = shuttle(scene, 30);
      const l0 = load();
      const cpu = await pipelineCpu(scene, frames);
      let cli = "— (not built: npm run build)";
      if (built) {
        const file = join(dir, `table-${width}.png`);
        writePng(file, frames[0] as GreyImage);
        const { seconds, cpu: used, placed } = measureCli(file, scene.area, runs, dir);
        const s = quantile(seconds, 0.5);
        const cpuText = used.length ? `, CPU ${quantile(used, 0.5).toFixed(2)} s` : "";
        cli = `${s.toFixed(2)} s (worst ${Math.max(...seconds).toFixed(2)}${cpuText}; ${placed} ships placed)`;
        const limit = LIMIT_S[width] as number;
        verdicts.push(`${width}×${height}: ${s.toFixed(2)} s wall${cpuText}, ${s <= limit ? "holds" : "does not hold"} (≤ ${limit} s)`);
      }
      rows.push(`| ${width}×${height} | ${cli} | ${quantile(cpu, 0.5).toFixed(0)} / ${quantile(cpu, 0.9).toFixed(0)} | ${l0}–${load()} |`);
      console.error(rows.at(-1));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return [
    `Frames with noise σ ${noise || "1–6"}; \`camera measure\`: median of ${runs} fresh processes; the pipeline: 30 frames, six ships moving, counted twice after one loop.`,
    "",
    "| Frame | `camera measure` wall, start-up included | Pipeline CPU a frame (ms, median / p90) | Load average |",
    "|---|---|---|---|",
    ...rows,
    "",
    `**Done when \`camera measure\` ≤ 1 s per 1080p image and ≤ 3 s at 4K: ${verdicts.length ? verdicts.join("; ") : "not measured (npm run build first)"} — load average ${load()}.**`,
  ].join("\n");
}
