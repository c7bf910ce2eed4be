/**
 * Whether a marker's pattern fit is good enough to place it: the gate follows the image. A fit's residual is the
 * frame's noise plus what the pattern does not explain (a hand or a hull over part of the marker, a smudge); only
 * the second may refuse it. So the residual allowed is the noise measured in this frame (as a fraction of the
 * marker's contrast) and MAX_MISFIT beyond it, added in quadrature: on a clean rendered frame (noise 1–6 grey levels)
 * that is about the 0.1 a fixed limit gave; on a webcam's frame (noise σ 16, contrast 100–150) about 0.15–0.2,
 * where the fixed 0.1 refused every ship (docs/camera.md).
 *
 * The noise is measured once a frame, where it is asked for, by Immerkær's Laplacian-difference mask (which cancels
 * the image's own smooth gradients): the median of its absolute response over a grid of the frame, robust to the
 * markers' edges, which are a small part of it. Pure: runs in Node and in the camera page's worker.
 */
import type { GreyImage } from "./detector.ts";
import type { RefinedMarker } from "./refine.ts";

/**
 * What the pattern may leave unexplained beyond the frame's noise, as a fraction of the marker's contrast: a fully
 * visible marker fits within about 0.05 of it on rendered frames (blur and cloth the model approximates), a hand or
 * a hull over a part of it leaves 0.2 or more (measured: docs/camera.md).
 */
export const MAX_MISFIT = 0.1;

/** The largest residual (RMS over contrast) a fit of a marker of `contrast` grey levels may have in a frame of `noise`. */
export function residualLimit(contrast: number, noise: number): number {
  return Math.hypot(MAX_MISFIT, contrast > 0 ? noise / contrast : 0);
}

/** Whether a marker's fit in `image` is good enough to place it: its residual within the frame's `residualLimit`. */
export function fitKept(image: GreyImage, fitted: Pick<RefinedMarker, "residual" | "contrast">): boolean {
  if (fitted.residual <= MAX_MISFIT) return true; // within the limit at any noise: the frame need not be measured
  return fitted.residual <= residualLimit(fitted.contrast, frameNoise(image));
}

/** About how many pixels the noise is measured at. */
const NOISE_SAMPLES = 130_000;

const measured = new WeakMap<Uint8Array | Uint8ClampedArray, number>();

/**
 * The frame's noise, grey levels (σ), measured once per frame (kept with its pixels). The mask
 * [1 −2 1; −2 4 −2; 1 −2 1] weighs noise by √36 = 6; on Gaussian noise the median of its absolute response is
 * 0.6745 · 6σ. Sampled on a grid of about NOISE_SAMPLES pixels (every 4th row and column at 1920 × 1080, every 8th
 * at 3840 × 2160): the median of 130,000 responses is as good as of 500,000 (σ 16 read 16.0 either way), and the
 * camera's detector asks for it in every frame (`leastDifference` in `apriltag-detector.ts`).
 */
export function frameNoise(image: GreyImage): number {
  const kept = measured.get(image.data);
  if (kept !== undefined) return kept;
  const { width: w, height: h, data } = image;
  const counts = new Uint32Array(16 * 256 + 1);
  let n = 0;
  const step = Math.max(2, Math.round(Math.sqrt((w * h) / NOISE_SAMPLES)));
  for (let y = 1; y < h - 1; y += step) {
    for (let x = 1; x < w - 1; x += step) {
      const i = y * w + x;
      const up = i - w;
      const down = i + w;
      const l =
        (data[up - 1] ?? Number.NaN) -
        2 * (data[up] ?? Number.NaN) +
        (data[up + 1] ?? Number.NaN) -
        2 * (data[i - 1] ?? Number.NaN) +
        4 * (data[i] ?? Number.NaN) -
        2 * (data[i + 1] ?? Number.NaN) +
        (data[down - 1] ?? Number.NaN) -
        2 * (data[down] ?? Number.NaN) +
        (data[down + 1] ?? Number.NaN);
      counts[Math.abs(l)] = (counts[Math.abs(l)] ?? Number.NaN) + 1;
      n++;
    }
  }
  let seen = 0;
  let median = 0;
  while (median < counts.length && seen + (counts[median] ?? Number.NaN) < n / 2) seen += counts[median++] ?? Number.NaN;
  // within the median's bin, where half the samples fall (the response is whole numbers)
  const inBin = counts[median] ?? Number.NaN;
  const at = median + (inBin > 0 ? (n / 2 - seen) / inBin - 0.5 : 0);
  const noise = Math.max(0, at) / (0.6745 * 6);
  measured.set(image.data, noise);
  return noise;
}
