/**
 * The rendered camera's projection: where it stands and looks (position, target, roll), its focal length (chosen so
 * the reference markers fill the frame as the scene asks) and its lens (Brown's radial model, k1 and k2, which the
 * detector is not told) about its centre, which may be off the image's (`SceneCamera.centre`). Table mm →
 * distorted pixels, and back.
 */
import { radians } from "../../../src/geometry/vec.ts";
import type { Scene } from "./scene.ts";

type V3 = [number, number, number];
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: V3): V3 => {
  const n = Math.hypot(...a);
  return [a[0] / n, a[1] / n, a[2] / n];
};

/** The camera's projection: table mm → distorted pixels, and back. */
export class Projection {
  readonly #c: V3;
  readonly #x: V3;
  readonly #y: V3;
  readonly #z: V3;
  readonly focal: number;
  readonly #s: Scene["camera"];
  /** The lens's centre (principal point), pixels. */
  readonly #cx: number;
  readonly #cy: number;

  constructor(cam: Scene["camera"], reach: readonly { x: number; y: number }[]) {
    this.#s = cam;
    this.#c = [cam.position.x, cam.position.y, cam.position.z];
    const z = unit(sub([cam.target.x, cam.target.y, 0], this.#c));
    const north: V3 = [0, 1, 0];
    let y = unit(sub(north, [z[0] * dot(north, z), z[1] * dot(north, z), z[2] * dot(north, z)]).map((v) => -v) as V3);
    let x = cross(y, z);
    const rr = radians(cam.roll);
    [x, y] = [
      [x[0] * Math.cos(rr) + y[0] * Math.sin(rr), x[1] * Math.cos(rr) + y[1] * Math.sin(rr), x[2] * Math.cos(rr) + y[2] * Math.sin(rr)],
      [y[0] * Math.cos(rr) - x[0] * Math.sin(rr), y[1] * Math.cos(rr) - x[1] * Math.sin(rr), y[2] * Math.cos(rr) - x[2] * Math.sin(rr)],
    ];
    this.#x = x;
    this.#y = y;
    this.#z = z;
    this.#cx = cam.width / 2 + (cam.centre?.x ?? 0) * cam.width;
    this.#cy = cam.height / 2 + (cam.centre?.y ?? 0) * cam.height;
    // the focal length that fits the references in: room each way from the lens's centre, which may be off the image's
    let fx = Number.POSITIVE_INFINITY;
    let fy = Number.POSITIVE_INFINITY;
    for (const p of reach) {
      const [u, v] = this.#distort(this.#normalised(p.x, p.y));
      fx = Math.min(fx, (u > 0 ? cam.width - this.#cx : this.#cx) / Math.abs(u));
      fy = Math.min(fy, (v > 0 ? cam.height - this.#cy : this.#cy) / Math.abs(v));
    }
    this.focal = cam.fill * Math.min(fx, fy);
  }

  #normalised(X: number, Y: number): [number, number] {
    const d = sub([X, Y, 0], this.#c);
    const w = dot(d, this.#z);
    return [dot(d, this.#x) / w, dot(d, this.#y) / w];
  }

  #distort([x, y]: [number, number]): [number, number] {
    const r2 = x * x + y * y;
    const s = 1 + this.#s.k1 * r2 + this.#s.k2 * r2 * r2;
    return [x * s, y * s];
  }

  /** Table mm → pixel (distorted, as seen). */
  toPixel(X: number, Y: number): { x: number; y: number } {
    const [u, v] = this.#distort(this.#normalised(X, Y));
    return { x: this.#cx + this.focal * u, y: this.#cy + this.focal * v };
  }

  /** Pixel → table mm, through the lens (fixed-point inverse of Brown's model) and the ray to the table. */
  toTable(px: number, py: number, out: Float64Array): void {
    const xd = (px - this.#cx) / this.focal;
    const yd = (py - this.#cy) / this.focal;
    let x = xd;
    let y = yd;
    for (let i = 0; i < 6; i++) {
      const r2 = x * x + y * y;
      const s = 1 + this.#s.k1 * r2 + this.#s.k2 * r2 * r2;
      x = xd / s;
      y = yd / s;
    }
    const [cx, cy, cz] = this.#c;
    const dx = this.#x[0] * x + this.#y[0] * y + this.#z[0];
    const dy = this.#x[1] * x + this.#y[1] * y + this.#z[1];
    const dz = this.#x[2] * x + this.#y[2] * y + this.#z[2];
    const t = -cz / dz;
    out[0] = cx + t * dx;
    out[1] = cy + t * dy;
  }
}
