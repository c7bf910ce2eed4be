/**
 * The demo table seen by a camera that is not there (`GET /api/sim/camera-frame`, docs/camera.md "On the demo"): the
 * emulated table's models drawn as their markers (by the marker each ship carries), the reference markers, from one
 * fixed camera pose with a little perspective and barrel, light blur and noise, no hand — so /camera's worker can run
 * the whole chain (detect → measure → settle → the host) on the demo without a camera. A frame is rendered again
 * only when what it shows changed (a ship moved, another game): rendering takes about 0.2 s at 1280 × 720.
 */
import { radians } from "../../../src/geometry/vec.ts";
import type { MarkerCells } from "../../camera/marker-cells.ts";
import type { PlacedShip, SimCameraFrame, SimCameraView } from "../../family.ts";
import { type Rendered, renderScene } from "./render.ts";
import { referenceMarkers, type Scene, type SceneMarker } from "./scene.ts";

/** What the demo's camera is asked to show: the playing area, each ship's marker, the frame's size. */
export type DemoView = SimCameraView;

/**
 * The markers' sides on the demo table (mm): ship markers of 50 mm, above the 40 mm `quarterdeck markers` prints by
 * default, as docs/camera.md advises for a frame of 1080p or less (the demo's is 1280 × 720); references of 60 mm.
 */
export const DEMO_SHIP_MARKER = 50;
export const DEMO_REFERENCE_MARKER = 60;

/** The scene of the demo's camera: fixed pose (above the table's middle, tilted 8°), the models where they stand. */
export function demoScene(view: DemoView, models: readonly PlacedShip[]): Scene {
  const { area } = view;
  const at = new Map(models.map((m) => [m.ship, m]));
  const ships: SceneMarker[] = [];
  for (const s of view.ships) {
    const m = at.get(s.ship);
    if (m) ships.push({ id: s.marker, x: m.x, y: m.y, heading: m.heading, size: DEMO_SHIP_MARKER });
  }
  const target = { x: area.width / 2, y: area.height / 2 };
  const z = 1.1 * Math.max(area.width, area.height);
  const tilt = radians(8);
  return {
    area,
    markers: [...referenceMarkers(area, DEMO_REFERENCE_MARKER), ...ships],
    camera: {
      width: view.width,
      height: view.height,
      position: { x: target.x, y: target.y + z * Math.tan(tilt), z },
      target,
      roll: 1,
      k1: -0.06,
      k2: 0.01,
      fill: 0.9,
    },
    blur: 0.7,
    noise: 2,
    light: { level: 0.9, gradient: 0.12, angle: 30, vignette: 0.12 },
    covers: [],
    seed: 1,
  };
}

/** Renders the demo's camera frames, keeping the last: the same view of the same models is not rendered again. */
export class DemoCamera {
  #key = "";
  #frame: Promise<Rendered["image"]> | null = null;
  #version = 0;

  constructor(
    private readonly models: () => readonly PlacedShip[],
    private readonly cells: () => Promise<MarkerCells>,
  ) {}

  /** The frame of `view` now, and its version (a new one each time what it shows changed). */
  async frame(view: DemoView): Promise<SimCameraFrame> {
    const scene = demoScene(view, this.models());
    const key = JSON.stringify([view.width, view.height, scene.area, scene.markers]);
    if (key !== this.#key || !this.#frame) {
      this.#key = key;
      this.#version++;
      this.#frame = this.cells().then((cells) => renderScene(scene, cells).image);
      this.#frame.catch(() => {
        if (this.#key === key) this.#frame = null;
      });
    }
    const version = this.#version;
    const image = await this.#frame;
    return { width: image.width, height: image.height, data: image.data, version };
  }
}
