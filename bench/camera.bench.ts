/**
 * The camera's accuracy bench: random rendered layouts (24 ships, the corner and edge markers, perspective, lens,
 * blur, noise, light, a hand, a model over a marker's corner) at 1920×1080 and 3840×2160, each measured against its
 * truth. `CAMERA_LAYOUTS` sets the layouts per resolution (default 100: 200 in all), `CAMERA_SIZES` the frames
 * (default `1920x1080,3840x2160`), `CAMERA_SHIP_MM` the ship markers' sides to compare (default 40, the printed size),
 * `CAMERA_FIRST_SEED` the first layout's seed (default 1: seeds first … first + layouts − 1). Rendering in
 * plain JavaScript takes most of the time: `CAMERA_CACHE=DIR` keeps each rendered frame there, so a second run
 * (another detector setting) measures the same frames without rendering them again. `CAMERA_SECOND_LOOK=0` measures
 * without the second look (devices/camera/second-look.ts) or the further looks, `CAMERA_FURTHER_LOOK=0` without the
 * further looks (devices/camera/further-look.ts), for comparison; `CAMERA_THRESHOLD_C=N` sets the first look's
 * adaptive-threshold constant (default OpenCV's 7), `CAMERA_PERIMETER_RATE=R` OpenCV's `minMarkerPerimeterRate`
 * (default: the detector's own for the frame, `minPerimeterRate`; 0.03 is OpenCV's default, which missed small
 * markers at 4K). `CAMERA_NOISE=σ` renders every layout with that noise (grey levels; a webcam's is about 16, the
 * layouts' own 1–6), `CAMERA_LENS_CENTRE=x,y` with the lens's centre that far off the image's (fractions of its
 * width and height, e.g. `0.03,0.02`).
 */
import { openCvDetector } from "../devices/camera/opencv-detector.ts";
import { loadOpenCv } from "../devices/camera/opencv-node.ts";
import { tagCells } from "../devices/testing/camera/cells.ts";
import { randomScene } from "../devices/testing/camera/scene.ts";
import { TALLY_HEADER, tally, tallyRow } from "./camera-score.ts";
import { type Trial, trial } from "./camera-trial.ts";

export async function run(): Promise<string> {
  const per = Number(process.env.CAMERA_LAYOUTS ?? 100);
  const first = Number(process.env.CAMERA_FIRST_SEED ?? 1);
  const { cv } = await loadOpenCv();
  const constant = process.env.CAMERA_THRESHOLD_C;
  const rate = process.env.CAMERA_PERIMETER_RATE;
  const detector = await openCvDetector(cv, {
    ...(constant ? { thresholdConstant: Number(constant) } : {}),
    ...(rate ? { perimeterRate: Number(rate) } : {}),
  });
  const cells = tagCells(cv);
  const options = {
    secondLook: process.env.CAMERA_SECOND_LOOK !== "0",
    furtherLook: process.env.CAMERA_FURTHER_LOOK !== "0",
    ...(process.env.CAMERA_CACHE ? { cacheDir: process.env.CAMERA_CACHE } : {}),
  };
  const rows: string[] = [];
  const sizes = (process.env.CAMERA_SIZES ?? "1920x1080,3840x2160").split(",").map((s) => s.split("x").map(Number) as [number, number]);
  const shipMms = (process.env.CAMERA_SHIP_MM ?? "40").split(",").map(Number);
  const noise = process.env.CAMERA_NOISE ? { noise: Number(process.env.CAMERA_NOISE) } : {};
  const [cx, cy] = (process.env.CAMERA_LENS_CENTRE ?? "").split(",").map(Number);
  const lens = cx !== undefined && cy !== undefined && Number.isFinite(cx) && Number.isFinite(cy) ? { lensCentre: { x: cx, y: cy } } : {};
  for (const [width, height] of sizes) {
    for (const shipSize of shipMms) {
      const trials: Trial[] = [];
      for (let seed = first; seed < first + per; seed++) {
        const t = await trial(randomScene(seed, { width, height, shipSize, ...noise, ...lens }), detector, cells, options);
        trials.push(t);
        // progress on stderr, and any marker out of tolerance with its seed so it can be replayed
        const off = t.markers.filter((m) => m.result === "misplaced" || (m.visibility === "visible" && m.result === "missing"));
        process.stderr.write(
          `${width}x${height} ${shipSize} mm seed ${seed}${t.ok ? "" : ` (${t.failure})`}: ${off.map((m) => `${m.id} ${m.visibility} ${m.result} ${m.positionError?.toFixed(2) ?? ""} ${m.headingError?.toFixed(2) ?? ""}`).join("; ") || "all visible within tolerance"}${
            t.secondMs > 0
              ? ` [second look ${t.secondMs.toFixed(0)} ms: ${
                  t.markers
                    .filter((m) => m.second)
                    .map((m) => m.id)
                    .join(", ") || "none"
                }]`
              : ""
          }${
            t.furtherMs > 0
              ? ` [further look ${t.furtherMs.toFixed(0)} ms: ${
                  t.markers
                    .filter((m) => m.further)
                    .map((m) => m.id)
                    .join(", ") || "none"
                }]`
              : ""
          }\n`,
        );
      }
      const t = tally(trials);
      const label = shipMms.length > 1 ? `${width}×${height}, ships ${shipSize} mm` : `${width}×${height}`;
      rows.push(tallyRow(label, t));
      if (t.failedFrames > 0) rows.push(`\n${t.failedFrames} frame(s) at ${label} had too few reference markers.`);
    }
  }
  detector.close();
  return [
    `Ship markers ${shipMms.join(" / ")} mm, reference markers 60 mm, table 1800 × 1200 mm; tolerance ±2 mm, ±1°${
      "noise" in noise ? `; noise σ ${noise.noise}` : ""
    }${"lensCentre" in lens ? `; the lens's centre off the image's by ${process.env.CAMERA_LENS_CENTRE}` : ""}; seeds ${first}–${first + per - 1}.`,
    "",
    TALLY_HEADER,
    ...rows,
  ].join("\n");
}
