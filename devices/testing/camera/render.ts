/**
 * Draws a scene as the camera would see it: each pixel is traced back through the lens (Brown's radial model,
 * which the detector does not use: it fits its own one-parameter model) and the perspective to the table, where the
 * markers' AprilTag cells, the cloth, a model's hull and a hand are; pixels over a marker are sampled 2×2. Then the
 * light (gradient, vignette), a Gaussian blur and noise. Also says, for each marker, whether it is fully visible,
 * partly covered or hidden — the ground truth the accuracy claims are measured against.
 */

import { radians } from "../../../src/geometry/vec.ts";
import type { GreyImage } from "../../camera/detector.ts";
import type { MarkerCells } from "../../camera/marker-cells.ts";
import { PixelMap } from "./pixel-map.ts";
import { Projection } from "./projection.ts";
import type { Scene } from "./scene.ts";
import { gaussianBlur, withNoise } from "./sensor.ts";
import { local, PAPER, TableShading } from "./table-shading.ts";

export type { MarkerCells } from "../../camera/marker-cells.ts";
export { Projection } from "./projection.ts";
export { gaussianBlur } from "./sensor.ts";

/** How much of a marker (its paper, quiet zone included) the camera sees. */
export type Visibility = "visible" | "partial" | "hidden";

export interface Rendered {
  readonly image: GreyImage;
  readonly visibility: ReadonlyMap<number, Visibility>;
  /** Table (mm) → undistorted normalised image coordinates, and the focal length in pixels. */
  readonly focal: number;
}

/** Renders `scene`, the markers' cells from `cells`. */
export function renderScene(scene: Scene, cells: MarkerCells): Rendered {
  const cam = scene.camera;
  const reach = scene.markers
    .filter((m) => m.id < 10)
    .flatMap((m) => [local(m, -m.size, m.size), local(m, m.size, -m.size)].map(([x, y]) => ({ x, y })));
  const proj = new Projection(cam, reach);
  const table = new TableShading(scene, cells);
  const img = exposure(scene, new PixelMap(proj, cam.width, cam.height), table);
  const data = withNoise(gaussianBlur(img, cam.width, cam.height, scene.blur), scene.noise, scene.seed);
  return { image: { width: cam.width, height: cam.height, data }, visibility: visibilityOf(scene, proj, table.cover), focal: proj.focal };
}

/**
 * The light each pixel gets, 0–255 before blur and noise: the table's grey where the pixel looks (sampled 2×2
 * over a marker, whose cells are sharp-edged), under the scene's light (level, gradient, vignette).
 */
function exposure(scene: Scene, pixels: PixelMap, table: TableShading): Float32Array {
  const { width: W, height: H } = scene.camera;
  const at = pixels.point;
  const img = new Float32Array(W * H);
  const la = radians(scene.light.angle);
  const diag = Math.hypot(W, H) / 2;
  const sub = [0.25, 0.75];
  const { level, gradient, vignette } = scene.light;
  const cosA = Math.cos(la);
  for (let py = 0; py < H; py++) {
    const uy = (py - H / 2) / diag;
    const uySin = uy * Math.sin(la);
    const uy2 = uy * uy;
    for (let px = 0; px < W; px++) {
      pixels.at(px + 0.5, py + 0.5);
      const list = table.markersNear(at[0] as number, at[1] as number);
      let v: number;
      if (list && list.length > 0) {
        v = 0;
        for (const oy of sub) {
          for (const ox of sub) {
            pixels.at(px + ox, py + oy);
            v += table.shade(at[0] as number, at[1] as number, list);
          }
        }
        v /= 4;
      } else {
        v = table.shade(at[0] as number, at[1] as number, undefined);
      }
      const ux = (px - W / 2) / diag;
      const light = level * (1 + gradient * (ux * cosA + uySin)) * (1 - vignette * (ux * ux + uy2));
      img[py * W + px] = v * light * 255;
    }
  }
  return img;
}

/** Each marker's visibility: its paper sampled 9×9, each point tested against the occluders and the frame. */
function visibilityOf(scene: Scene, proj: Projection, cover: (X: number, Y: number) => number): Map<number, Visibility> {
  const out = new Map<number, Visibility>();
  for (const m of scene.markers) {
    let seen = 0;
    let total = 0;
    for (let i = 0; i < 9; i++) {
      for (let j = 0; j < 9; j++) {
        const half = (m.size * PAPER) / 2;
        const [X, Y] = local(m, -half + (i / 8) * 2 * half, -half + (j / 8) * 2 * half);
        const p = proj.toPixel(X, Y);
        const inFrame = p.x >= 2 && p.y >= 2 && p.x < scene.camera.width - 2 && p.y < scene.camera.height - 2;
        total++;
        if (inFrame && cover(X, Y) < 0) seen++;
      }
    }
    out.set(m.id, seen === total ? "visible" : seen === 0 ? "hidden" : "partial");
  }
  return out;
}
