/**
 * The further look: when a marker the table expects is still missing after the detector's look and the second look,
 * the detector looks again with other adaptive-threshold settings (`FURTHER_LOOKS`), over the whole frame or only
 * over regions (where a missing ship was last seen: `pipeline.ts` chooses). One global setting does not find every
 * marker: on the bench a constant of 4 instead of OpenCV's 7 finds the markers of a dim, blurred frame whose edges'
 * contrast is under 7 grey levels, but loses others the constant 7 finds (docs/performance.md) — so the first look
 * keeps its setting and wins on an id, and a further look only adds markers still missing.
 *
 * Nothing is placed on the strength of a lower threshold alone: the threshold only decides which outlines become
 * candidates; OpenCV reads a candidate's cells by its own Otsu split of that candidate, as at the first look, and
 * the candidates it could not read go through the second look's checks (`second-look.ts`). What is found is then
 * measured like every other marker (`measure.ts`): its pattern fitted to the pixels, refused when the fit is poor
 * (`fitKept`, `fit-gate.ts`) or its shape is not the printed square. Pure but for the detector.
 */
import { mapQuad } from "../../src/geometry/quad.ts";
import type { ImagePoint } from "../../src/geometry/vec.ts";
import type { GreyImage, MarkerDetector, Region } from "./detector.ts";
import type { MarkerCells } from "./marker-cells.ts";
import type { MarkerCodes } from "./marker-code.ts";
import type { DetectedMarker } from "./markers.ts";
import { thresholdWindow } from "./opencv-detector.ts";
import { secondLook } from "./second-look.ts";

/** A further look's threshold: its window as a multiple of the first look's (`thresholdWindow`), its constant. */
export interface FurtherSetting {
  readonly windowScale: number;
  readonly constant: number;
}

/**
 * The further looks, in order, each run only while an expected marker is still missing (one line per setting).
 * 1.4 × the window (7 px at 1920×1080, 15 px at 3840×2160) and the constant 4: at 1080p it found every fully
 * visible marker of the bench's dim, blurred frames that neither the first nor the second look found (measured:
 * docs/performance.md).
 */
export const FURTHER_LOOKS: readonly FurtherSetting[] = [{ windowScale: 1.4, constant: 4 }];

export type { Region } from "./detector.ts";

/** What the further look needs besides the detector and the frame. */
export interface FurtherLookInput {
  /** Whether an id is wanted: expected, and found by no look before. */
  readonly wanted: (id: number) => boolean;
  /** The ids missing, when known (a roster given): once all are found, no further setting is tried. */
  readonly missing?: readonly number[] | null;
  readonly cells: MarkerCells;
  readonly codes: MarkerCodes;
  /** Where to look; absent, the whole frame. */
  readonly regions?: readonly Region[];
  /** The settings tried; default `FURTHER_LOOKS`. */
  readonly settings?: readonly FurtherSetting[];
}

/** The wanted markers the further looks find, each id at most once (the first found; an id read twice in one look is dropped). */
export async function furtherLook(detector: MarkerDetector, image: GreyImage, o: FurtherLookInput): Promise<DetectedMarker[]> {
  const found: DetectedMarker[] = [];
  const wanted = (id: number) => o.wanted(id) && !found.some((m) => m.id === id);
  const regions = o.regions ?? [{ x: 0, y: 0, width: image.width, height: image.height }];
  for (const s of o.settings ?? FURTHER_LOOKS) {
    if (o.missing?.every((id) => found.some((m) => m.id === id))) break;
    const window = thresholdWindow(image.width, image.height, s.windowScale);
    const look = { window, constant: s.constant };
    for (const region of regions) {
      const part = crop(image, region);
      if (!part) continue;
      const { image: sub, dx, dy } = part;
      const d = await detector.scan(sub, look);
      const shift = (p: ImagePoint): ImagePoint => ({ x: p.x + dx, y: p.y + dy });
      const read = d.markers.filter((m) => wanted(m.id));
      const twice = new Set(read.filter((m, i) => read.findIndex((n) => n.id === m.id) !== i).map((m) => m.id));
      for (const m of read) {
        if (twice.has(m.id)) continue;
        found.push({ id: m.id, corners: mapQuad(m.corners, shift) });
      }
      if (d.candidates.length > 0) {
        found.push(...secondLook(image, { candidates: d.candidates.map((q) => q.map(shift)), wanted, cells: o.cells, codes: o.codes }));
      }
    }
  }
  return found;
}

/** The part of the frame in `region` (clipped to it), and its offset; null when too small to hold a marker. */
function crop(image: GreyImage, region: Region): { image: GreyImage; dx: number; dy: number } | null {
  const x0 = Math.max(0, Math.floor(region.x));
  const y0 = Math.max(0, Math.floor(region.y));
  const x1 = Math.min(image.width, Math.ceil(region.x + region.width));
  const y1 = Math.min(image.height, Math.ceil(region.y + region.height));
  if (x1 - x0 < 16 || y1 - y0 < 16) return null;
  if (x0 === 0 && y0 === 0 && x1 === image.width && y1 === image.height) return { image, dx: 0, dy: 0 };
  const width = x1 - x0;
  const data = new Uint8Array(width * (y1 - y0));
  for (let y = y0; y < y1; y++) data.set(image.data.subarray(y * image.width + x0, y * image.width + x1), (y - y0) * width);
  return { image: { width, height: y1 - y0, data }, dx: x0, dy: y0 };
}
