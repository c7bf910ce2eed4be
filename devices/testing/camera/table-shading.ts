/**
 * What the table looks like at a point (mm), as a grey level from 0 to 1: a hand or a model's hull above
 * everything, then a marker's paper and AprilTag cells, then the cloth (with a faint weave) or the floor beyond
 * the table's edge. Markers are found through a coarse grid, so a point far from every marker costs one lookup.
 */
import { radians, unitOfBearing } from "../../../src/geometry/vec.ts";
import type { MarkerCells } from "../../camera/marker-cells.ts";
import type { Scene, SceneMarker } from "./scene.ts";

/** The paper around a marker is one cell wider on each side than the marker (its quiet zone). */
export const PAPER = 10 / 8;

/** The grid's cell (mm) and how far beyond the playing area (mm) it reaches. */
const CELL = 50;
const MARGIN = 200;

/** A point given in a marker's own frame (right, up; mm) on the table. */
export function local(m: SceneMarker, right: number, up: number): [number, number] {
  const { x: ux, y: uy } = unitOfBearing(m.heading);
  return [m.x + right * uy + up * ux, m.y - right * ux + up * uy];
}

/** What covers the table at a point above the markers: a hand, a model's hull. Grey level or -1. */
export function occluder(scene: Scene): (X: number, Y: number) => number {
  const discs: [number, number, number][] = [];
  const capsules: [number, number, number, number, number][] = [];
  const h = scene.hand;
  if (h) {
    const { x: fx, y: fy } = unitOfBearing(h.direction);
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

/** A scene's table, shaded point by point. */
export class TableShading {
  /** What covers the table at a point (grey level), or -1. */
  readonly cover: (X: number, Y: number) => number;
  readonly #grid: SceneMarker[][];
  readonly #gw: number;
  readonly #gh: number;
  readonly #bits: Map<number, ReturnType<MarkerCells>>;

  constructor(
    private readonly scene: Scene,
    cells: MarkerCells,
  ) {
    this.#gw = Math.ceil((scene.area.width + 2 * MARGIN) / CELL);
    this.#gh = Math.ceil((scene.area.height + 2 * MARGIN) / CELL);
    this.#grid = Array.from({ length: this.#gw * this.#gh }, () => []);
    for (const m of scene.markers) {
      const r = (m.size * PAPER) / Math.SQRT2 + 1;
      for (let gx = Math.floor((m.x - r + MARGIN) / CELL); gx <= Math.floor((m.x + r + MARGIN) / CELL); gx++) {
        for (let gy = Math.floor((m.y - r + MARGIN) / CELL); gy <= Math.floor((m.y + r + MARGIN) / CELL); gy++) {
          if (gx >= 0 && gy >= 0 && gx < this.#gw && gy < this.#gh) this.#grid[gy * this.#gw + gx]?.push(m);
        }
      }
    }
    this.#bits = new Map(scene.markers.map((m) => [m.id, cells(m.id)]));
    this.cover = occluder(scene);
  }

  /** The markers whose paper may reach the grid cell of a point; undefined off the grid. */
  markersNear(X: number, Y: number): SceneMarker[] | undefined {
    const gx = Math.floor((X + MARGIN) / CELL);
    const gy = Math.floor((Y + MARGIN) / CELL);
    return gx >= 0 && gy >= 0 && gx < this.#gw && gy < this.#gh ? this.#grid[gy * this.#gw + gx] : undefined;
  }

  /** The grey level at a point, looking only at the markers in `list`. */
  shade(X: number, Y: number, list: SceneMarker[] | undefined): number {
    const o = this.cover(X, Y);
    if (o >= 0) return o;
    if (list) {
      for (const m of list) {
        const a = radians(m.heading);
        const dx = X - m.x;
        const dy = Y - m.y;
        const right = dx * Math.cos(a) - dy * Math.sin(a);
        const up = dx * Math.sin(a) + dy * Math.cos(a);
        const half = m.size / 2;
        if (Math.abs(right) > half * PAPER || Math.abs(up) > half * PAPER) continue;
        if (Math.abs(right) >= half || Math.abs(up) >= half) return 0.93;
        const col = Math.min(7, Math.floor(((right + half) / m.size) * 8));
        const row = Math.min(7, Math.floor(((half - up) / m.size) * 8));
        return this.#bits.get(m.id)?.[row * 8 + col] ? 0.07 : 0.93;
      }
    }
    const area = this.scene.area;
    const inTable = X > -150 && Y > -150 && X < area.width + 150 && Y < area.height + 150;
    return inTable ? 0.48 + 0.03 * Math.sin(X * 0.05) * Math.sin(Y * 0.043) : 0.22;
  }
}
