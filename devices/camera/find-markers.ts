/**
 * The markers of a frame: the detector's look, then the second look (`second-look.ts`) when a marker the table
 * expects was not found and the detector left candidates it could not read, then the further looks
 * (`further-look.ts`: the detector again with other threshold settings) while one is still missing. The second look
 * costs nothing when every expected marker was found, a few reads per candidate otherwise, and a pattern fit only
 * for a candidate that reads as an expected marker; a further look costs a detection over the frame or the regions
 * asked for. Used in Node (the CLI, the bench) and in the camera page's worker alike.
 */
import type { GreyImage, MarkerDetector, Region } from "./detector.ts";
import { furtherLook } from "./further-look.ts";
import { codesOf } from "./marker-code.ts";
import { CORNER_IDS, type DetectedMarker, EDGE_IDS } from "./markers.ts";
import { secondLook } from "./second-look.ts";

/** A frame's markers, and which of them the second and further looks found. */
export interface FoundMarkers {
  readonly markers: DetectedMarker[];
  /** Ids found by the second look (a subset of `markers`'). */
  readonly second: readonly number[];
  /** Milliseconds the second look took (0 when it did not run). */
  readonly secondMs: number;
  /** Ids found by the further looks, and their milliseconds (0 when they did not run). */
  readonly further: readonly number[];
  readonly furtherMs: number;
}

export interface FinderOptions {
  /**
   * The ship markers expected on the table (the roster's): the second look runs when one of them, or a reference
   * marker, is missing, and reads only those. Absent: any marker the detector did not read is looked for.
   */
  readonly expected?: readonly number[];
}

/** Where the further looks run in one frame: the whole frame (the default), these regions only, or not at all. */
export type FurtherWhere = "frame" | "none" | readonly Region[];

/** Where, or who decides where given the ids still missing (null: no roster given, any may be) and those found. */
export type FurtherChoice = FurtherWhere | ((missing: readonly number[] | null, seen: ReadonlySet<number>) => FurtherWhere);

const REFERENCE_IDS: readonly number[] = [...CORNER_IDS, ...EDGE_IDS];

/** Finds a frame's markers with a detector and, where needed, a second and further looks. */
export class MarkerFinder {
  readonly #detector: MarkerDetector;
  readonly #expected: ReadonlySet<number> | null;

  constructor(detector: MarkerDetector, o: FinderOptions = {}) {
    this.#detector = detector;
    this.#expected = o.expected ? new Set([...REFERENCE_IDS, ...o.expected]) : null;
  }

  /** Ids expected but not among `seen` (null when any marker may be missing: no roster given). */
  missing(seen: ReadonlySet<number>): number[] | null {
    return this.#expected ? [...this.#expected].filter((id) => !seen.has(id)) : null;
  }

  /**
   * The frame's markers. `first`: where the detector's own look runs — the whole frame (the default), or regions
   * (a camera's frames between whole looks: `first-plan.ts`; a detector without `scanRegions` looks at the whole frame).
   */
  async find(
    image: GreyImage,
    now: () => number = () => performance.now(),
    further: FurtherChoice = "frame",
    first: "frame" | readonly Region[] = "frame",
  ): Promise<FoundMarkers> {
    const detector = this.#detector;
    const firstLook = await (first !== "frame" && detector.scanRegions ? detector.scanRegions(image, first) : detector.scan(image));
    const cells = this.#detector.cells;
    const markers = [...firstLook.markers];
    const seen = new Set(markers.map((m) => m.id));
    const expected = this.#expected;
    const wanted = (id: number) => !seen.has(id) && (expected ? expected.has(id) : true);
    const stillMissing = () => this.missing(seen)?.length !== 0;
    const out: { second: number[]; secondMs: number; further: number[]; furtherMs: number } = {
      second: [],
      secondMs: 0,
      further: [],
      furtherMs: 0,
    };
    if (!cells || !stillMissing()) return { markers, ...out };
    const codes = codesOf(cells);
    if (firstLook.candidates.length > 0) {
      const t0 = now();
      const found = secondLook(image, { candidates: firstLook.candidates, wanted, cells, codes });
      for (const m of found) seen.add(m.id);
      markers.push(...found);
      Object.assign(out, { second: found.map((m) => m.id), secondMs: now() - t0 });
    }
    const where = stillMissing() ? (typeof further === "function" ? further(this.missing(seen), seen) : further) : "none";
    if (where !== "none" && (where === "frame" || where.length > 0)) {
      const t0 = now();
      const found = await furtherLook(this.#detector, image, {
        wanted,
        missing: this.missing(seen),
        cells,
        codes,
        ...(where === "frame" ? {} : { regions: where }),
      });
      markers.push(...found);
      Object.assign(out, { further: found.map((m) => m.id), furtherMs: now() - t0 });
    }
    return { markers, ...out };
  }
}
