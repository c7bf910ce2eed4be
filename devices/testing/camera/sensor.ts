/**
 * What the camera's sensor does to the light that reaches it: the lens's blur (a separable Gaussian) and noise
 * (Gaussian, seeded, so a scene renders the same every time).
 */
import { seededRandom } from "../faults.ts";

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

/** Adds Gaussian noise of σ `noise` grey levels, seeded by `seed`, and rounds to 8-bit grey. */
export function withNoise(img: Float32Array, noise: number, seed: number): Uint8Array {
  // a table of 65 536 normal deviates (Box–Muller) read at seeded random places
  const rand = seededRandom(seed ^ 0x5bd1e995);
  const normals = new Float32Array(65536);
  for (let i = 0; i < normals.length; i++) {
    normals[i] = Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
  }
  const data = new Uint8Array(img.length);
  let state = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < data.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const n = normals[(state >>> 0) & 65535] as number;
    data[i] = Math.max(0, Math.min(255, Math.round((img[i] as number) + noise * n)));
  }
  return data;
}
