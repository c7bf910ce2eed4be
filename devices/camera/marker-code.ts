/**
 * Reading a marker's code ourselves, for the second look (`second-look.ts`): the 6 × 6 inner cells of a quadrilateral
 * sampled at their centres through the homography its corners give, each cell black or white by the midpoint of the
 * black border and the white quiet zone, and the code compared with every code of the dictionary in its four turns.
 * OpenCV reads a blurred 25–35 px marker's cells with its edges' error (its contour's corners) and gives up past
 * three wrong cells; here the corners come from the pattern fit, which reads every cell edge, and the read is
 * checked against the whole dictionary (AprilTag 36h11: any two codes differ in at least 11 cells). Once the
 * pattern is fitted, `readFitted` reads the cells by their levels solved from every pixel (`cellLevels` of
 * `marker-pattern.ts`) instead of a threshold at their centres: cells under 3 px blurred by σ 1.4 px. Pure.
 */

import type { Quad } from "../../src/geometry/quad.ts";
import type { ImagePoint } from "../../src/geometry/vec.ts";
import { cellLevels } from "./cell-levels.ts";
import type { GreyImage } from "./detector.ts";
import { fitWindow } from "./fit-window.ts";
import { applyHomography, fitHomography } from "./homography.ts";
import { MARKER_CELLS, MAX_MARKER_ID, type MarkerCells } from "./marker-cells.ts";

/** A quadrilateral in the image: top-left, top-right, bottom-right, bottom-left of the marker as printed. */
export type Corners = Quad<ImagePoint>;

const INNER = MARKER_CELLS - 2;
const HALF = MARKER_CELLS / 2;

/** A read code: the inner cells row by row, true = black, and how many border cells read white. */
export interface ReadCode {
  readonly bits: readonly boolean[];
  readonly borderErrors: number;
  /** The black border's and the white quiet zone's mean grey, and so the read's contrast. */
  readonly black: number;
  readonly white: number;
}

/** Bilinear grey at (x, y) (pixel centres at integers); NaN outside the image. */
function grey(image: GreyImage, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  if (x0 < 0 || y0 < 0 || x0 + 1 >= image.width || y0 + 1 >= image.height) return Number.NaN;
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * image.width + x0;
  const d = image.data;
  const top = (d[i] ?? Number.NaN) * (1 - fx) + (d[i + 1] ?? Number.NaN) * fx;
  const bottom = (d[i + image.width] ?? Number.NaN) * (1 - fx) + (d[i + image.width + 1] ?? Number.NaN) * fx;
  return top * (1 - fy) + bottom * fy;
}

/**
 * Reads the marker whose corners are `corners` (its own 8 × 8 cells, border included); null when it runs off the
 * image or shows no contrast. Each cell is the mean of five points about its centre (a fifth of a cell apart).
 */
export function readCode(image: GreyImage, corners: Corners): ReadCode | null {
  const h = fitHomography(
    [
      { x: -HALF, y: -HALF },
      { x: HALF, y: -HALF },
      { x: HALF, y: HALF },
      { x: -HALF, y: HALF },
    ],
    corners,
  );
  if (!h) return null;
  const at = (u: number, v: number): number => {
    let s = 0;
    for (const [du, dv] of [
      [0, 0],
      [-0.2, 0],
      [0.2, 0],
      [0, -0.2],
      [0, 0.2],
    ] as const) {
      const p = applyHomography(h, { x: u + du, y: v + dv });
      s += grey(image, p.x, p.y);
    }
    return s / 5;
  };
  const cells: number[] = [];
  for (let r = 0; r < MARKER_CELLS; r++) for (let c = 0; c < MARKER_CELLS; c++) cells.push(at(c - HALF + 0.5, r - HALF + 0.5));
  // the quiet zone: half a cell outside the border, all round
  const quiet: number[] = [];
  for (let i = 0; i < MARKER_CELLS; i++) {
    const t = i - HALF + 0.5;
    quiet.push(at(t, -HALF - 0.5), at(t, HALF + 0.5), at(-HALF - 0.5, t), at(HALF + 0.5, t));
  }
  const border = cells.filter((_, i) => isBorder(i));
  if ([...cells, ...quiet].some((v) => !Number.isFinite(v))) return null;
  const black = median(border);
  const white = median(quiet);
  if (!(white - black > 8)) return null;
  const mid = (black + white) / 2;
  const bits: boolean[] = [];
  for (let r = 1; r <= INNER; r++) for (let c = 1; c <= INNER; c++) bits.push((cells[r * MARKER_CELLS + c] ?? Number.NaN) < mid);
  return { bits, borderErrors: border.filter((v) => v >= mid).length, black, white };
}

/**
 * Reads a marker whose pattern was fitted (`refine.ts`: its corners and the blur found, px): each inner cell's level
 * solved by least squares from every pixel its blurred footprint reaches (`cellLevels`), black or white by the
 * midpoint of the border's black and the quiet zone's white solved with them. Where `readCode` takes a cell's grey at
 * its centre, which a blur of half a cell or more mixes with its neighbours', this undoes the blur the fit measured:
 * on 20-px markers (cells under 3 px, σ 1.4 px) it reads what the threshold misreads by several cells. Null when
 * the marker runs off the image or shows no contrast.
 */
export function readFitted(image: GreyImage, corners: Corners, blur: number): ReadCode | null {
  const window = fitWindow(image, corners);
  if (!window) return null;
  const levels = cellLevels(window.samples, window.p, blur / window.k);
  if (!levels) return null;
  const { black, white } = levels;
  if (!(white - black > 8)) return null;
  const mid = (black + white) / 2;
  return { bits: levels.inner.map((v) => v < mid), borderErrors: 0, black, white };
}

function isBorder(i: number): boolean {
  const r = Math.floor(i / MARKER_CELLS);
  const c = i % MARKER_CELLS;
  return r === 0 || c === 0 || r === MARKER_CELLS - 1 || c === MARKER_CELLS - 1;
}

function median(v: readonly number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}

/** The dictionary's codes (inner cells, row by row), each in its four quarter turns. */
export class MarkerCodes {
  /** codes[id * 4 + turn]: the inner cells as two 18-bit halves. */
  readonly #codes: Int32Array;

  constructor(cells: MarkerCells) {
    this.#codes = new Int32Array((MAX_MARKER_ID + 1) * 8);
    for (let id = 0; id <= MAX_MARKER_ID; id++) {
      let grid = inner(cells(id));
      for (let turn = 0; turn < 4; turn++) {
        const [a, b] = pack(grid);
        this.#codes[(id * 4 + turn) * 2] = a;
        this.#codes[(id * 4 + turn) * 2 + 1] = b;
        grid = quarterTurn(grid);
      }
    }
  }

  /** Cells differing between `bits` and marker `id` read with `turn` quarter turns (0: upright). */
  distance(bits: readonly boolean[], id: number, turn = 0): number {
    const [a, b] = pack(bits);
    const i = (id * 4 + turn) * 2;
    return popcount(a ^ (this.#codes[i] ?? Number.NaN)) + popcount(b ^ (this.#codes[i + 1] ?? Number.NaN));
  }

  /** The nearest code to `bits` in the whole dictionary, any turn, and the distance of the nearest other marker's. */
  nearest(bits: readonly boolean[]): { readonly id: number; readonly turn: number; readonly distance: number; readonly runnerUp: number } {
    const [a, b] = pack(bits);
    let best = { id: -1, turn: 0, distance: Number.POSITIVE_INFINITY };
    let second = Number.POSITIVE_INFINITY;
    const perId = new Array<number>(MAX_MARKER_ID + 1).fill(Number.POSITIVE_INFINITY);
    for (let k = 0; k < this.#codes.length / 2; k++) {
      const d = popcount(a ^ (this.#codes[2 * k] ?? Number.NaN)) + popcount(b ^ (this.#codes[2 * k + 1] ?? Number.NaN));
      const id = k >> 2;
      if (d < (perId[id] ?? Number.NaN)) perId[id] = d;
      if (d < best.distance) best = { id, turn: k & 3, distance: d };
    }
    for (let id = 0; id <= MAX_MARKER_ID; id++) if (id !== best.id) second = Math.min(second, perId[id] ?? Number.NaN);
    return { ...best, runnerUp: second };
  }
}

const built = new WeakMap<MarkerCells, MarkerCodes>();

/** The dictionary's codes for a cells function, built once (587 markers drawn). */
export function codesOf(cells: MarkerCells): MarkerCodes {
  let c = built.get(cells);
  if (!c) {
    c = new MarkerCodes(cells);
    built.set(cells, c);
  }
  return c;
}

/** The inner 6 × 6 of a marker's 8 × 8 cells. */
function inner(cells: readonly boolean[]): boolean[] {
  const out: boolean[] = [];
  for (let r = 1; r <= INNER; r++) for (let c = 1; c <= INNER; c++) out.push(cells[r * MARKER_CELLS + c] === true);
  return out;
}

/** The 6 × 6 grid turned a quarter clockwise. */
function quarterTurn(g: readonly boolean[]): boolean[] {
  const out: boolean[] = [];
  for (let r = 0; r < INNER; r++) for (let c = 0; c < INNER; c++) out.push(g[(INNER - 1 - c) * INNER + r] === true);
  return out;
}

function pack(bits: readonly boolean[]): [number, number] {
  let a = 0;
  let b = 0;
  for (let i = 0; i < 18; i++) {
    if (bits[i]) a |= 1 << i;
    if (bits[i + 18]) b |= 1 << i;
  }
  return [a, b];
}

function popcount(v: number): number {
  let x = v - ((v >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
