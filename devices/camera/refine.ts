/**
 * A marker's corners refined against the image itself: the marker's known pattern (its cells, its white quiet zone,
 * what lies past its paper) is fitted to the grey pixels round it by Levenberg–Marquardt over the homography from
 * image to marker and the blur, the grey levels (black, white, and past the paper one for each side and each corner)
 * solved linearly at each step. Every pixel of every cell edge speaks, not only the outline: on markers 25–35 px
 * across (cells of 3–4 px, blurred by σ ≈ 1.5 px) the outline alone leaves the heading a degree off (docs/camera.md).
 *
 * The fit also says how much to trust it: the residual against the marker's contrast over its paper (a hand or a hull
 * over part of the marker leaves a large one, and the marker is refused rather than misplaced; what lies past the
 * paper is fitted to place its edge, and judged only where it fits) and each corner's standard deviation from the fit's covariance
 * (over every pixel fitted). `fitWindow` (the pixels fitted) serves the cell read after the fit as well
 * (`readFitted` in `marker-code.ts`), from `fit-window.ts`. Pure: runs in Node and in the camera page's worker.
 */

import { mapQuad } from "../../src/geometry/quad.ts";
import type { ImagePoint } from "../../src/geometry/vec.ts";
import type { GreyImage } from "./detector.ts";
import { fitWindow, MARKER_CORNERS } from "./fit-window.ts";
import { applyHomography, homographyOf, invertHomography } from "./homography.ts";
import { entry, solveLinear } from "./linear.ts";
import { type Cells, LEVELS, NP, PatternModel } from "./marker-pattern.ts";
import type { DetectedMarker } from "./markers.ts";

/** A marker refined: its corners, the residual against its contrast, each corner's σ (px). */
export interface RefinedMarker extends DetectedMarker {
  /**
   * RMS of the fit's residual over the marker's paper (its cells and quiet zone) or over every pixel fitted, whichever
   * is less, as a fraction of its black–white contrast: what the fit gate judges (past the paper may not be the
   * marker's surroundings the model assumes).
   */
  readonly residual: number;
  /** The largest of the four corners' standard deviations, pixels. */
  readonly cornerSigma: number;
  /** The blur the fit found, pixels (σ). */
  readonly blur: number;
  /** The marker's black–white contrast the fit found, grey levels. */
  readonly contrast: number;
}

/** Whether a marker is a refined one (its fit's figures with it), not the detector's as it gave it. */
export function isRefined(m: DetectedMarker): m is RefinedMarker {
  return "residual" in m && "blur" in m;
}

/**
 * A step that lowers the residual's sum of squares by less than this fraction has converged: the corners move
 * thousandths of a pixel after it (on 31 markers of a noisy 1080p frame, none moved over 0.0001 px against 40 full
 * iterations), and stopping there saves a quarter of a frame's fitting.
 */
const CONVERGED = 1e-4;

/**
 * A step that moves no corner more than this (px) has converged too: on a noisy frame (σ 16) the residual keeps
 * falling by more than CONVERGED a step while the corners move hundredths of a pixel, and those steps were a third
 * of the fit's time (docs/performance.md).
 */
const SETTLED_PX = 0.01;

/** How far (normalised pixels) the marker's corners move between homographies `a` and `b`: the most of the four. */
function cornersMoved(a: Float64Array, b: Float64Array): number {
  const ia = invertHomography(homographyOf(a));
  const ib = invertHomography(homographyOf(b));
  let most = 0;
  for (const m of MARKER_CORNERS) {
    const pa = applyHomography(ia, m);
    const pb = applyHomography(ib, m);
    most = Math.max(most, Math.hypot(pa.x - pb.x, pa.y - pb.y));
  }
  return most;
}

/** Options: how many iterations, the starting blur (px). */
export interface RefineOptions {
  readonly iterations?: number;
  readonly blur?: number;
}

/**
 * Refines one detected marker in `image`; null when the fit fails (the marker runs off the image, the system is
 * singular). The corners come back in the detector's order and convention (pixel centres at integers).
 */
export function refineMarker(image: GreyImage, marker: DetectedMarker, cells: Cells, o: RefineOptions = {}): RefinedMarker | null {
  const window = fitWindow(image, marker.corners);
  if (!window) return null;
  const { cx, cy, k, p, samples } = window;
  const model = new PatternModel(samples, cells);
  const n = samples.length;
  let blur = (o.blur ?? 1.2) / k; // σ in normalised pixels (cells of the image)

  if (!model.evaluate(p, blur, true)) return null;
  let cur = model.levels();
  if (!cur) return null;
  let lambda = 1e-3;
  let jtj: number[][] = [];
  const iterations = o.iterations ?? 12;
  for (let it = 0; it < iterations; it++) {
    const equations = model.normalEquations(cur.lv);
    jtj = equations.jtj;
    const jtr = equations.jtr;
    let improved = false;
    for (let tries = 0; tries < 6 && !improved; tries++) {
      const damped = jtj.map((r, a) => r.map((v, c) => (a === c ? v * (1 + lambda) + 1e-9 : v)));
      const step = solveLinear(damped, [...jtr]);
      if (!step) return null;
      const q = new Float64Array(8);
      for (let a = 0; a < 8; a++) q[a] = entry(p, a) + entry(step, a);
      const before = Float64Array.from(p);
      const s = blur + entry(step, 8);
      // evaluated with its derivatives: a step taken needs them next, and most steps are taken
      if (!(s > 0.05) || !model.evaluate(q, s, true)) {
        lambda *= 10;
        continue;
      }
      const next = model.levels();
      if (next && next.sse < cur.sse) {
        p.set(q);
        blur = s;
        lambda = Math.max(lambda / 10, 1e-7);
        improved = true;
        const gain = (cur.sse - next.sse) / cur.sse;
        cur = next;
        // a small step right after a rejected one may be only the damping's: the step test counts a first try alone
        if (gain < CONVERGED || (tries === 0 && cornersMoved(before, p) * k < SETTLED_PX)) it = iterations;
      } else {
        lambda *= 10;
      }
    }
    if (!improved) {
      model.evaluate(p, blur, true);
      break;
    }
  }
  // no iteration made (`iterations: 0`): the start is the answer, its σ from the start's own equations
  if (jtj.length === 0) jtj = model.normalEquations(cur.lv).jtj;
  // the model stands at `p` here (a rejected step's evaluation is always followed by a taken one or by `p`'s again)
  const paper = model.paperResidual(cur.lv);
  const contrast = Math.abs(entry(cur.lv, 1) - entry(cur.lv, 0));
  if (!(contrast > 1)) return null;
  const variance = cur.sse / Math.max(1, n - NP - LEVELS);
  const oneBeyond = model.levels(true);
  // Judged over the paper alone, or over every pixel fitted with one grey past the paper all round when that fits
  // better: past the paper may be plain (a printed sheet's paper, the cloth: evidence the marker is whole, and the
  // paper alone read 10 % worse on the sheet's large soft markers) or not (a block's sides, a base's rim on a real
  // photo). A hand over the marker covers its paper and leaves both large; it is not judged with a grey for each
  // side past the paper, which could take up the hand's part there.
  const paperVariance = paper.sse / Math.max(1, paper.count - NP - LEVELS);
  const plainVariance = oneBeyond ? oneBeyond.sse / Math.max(1, n - NP - 3) : Number.POSITIVE_INFINITY;
  // Each corner's σ: the parameters' covariance σ²(JᵀJ)⁻¹ carried to the corner by finite differences.
  const invH = invertHomography(homographyOf(p));
  const out = mapQuad(MARKER_CORNERS, (m): ImagePoint => {
    const q = applyHomography(invH, m);
    return { x: q.x * k + cx, y: q.y * k + cy };
  });
  let cornerSigma = 0;
  const cov = invertSymmetric(jtj.slice(0, 8).map((r) => r.slice(0, 8)));
  if (cov) {
    for (const m of MARKER_CORNERS) {
      const base = applyHomography(invH, m);
      const jx: number[] = [];
      const jy: number[] = [];
      for (let a = 0; a < 8; a++) {
        const d = 1e-6;
        const q = Float64Array.from(p);
        q[a] = entry(q, a) + d;
        const moved = applyHomography(invertHomography(homographyOf(q)), m);
        jx.push(((moved.x - base.x) / d) * k);
        jy.push(((moved.y - base.y) / d) * k);
      }
      const vx = quadForm(cov, jx) * variance;
      const vy = quadForm(cov, jy) * variance;
      cornerSigma = Math.max(cornerSigma, Math.sqrt(Math.max(0, vx + vy)));
    }
  } else {
    cornerSigma = Number.POSITIVE_INFINITY;
  }
  return {
    id: marker.id,
    corners: out,
    residual: Math.sqrt(Math.min(plainVariance, paperVariance)) / contrast,
    cornerSigma,
    blur: blur * k,
    contrast,
  };
}

/** xᵀ M x. */
function quadForm(m: readonly (readonly number[])[], x: readonly number[]): number {
  let s = 0;
  for (let a = 0; a < x.length; a++) for (let c = 0; c < x.length; c++) s += entry(x, a) * entry(m[a] ?? [], c) * entry(x, c);
  return s;
}

/** The inverse of a symmetric positive matrix by solving for each unit vector; null when singular. */
function invertSymmetric(m: readonly (readonly number[])[]): number[][] | null {
  const n = m.length;
  const cols: number[][] = [];
  for (let i = 0; i < n; i++) {
    const e = new Array<number>(n).fill(0);
    e[i] = 1;
    const c = solveLinear(
      m.map((r) => [...r]),
      e,
    );
    if (!c) return null;
    cols.push(c);
  }
  return cols;
}
