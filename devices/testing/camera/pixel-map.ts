/**
 * Where each pixel of the frame looks on the table (mm), fast: the table point of every 4th pixel's corner is
 * traced through the lens and the perspective once, and points in between are interpolated (the mapping is smooth:
 * the interpolation's error is far below a thousandth of a pixel), so the lens's inverse runs on 1/16 of the
 * pixels.
 */
import type { Projection } from "./projection.ts";

const STEP = 4;

/** The frame's pixels → table points of one projection. */
export class PixelMap {
  /** The last point asked for: table x, y (mm). Reused, so the render loop allocates nothing. */
  readonly point = new Float64Array(2);
  readonly #mw: number;
  readonly #map: Float64Array;

  constructor(proj: Projection, width: number, height: number) {
    this.#mw = Math.ceil(width / STEP) + 2;
    const mh = Math.ceil(height / STEP) + 2;
    this.#map = new Float64Array(this.#mw * mh * 2);
    const at = this.point;
    for (let j = 0; j < mh; j++) {
      for (let i = 0; i < this.#mw; i++) {
        proj.toTable(i * STEP - 0.5, j * STEP - 0.5, at);
        this.#map[(j * this.#mw + i) * 2] = at[0] as number;
        this.#map[(j * this.#mw + i) * 2 + 1] = at[1] as number;
      }
    }
  }

  /** The table point of pixel position (px, py), into {@link point}. */
  at(px: number, py: number): void {
    const map = this.#map;
    const mw = this.#mw;
    const fx = px / STEP;
    const fy = py / STEP;
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
      this.point[c] = (a * (1 - u) + b * u) * (1 - v) + (d * (1 - u) + e * u) * v;
    }
  }
}
