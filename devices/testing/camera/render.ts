/**
 * Draws a scene as the camera would see it: each pixel is traced back through the lens (Brown's radial model,
 * which the detector does not use: it fits its own one-parameter model) and the perspective to the table, where the
 * markers' AprilTag cells, the cloth, a model's hull and a hand are; pixels over a marker are sampled 2×2. Then the
 * light (gradient, vignette), a Gaussian blur and noise. Also says, for each marker, whether it is fully visible,
 * partly covered or hidden — the ground truth the accuracy claims are measured against.
 */

import type { GreyImage } from "../../camera/detector.ts";
import type { MarkerCells } from "../../camera/marker-cells.ts";
import { seededRandom } from "../faults.ts";
import type { Scene, SceneMarker } from "./scene.ts";

export type { MarkerCells } from "../../camera/marker-cells.ts";

/** How much of a marker (its paper, quiet zone included) the camera sees. */
export type Visibility = "visible" | "partial" | "hidden";

export interface Rendered {
  readonly image: GreyImage;
  readonly visibility: ReadonlyMap<number, Visibility>;
  /** Table (mm) → undistorted normalised image coordinates, and the focal length in pixels. */
  readonly focal: number;
}

type V3 = [number, number, number];
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: V3): V3 => {
  const n = Math.hypot(...a);
  return [a[0] / n, a[1] / n, a[2] / n];
};

/** The paper around a marker is one cell wider on each side than the marker (its quiet zone). */
const PAPER = 10 / 8;

/** The camera's projection: table mm → distorted pixels, and back. */
export class Projection {
  readonly #c: V3;
  readonly #x: V3;
  readonly #y: V3;
  readonly #z: V3;
  readonly focal: number;
  readonly #s: Scene["camera"];

  constructor(cam: Scene["camera"], reach: readonly { x: number; y: number }[]) {
    this.#s = cam;
    this.#c = [cam.position.x, cam.position.y, cam.position.z];
    const z = unit(sub([cam.target.x, cam.target.y, 0], this.#c));
    const north: V3 = [0, 1, 0];
    let y = unit(sub(north, [z[0] * dot(north, z), z[1] * dot(north, z), z[2] * dot(north, z)]).map((v) => -v) as V3);
    let x = cross(y, z);
    const rr = (cam.roll * Math.PI) / 180;
    [x, y] = [
      [x[0] * Math.cos(rr) + y[0] * Math.sin(rr), x[1] * Math.cos(rr) + y[1] * Math.sin(rr), x[2] * Math.cos(rr) + y[2] * Math.sin(rr)],
      [y[0] * Math.cos(rr) - x[0] * Math.sin(rr), y[1] * Math.cos(rr) - x[1] * Math.sin(rr), y[2] * Math.cos(rr) - x[2] * Math.sin(rr)],
    ];
    this.#x = x;
    this.#y = y;
    this.#z = z;
    let fx = Number.POSITIVE_INFINITY;
    let fy = Number.POSITIVE_INFINITY;
    for (const p of reach) {
      const [u, v] = this.#distort(this.#normalised(p.x, p.y));
      fx = Math.min(fx, cam.width / 2 / Math.abs(u));
      fy = Math.min(fy, cam.height / 2 / Math.abs(v));
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
    return { x: this.#s.width / 2 + this.focal * u, y: this.#s.height / 2 + this.focal * v };
  }

  /** Pixel → table mm, through the lens (fixed-point inverse of Brown's model) and the ray to the table. */
  toTable(px: number, py: number, out: Float64Array): void {
    const xd = (px - this.#s.width / 2) / this.focal;
    const yd = (py - this.#s.height / 2) / this.focal;
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

/** What covers the table at a point above the markers: a hand, a model's hull. Grey level or -1. */
function occluder(scene: Scene): (X: number, Y: number) => number {
  const discs: [number, number, number][] = [];
  const capsules: [number, number, number, number, number][] = [];
  const h = scene.hand;
  if (h) {
    const a = (h.direction * Math.PI) / 180;
    const fx = Math.sin(a);
    const fy = Math.cos(a);
    const s = h.scale;
    discs.push([h.x, h.y, 45 * s]);
    for (let f = -1.5; f <= 1.5; f++) {
      const bx = h.x + fx * 35 * s - fy * f * 20 * s;
      const by = h.y + fy * 35 * s + fx * f * 20 * s;
      capsules.push([bx, by, bx + fx * 70 * s, by + fy * 70 * s, 9 * s]);
    }
    capsules.push([h.x, h.y, h.x - fx * 500, h.y - fy * 500, 40 * s]);
  }
  const hulls: [number, number, number][] = [];
  for (const c of scene.covers) {
    const m = scene.markers.find((k) => k.id === c.id);
    if (!m) continue;
    const [lx, ly] = [
      [-1, 1],
      [1, 1],
      [1, -1],
      [-1, -1],
    ][c.corner] as [number, number];
    const [X, Y] = local(m, (lx * m.size) / 2, (ly * m.size) / 2);
    hulls.push([X, Y, c.depth * m.size * 1.4]);
  }
  if (discs.length === 0 && capsules.length === 0 && hulls.length === 0) return () => -1;
  return (X, Y) => {
    for (const [cx, cy, r] of discs) if ((X - cx) ** 2 + (Y - cy) ** 2 < r * r) return 0.68;
    for (const [ax, ay, bx, by, r] of capsules) {
      const vx = bx - ax;
      const vy = by - ay;
      const t = Math.max(0, Math.min(1, ((X - ax) * vx + (Y - ay) * vy) / (vx * vx + vy * vy)));
      if ((X - ax - t * vx) ** 2 + (Y - ay - t * vy) ** 2 < r * r) return 0.62;
    }
    for (const [cx, cy, r] of hulls) if ((X - cx) ** 2 + (Y - cy) ** 2 < r * r) return 0.3;
    return -1;
  };
}

/** A point given in a marker's own frame (right, up; mm) on the table. */
function local(m: SceneMarker, right: number, up: number): [number, number] {
  const a = (m.heading * Math.PI) / 180;
  const ux = Math.sin(a);
  const uy = Math.cos(a);
  return [m.x + right * uy + up * ux, m.y - right * ux + up * uy];
}

/** Renders `scene`, the markers' cells from `cells`. */
export function renderScene(scene: Scene, cells: MarkerCells): Rendered {
  const cam = scene.camera;
  const reach = scene.markers
    .filter((m) => m.id < 10)
    .flatMap((m) => [local(m, -m.size, m.size), local(m, m.size, -m.size)].map(([x, y]) => ({ x, y })));
  const proj = new Projection(cam, reach);
  const { width: W, height: H } = cam;
  const cell = 50;
  const gw = Math.ceil((scene.area.width + 400) / cell);
  const gh = Math.ceil((scene.area.height + 400) / cell);
  const grid: SceneMarker[][] = Array.from({ length: gw * gh }, () => []);
  for (const m of scene.markers) {
    const r = (m.size * PAPER) / Math.SQRT2 + 1;
    for (let gx = Math.floor((m.x - r + 200) / cell); gx <= Math.floor((m.x + r + 200) / cell); gx++) {
      for (let gy = Math.floor((m.y - r + 200) / cell); gy <= Math.floor((m.y + r + 200) / cell); gy++) {
        if (gx >= 0 && gy >= 0 && gx < gw && gy < gh) grid[gy * gw + gx]?.push(m);
      }
    }
  }
  const bits = new Map(scene.markers.map((m) => [m.id, cells(m.id)]));
  const cover = occluder(scene);
  const at = new Float64Array(2);
  const shade = (X: number, Y: number, list: SceneMarker[] | undefined): number => {
    const o = cover(X, Y);
    if (o >= 0) return o;
    if (list) {
      for (const m of list) {
        const a = (m.heading * Math.PI) / 180;
        const dx = X - m.x;
        const dy = Y - m.y;
        const right = dx * Math.cos(a) - dy * Math.sin(a);
        const up = dx * Math.sin(a) + dy * Math.cos(a);
        const half = m.size / 2;
        if (Math.abs(right) > half * PAPER || Math.abs(up) > half * PAPER) continue;
        if (Math.abs(right) >= half || Math.abs(up) >= half) return 0.93;
        const col = Math.min(7, Math.floor(((right + half) / m.size) * 8));
        const row = Math.min(7, Math.floor(((half - up) / m.size) * 8));
        return bits.get(m.id)?.[row * 8 + col] ? 0.07 : 0.93;
      }
    }
    const inTable = X > -150 && Y > -150 && X < scene.area.width + 150 && Y < scene.area.height + 150;
    return inTable ? 0.48 + 0.03 * Math.sin(X * 0.05) * Math.sin(Y * 0.043) : 0.22;
  };
  // The table point of every 4th pixel's corner, interpolated between (the mapping is smooth: the interpolation's
  // error is far below a thousandth of a pixel), so the lens's inverse runs on 1/16 of the pixels.
  const step = 4;
  const mw = Math.ceil(W / step) + 2;
  const mh = Math.ceil(H / step) + 2;
  const map = new Float64Array(mw * mh * 2);
  for (let j = 0; j < mh; j++) {
    for (let i = 0; i < mw; i++) {
      proj.toTable(i * step - 0.5, j * step - 0.5, at);
      map[(j * mw + i) * 2] = at[0] as number;
      map[(j * mw + i) * 2 + 1] = at[1] as number;
    }
  }
  const tableAt = (px: number, py: number): void => {
    const fx = px / step;
    const fy = py / step;
    const i = Math.floor(fx);
    const j = Math.floor(fy);
    const u = fx - i;
    const v = fy - j;
    const k = (j * mw + i) * 2;
    const k2 = k + mw * 2;
    for (let c = 0; c < 2; c++) {
      const a = map[k + c] as number;
      const b = map[k + 2 + c] as number;
      const d = map[k2 + c] as number;
      const e = map[k2 + 2 + c] as number;
      at[c] = (a * (1 - u) + b * u) * (1 - v) + (d * (1 - u) + e * u) * v;
    }
  };
  const img = new Float32Array(W * H);
  const la = (scene.light.angle * Math.PI) / 180;
  const diag = Math.hypot(W, H) / 2;
  const sub = [0.25, 0.75];
  const { level, gradient, vignette } = scene.light;
  const cosA = Math.cos(la);
  for (let py = 0; py < H; py++) {
    const uy = (py - H / 2) / diag;
    const uySin = uy * Math.sin(la);
    const uy2 = uy * uy;
    for (let px = 0; px < W; px++) {
      tableAt(px + 0.5, py + 0.5);
      const gx = Math.floor(((at[0] as number) + 200) / cell);
      const gy = Math.floor(((at[1] as number) + 200) / cell);
      const list = gx >= 0 && gy >= 0 && gx < gw && gy < gh ? grid[gy * gw + gx] : undefined;
      let v: number;
      if (list && list.length > 0) {
        v = 0;
        for (const oy of sub) {
          for (const ox of sub) {
            tableAt(px + ox, py + oy);
            v += shade(at[0] as number, at[1] as number, list);
          }
        }
        v /= 4;
      } else {
        v = shade(at[0] as number, at[1] as number, undefined);
      }
      const ux = (px - W / 2) / diag;
      const light = level * (1 + gradient * (ux * cosA + uySin)) * (1 - vignette * (ux * ux + uy2));
      img[py * W + px] = v * light * 255;
    }
  }
  const blurred = gaussianBlur(img, W, H, scene.blur);
  // Gaussian noise: a table of 65 536 normal deviates (Box–Muller) read at seeded random places.
  const rand = seededRandom(scene.seed ^ 0x5bd1e995);
  const normals = new Float32Array(65536);
  for (let i = 0; i < normals.length; i++) {
    normals[i] = Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
  }
  const data = new Uint8Array(W * H);
  let state = (scene.seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < data.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const n = normals[(state >>> 0) & 65535] as number;
    data[i] = Math.max(0, Math.min(255, Math.round((blurred[i] as number) + scene.noise * n)));
  }
  return { image: { width: W, height: H, data }, visibility: visibilityOf(scene, proj, cover), focal: proj.focal };
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

/** A separable Gaussian blur of σ pixels. */
export function gaussianBlur(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  if (sigma <= 0.05) return src;
  const r = Math.ceil(sigma * 3);
  const k = new Float32Array(2 * r + 1);
  let sum = 0;
  for (let i = -r; i <= r; i++) {
    k[i + r] = Math.exp(-(i * i) / (2 * sigma * sigma));
    sum += k[i + r] as number;
  }
  for (let i = 0; i < k.length; i++) k[i] = (k[i] as number) / sum;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  const n = k.length;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      let s = 0;
      if (x >= r && x < w - r) {
        const base = row + x - r;
        for (let i = 0; i < n; i++) s += (k[i] as number) * (src[base + i] as number);
      } else {
        for (let i = -r; i <= r; i++) s += (k[i + r] as number) * (src[row + Math.min(w - 1, Math.max(0, x + i))] as number);
      }
      tmp[row + x] = s;
    }
  }
  for (let y = 0; y < h; y++) {
    const inside = y >= r && y < h - r;
    for (let x = 0; x < w; x++) {
      let s = 0;
      if (inside) {
        let j = (y - r) * w + x;
        for (let i = 0; i < n; i++, j += w) s += (k[i] as number) * (tmp[j] as number);
      } else {
        for (let i = -r; i <= r; i++) s += (k[i + r] as number) * (tmp[Math.min(h - 1, Math.max(0, y + i)) * w + x] as number);
      }
      out[y * w + x] = s;
    }
  }
  return out;
}
