/**
 * The markers of a frame: the detector's look, then the second look (`second-look.ts`) when a marker the table
 * expects was not found and the detector left candidates it could not read. The second look costs nothing when
 * every expected marker was found, a few reads per candidate otherwise, and a pattern fit only for a candidate
 * that reads as an expected marker. Used in Node (the CLI, the bench) and in the camera page's worker alike.
 */
import type { GreyImage, MarkerDetector } from "./detector.ts";
import { codesOf } from "./marker-code.ts";
import { CORNER_IDS, type DetectedMarker, EDGE_IDS } from "./markers.ts";
import { secondLook } from "./second-look.ts";

/** A frame's markers, and which of them the second look found. */
export interface FoundMarkers {
  readonly markers: DetectedMarker[];
  /** Ids found by the second look (a subset of `markers`'). */
  readonly second: readonly number[];
  /** Milliseconds the second look took (0 when it did not run). */
  readonly secondMs: number;
}

export interface FinderOptions {
  /**
   * The ship markers expected on the table (the roster's): the second look runs when one of them, or a reference
   * marker, is missing, and reads only those. Absent: any marker the detector did not read is looked for.
   */
  readonly expected?: readonly number[];
}

const REFERENCE_IDS: readonly number[] = [...CORNER_IDS, ...EDGE_IDS];

/** Finds a frame's markers with a detector and, where needed, a second look. */
export class MarkerFinder {
  readonly #detector: MarkerDetector;
  readonly #expected: ReadonlySet<number> | null;

  constructor(detector: MarkerDetector, o: FinderOptions = {}) {
    this.#detector = detector;
    this.#expected = o.expected ? new Set([...REFERENCE_IDS, ...o.expected]) : null;
  }

  async find(image: GreyImage, now: () => number = () => performance.now()): Promise<FoundMarkers> {
    const first = await this.#detector.scan(image);
    const cells = this.#detector.cells;
    const seen = new Set(first.markers.map((m) => m.id));
    const expected = this.#expected;
    const missing = expected ? [...expected].some((id) => !seen.has(id)) : true;
    if (!cells || !missing || first.candidates.length === 0) return { markers: first.markers, second: [], secondMs: 0 };
    const t0 = now();
    const found = secondLook(image, {
      candidates: first.candidates,
      wanted: (id) => !seen.has(id) && (expected ? expected.has(id) : true),
      cells,
      codes: codesOf(cells),
    });
    return { markers: [...first.markers, ...found], second: found.map((m) => m.id), secondMs: now() - t0 };
  }
}
