/**
 * One rendered frame measured against its truth: the accuracy bench's unit and the camera tests' helper. Each ship
 * marker is `found` (with its position and heading errors), `missing`, or `misplaced` (found out of tolerance).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MarkerDetector } from "../devices/camera/detector.ts";
import { MarkerFinder } from "../devices/camera/find-markers.ts";
import { FIRST_SHIP_ID } from "../devices/camera/markers.ts";
import { measureMarkers } from "../devices/camera/measure.ts";
import type { MarkerCells, Rendered, Visibility } from "../devices/testing/camera/render.ts";
import { renderScene } from "../devices/testing/camera/render.ts";
import type { Scene } from "../devices/testing/camera/scene.ts";

export const POSITION_TOLERANCE_MM = 2;
export const HEADING_TOLERANCE_DEG = 1;

export interface MarkerOutcome {
  readonly id: number;
  readonly visibility: Visibility;
  readonly result: "found" | "missing" | "misplaced";
  readonly positionError?: number;
  readonly headingError?: number;
  readonly uncertainty?: number;
  /** Found by the second look (`devices/camera/second-look.ts`). */
  readonly second?: boolean;
  /** Found by a further look (`devices/camera/further-look.ts`). */
  readonly further?: boolean;
}

export interface Trial {
  readonly seed: number;
  readonly ok: boolean;
  readonly markers: readonly MarkerOutcome[];
  readonly renderMs: number;
  readonly detectMs: number;
  /** The second look's share of `detectMs` (0 when it did not run). */
  readonly secondMs: number;
  /** The further looks' share of `detectMs` (0 when they did not run). */
  readonly furtherMs: number;
  readonly fitRms: number;
  /** The refusal's words when the frame could not be measured. */
  readonly failure?: string;
}

export interface TrialOptions {
  /** Look again for expected markers the detector missed (default true). */
  readonly secondLook?: boolean;
  /** And look further, with other threshold settings, for those still missing (default true). */
  readonly furtherLook?: boolean;
  /** A folder where rendered frames are kept, so a layout is rendered once across runs. */
  readonly cacheDir?: string;
}

/** Angle between two headings, degrees in [0, 180]. */
export function headingDifference(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/** Renders `scene` (or reads it from the cache), detects and measures it, and scores every ship marker against the truth. */
export async function trial(scene: Scene, detector: MarkerDetector, cells: MarkerCells, o: TrialOptions = {}): Promise<Trial> {
  const t0 = performance.now();
  const r = rendered(scene, cells, o.cacheDir);
  const t1 = performance.now();
  const ships = scene.markers.filter((k) => k.id >= FIRST_SHIP_ID);
  const finder = new MarkerFinder(detector, { expected: ships.map((k) => k.id) });
  const look =
    o.secondLook === false
      ? { markers: await detector.detect(r.image), second: [] as number[], secondMs: 0, further: [] as number[], furtherMs: 0 }
      : await finder.find(r.image, undefined, o.furtherLook === false ? "none" : "frame");
  const t2 = performance.now();
  const m = measureMarkers(look.markers, {
    area: scene.area,
    width: r.image.width,
    height: r.image.height,
    ...(detector.cells ? { refine: { image: r.image, cells: detector.cells } } : {}),
  });
  const markers: MarkerOutcome[] = [];
  for (const truth of ships) {
    const visibility = r.visibility.get(truth.id) ?? "hidden";
    const pose = m.ok ? m.markers.find((p) => p.id === truth.id) : undefined;
    if (!pose) {
      markers.push({ id: truth.id, visibility, result: "missing" });
      continue;
    }
    const positionError = Math.hypot(pose.x - truth.x, pose.y - truth.y);
    const headingError = headingDifference(pose.heading, truth.heading);
    const within = positionError <= POSITION_TOLERANCE_MM && headingError <= HEADING_TOLERANCE_DEG;
    markers.push({
      id: truth.id,
      visibility,
      result: within ? "found" : "misplaced",
      positionError,
      headingError,
      uncertainty: pose.uncertainty,
      ...(look.second.includes(truth.id) ? { second: true } : {}),
      ...(look.further.includes(truth.id) ? { further: true } : {}),
    });
  }
  return {
    seed: scene.seed,
    ok: m.ok,
    markers,
    renderMs: t1 - t0,
    detectMs: t2 - t1,
    secondMs: look.secondMs,
    furtherMs: look.furtherMs,
    fitRms: m.ok ? m.fit.rms : Number.NaN,
    ...(m.ok ? {} : { failure: m.message }),
  };
}

/** The frame and the markers' visibility, rendered or read back from `cacheDir`. */
function rendered(scene: Scene, cells: MarkerCells, cacheDir: string | undefined): Pick<Rendered, "image" | "visibility"> {
  if (!cacheDir) return renderScene(scene, cells);
  const { width, height } = scene.camera;
  const centre = scene.camera.centre ? `-centre${scene.camera.centre.x},${scene.camera.centre.y}` : "";
  const base = join(
    cacheDir,
    `${width}x${height}-${scene.markers.find((m) => m.id >= FIRST_SHIP_ID)?.size ?? 0}mm-${scene.seed}-noise${scene.noise.toFixed(2)}${centre}`,
  );
  if (existsSync(`${base}.json`)) {
    const visibility = new Map<number, Visibility>(JSON.parse(readFileSync(`${base}.json`, "utf8")) as [number, Visibility][]);
    return { image: { width, height, data: new Uint8Array(readFileSync(`${base}.grey`)) }, visibility };
  }
  const r = renderScene(scene, cells);
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(`${base}.grey`, r.image.data);
  writeFileSync(`${base}.json`, JSON.stringify([...r.visibility]));
  return r;
}
