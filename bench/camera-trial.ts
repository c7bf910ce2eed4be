/**
 * One rendered frame measured against its truth: the accuracy bench's unit and the camera tests' helper. Each ship
 * marker is `found` (with its position and heading errors), `missing`, or `misplaced` (found out of tolerance).
 */
import type { MarkerDetector } from "../devices/camera/detector.ts";
import { FIRST_SHIP_ID } from "../devices/camera/markers.ts";
import { measureMarkers } from "../devices/camera/measure.ts";
import type { MarkerCells, Visibility } from "../devices/testing/camera/render.ts";
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
}

export interface Trial {
  readonly seed: number;
  readonly ok: boolean;
  readonly markers: readonly MarkerOutcome[];
  readonly renderMs: number;
  readonly detectMs: number;
  readonly fitRms: number;
}

/** Angle between two headings, degrees in [0, 180]. */
export function headingDifference(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/** Renders `scene`, detects and measures it, and scores every ship marker against the truth. */
export async function trial(scene: Scene, detector: MarkerDetector, cells: MarkerCells): Promise<Trial> {
  const t0 = performance.now();
  const r = renderScene(scene, cells);
  const t1 = performance.now();
  const found = await detector.detect(r.image);
  const t2 = performance.now();
  const m = measureMarkers(found, {
    area: scene.area,
    width: r.image.width,
    height: r.image.height,
    ...(detector.cells ? { refine: { image: r.image, cells: detector.cells } } : {}),
  });
  const markers: MarkerOutcome[] = [];
  for (const truth of scene.markers.filter((k) => k.id >= FIRST_SHIP_ID)) {
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
    });
  }
  return {
    seed: scene.seed,
    ok: m.ok,
    markers,
    renderMs: t1 - t0,
    detectMs: t2 - t1,
    fitRms: m.ok ? m.fit.rms : Number.NaN,
  };
}
