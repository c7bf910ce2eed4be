/**
 * Rendered tables for the camera's tests, bench and demo: a scene is the truth (the playing area, every marker's
 * centre, heading and size) and the conditions it is seen in (the camera's pose, its lens, blur, noise, light, a
 * hand, a model over a marker's corner). `randomScene` draws one from a seed, so every failure can be replayed.
 */
import { radians } from "../../../src/geometry/vec.ts";
import { FIRST_SHIP_ID } from "../../camera/markers.ts";
import { seededRandom } from "../faults.ts";

/** A marker on the table: id, centre (mm), heading (degrees clockwise from +y: its top edge's way), side (mm). */
export interface SceneMarker {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  readonly heading: number;
  readonly size: number;
}

/** The camera above the table. */
export interface SceneCamera {
  readonly width: number;
  readonly height: number;
  /** Where the camera is (mm; z above the table). */
  readonly position: { readonly x: number; readonly y: number; readonly z: number };
  /** The point on the table it looks at. */
  readonly target: { readonly x: number; readonly y: number };
  /** Turn of the image about the view axis, degrees. */
  readonly roll: number;
  /** Brown radial coefficients on normalised coordinates (k1 < 0: barrel). */
  readonly k1: number;
  readonly k2: number;
  /** How much of the image the table's reference markers span (the focal length follows). */
  readonly fill: number;
  /**
   * Where the lens's axis meets the image (its principal point, about which it distorts), off the image's centre as
   * a fraction of the width and the height (default 0, 0: centred). A real webcam's is off by a percent or two.
   */
  readonly centre?: { readonly x: number; readonly y: number };
}

/** A hand above the table: palm centre (mm on the table), the way its fingers point (degrees), its scale. */
export interface SceneHand {
  readonly x: number;
  readonly y: number;
  readonly direction: number;
  readonly scale: number;
}

/** A model's hull lying over one corner of a marker: which marker, which corner (0–3), how deep (fraction). */
export interface SceneCover {
  readonly id: number;
  readonly corner: number;
  readonly depth: number;
}

export interface Scene {
  readonly area: { readonly width: number; readonly height: number };
  readonly markers: readonly SceneMarker[];
  readonly camera: SceneCamera;
  /** Gaussian blur, pixels (σ). */
  readonly blur: number;
  /** Gaussian noise, grey levels (σ). */
  readonly noise: number;
  /** Light: overall level (0–1), a linear gradient's strength and direction, the vignette's strength. */
  readonly light: { readonly level: number; readonly gradient: number; readonly angle: number; readonly vignette: number };
  readonly hand?: SceneHand;
  readonly covers: readonly SceneCover[];
  /** Seed of the noise. */
  readonly seed: number;
}

export interface RandomSceneOptions {
  readonly width: number;
  readonly height: number;
  readonly ships?: number;
  readonly area?: { readonly width: number; readonly height: number };
  readonly shipSize?: number;
  readonly referenceSize?: number;
  /** Include the edge markers 4–7 (default true). */
  readonly edges?: boolean;
  /** Add a hand and a covered corner (default true). */
  readonly occlusion?: boolean;
  /** The sensor's noise, grey levels σ (default: drawn between 1 and 6; a webcam in room light gives about 16). */
  readonly noise?: number;
  /** The lens's centre off the image's, fractions of the width and height (default centred; see `SceneCamera`). */
  readonly lensCentre?: { readonly x: number; readonly y: number };
}

/** The reference markers (corners, and edges unless told not) of an area, upright. */
export function referenceMarkers(area: { width: number; height: number }, size: number, edges = true): SceneMarker[] {
  const { width: w, height: h } = area;
  const at: [number, number][] = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
    ...(edges
      ? ([
          [w / 2, 0],
          [w, h / 2],
          [w / 2, h],
          [0, h / 2],
        ] as [number, number][])
      : []),
  ];
  return at.map(([x, y], id) => ({ id, x, y, heading: 0, size }));
}

/** A random scene: ships placed apart, a camera somewhat off straight above, a lens, light, blur, noise, a hand. */
export function randomScene(seed: number, o: RandomSceneOptions): Scene {
  const r = seededRandom(seed); // the same seed, the same scene
  const between = (a: number, b: number) => a + (b - a) * r();
  const area = o.area ?? { width: 1800, height: 1200 };
  const shipSize = o.shipSize ?? 50;
  const refs = referenceMarkers(area, o.referenceSize ?? 60, o.edges ?? true);
  const ships: SceneMarker[] = [];
  const clear = shipSize * 2.2;
  for (let tries = 0; ships.length < (o.ships ?? 24) && tries < 5000; tries++) {
    const x = between(60, area.width - 60);
    const y = between(60, area.height - 60);
    if ([...refs, ...ships].some((m) => Math.hypot(m.x - x, m.y - y) < clear + (m.size - shipSize))) continue;
    ships.push({ id: FIRST_SHIP_ID + ships.length, x, y, heading: between(0, 360), size: shipSize });
  }
  const target = { x: area.width / 2 + between(-60, 60), y: area.height / 2 + between(-60, 60) };
  const tilt = radians(between(0, 25));
  const away = between(0, 2 * Math.PI);
  const z = between(1300, 2000);
  const camera: SceneCamera = {
    width: o.width,
    height: o.height,
    position: { x: target.x + z * Math.tan(tilt) * Math.cos(away), y: target.y + z * Math.tan(tilt) * Math.sin(away), z },
    target,
    roll: between(-4, 4),
    k1: between(-0.25, 0.05),
    k2: between(-0.02, 0.06),
    fill: between(0.8, 0.94),
    ...(o.lensCentre ? { centre: o.lensCentre } : {}),
  };
  const occlusion = o.occlusion ?? true;
  const hand: SceneHand | undefined =
    occlusion && r() < 0.7
      ? { x: between(100, area.width - 100), y: between(100, area.height - 100), direction: between(0, 360), scale: between(0.8, 1.2) }
      : undefined;
  const covers: SceneCover[] =
    occlusion && ships.length > 0
      ? [{ id: (ships[Math.floor(r() * ships.length)] as SceneMarker).id, corner: Math.floor(r() * 4), depth: between(0.15, 0.45) }]
      : [];
  const blur = between(0.4, 1.4);
  const drawnNoise = between(1, 6);
  const light = { level: between(0.6, 1), gradient: between(0, 0.35), angle: between(0, 360), vignette: between(0, 0.35) };
  return {
    area,
    markers: [...refs, ...ships],
    camera,
    blur,
    noise: o.noise ?? drawnNoise, // drawn all the same, so a seed's light is the same at any noise
    light,
    ...(hand ? { hand } : {}),
    covers,
    seed,
  };
}
