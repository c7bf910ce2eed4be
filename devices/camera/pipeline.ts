/**
 * One camera frame through the whole chain, the same in the /camera page's worker and in Node: the detector finds
 * the markers, the plane is fitted and the ships placed (`measure.ts`), and settling (`settle.ts`) keeps back a ship
 * until it has stood still. What comes out is what the page draws (the markers found, the fit) and what it sends
 * the host (the ships that settled in this frame).
 */
import type { GreyImage, MarkerDetector } from "./detector.ts";
import { MarkerFinder } from "./find-markers.ts";
import { FirstPlan } from "./first-plan.ts";
import { FurtherPlan } from "./further-plan.ts";
import type { Area, DetectedMarker } from "./markers.ts";
import { type MeasureFailure, type Measurement, measureMarkers } from "./measure.ts";
import { emptySettle, SETTLE_DEFAULTS, type SettleOptions, type SettleState, type Sighting, settle } from "./settle.ts";

/** One frame's answer. */
export interface FrameResult {
  readonly detected: readonly DetectedMarker[];
  readonly measurement: Measurement | MeasureFailure;
  /** Ships that settled in this frame (reported once, until they move). */
  readonly settled: readonly Sighting[];
  /** Milliseconds spent finding the markers (the detector and any second or further look), and in the whole frame. */
  readonly detectMs: number;
  /** Milliseconds of `detectMs` the second look took (0 when it did not run), and the ids it found. */
  readonly secondMs: number;
  readonly second: readonly number[];
  /** Milliseconds of `detectMs` the further looks took (0 when they did not run), and the ids they found. */
  readonly furtherMs: number;
  readonly further: readonly number[];
  readonly totalMs: number;
}

export interface PipelineOptions {
  readonly area: Area;
  /** The ship markers' printed side, mm (the shape check); default the median of those seen. */
  readonly shipSize?: number;
  readonly settle?: SettleOptions;
  /**
   * The ship markers expected on the table (the roster's): when one of them or a reference marker is not found, the
   * detector's unread candidates get a second look (`second-look.ts`), and then, while one is still missing, the
   * further looks (`further-look.ts`: over the whole frame once a second, else where it was last seen,
   * `further-plan.ts`). Absent: any marker not found is looked for.
   */
  readonly expected?: readonly number[];
  readonly now?: () => number;
}

/**
 * The ship markers a message names (the /camera page's `expected`): whole numbers of the ship markers' range, at most
 * 600 (the dictionary has 587 codes); anything but an array is `null`, any marker.
 */
export function expectedIds(raw: unknown): number[] | null {
  if (!Array.isArray(raw)) return null;
  return [...new Set(raw.filter((id): id is number => Number.isInteger(id) && id >= 0 && id <= 586))].slice(0, 600);
}

/** A camera's frames, one after another: holds the settling state between them. */
export class CameraPipeline {
  readonly #detector: MarkerDetector;
  #finder: MarkerFinder;
  readonly #o: PipelineOptions;
  readonly #now: () => number;
  #state: SettleState = emptySettle;
  #previous: Measurement | null = null;
  /** Where the further looks go: the whole frame once a second, else where a missing marker was last seen. */
  readonly #further = new FurtherPlan();
  /** Where the first look goes: the whole frame once a second, else about the markers the last frame found. */
  readonly #first = new FirstPlan();

  constructor(detector: MarkerDetector, options: PipelineOptions) {
    this.#detector = detector;
    this.#finder = new MarkerFinder(detector, options.expected ? { expected: options.expected } : {});
    this.#o = options;
    this.#now = options.now ?? (() => performance.now());
  }

  /** Measures a frame taken at `at` (ms, the settling clock). */
  async frame(image: GreyImage, at: number): Promise<FrameResult> {
    const t0 = this.#now();
    const where = (missing: readonly number[] | null, seen: ReadonlySet<number>) => this.#further.where(at, missing, seen);
    const found = await this.#finder.find(image, this.#now, where, this.#first.where(at));
    const { markers: detected, second, secondMs, further, furtherMs } = found;
    this.#further.saw(at, detected);
    this.#first.saw(detected);
    const t1 = this.#now();
    const measurement = measureMarkers(detected, {
      area: this.#o.area,
      width: image.width,
      height: image.height,
      ...(this.#o.shipSize ? { shipSize: this.#o.shipSize } : {}),
      ...(this.#previous ? { previous: this.#previous } : {}),
      ...(this.#detector.cells ? { refine: { image, cells: this.#detector.cells } } : {}),
    });
    // a frame whose references cannot be fitted says nothing about the ships: settling waits for the next
    let settled: Sighting[] = [];
    if (measurement.ok) {
      this.#previous = measurement;
      const sightings = measurement.markers.map((m) => ({ id: m.id, x: m.x, y: m.y, heading: m.heading, uncertainty: m.uncertainty }));
      const r = settle(this.#state, sightings, at, this.#o.settle ?? SETTLE_DEFAULTS);
      this.#state = r.state;
      settled = r.settled;
    }
    return { detected, measurement, settled, detectMs: t1 - t0, secondMs, second, furtherMs, further, totalMs: this.#now() - t0 };
  }

  /**
   * The ship markers now expected (the roster changed, or a ship was given another marker at the table); `null`:
   * any marker not found is looked for (while the table waits for a marker to be shown, which may be any).
   */
  expect(expected: readonly number[] | null): void {
    this.#finder = new MarkerFinder(this.#detector, expected ? { expected } : {});
  }

  /** Forgets what was seen (the area changed, the camera moved): every ship must settle again. */
  reset(): void {
    this.#state = emptySettle;
    this.#previous = null;
    this.#further.reset();
    this.#first.reset();
  }

  close(): void {
    this.#detector.close();
  }
}
