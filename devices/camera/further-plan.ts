/**
 * Where a camera's further looks (`further-look.ts`) run, frame after frame, so the page does not pay a second
 * detection over the whole frame in every frame while a ship is simply hidden under a hand or off the table: over
 * the whole frame at most once a `frameEveryMs` (which finds a marker never seen, or moved while hidden), and in the
 * frames between only over small regions about where each missing marker was last seen (so a marker only a further
 * look finds — a dim, blurred corner of the table — is seen in every frame, as settling needs: a frame without a
 * ship clears her sightings, `settle.ts`). A region is the marker's last outline grown by its side each way
 * (3 × 3 sides): a crop of a few thousand pixels, a detection of about a millisecond. Pure: state in the object,
 * the clock given.
 */
import type { FurtherWhere } from "./find-markers.ts";
import { aroundMarker } from "./first-plan.ts";
import type { Region } from "./further-look.ts";
import type { DetectedMarker } from "./markers.ts";

export interface FurtherPlanOptions {
  /** The whole frame at most this often (ms of the frames' clock). */
  readonly frameEveryMs: number;
  /** A missing marker's region is looked at while it was seen within this (ms); after that, only the whole frame. */
  readonly rememberMs: number;
}

/** Defaults: the whole frame once a second, a marker's region for ten seconds after it was last seen. */
export const FURTHER_PLAN_DEFAULTS: FurtherPlanOptions = { frameEveryMs: 1000, rememberMs: 10_000 };

/** Where each frame's further looks go, from where markers were last seen. */
export class FurtherPlan {
  readonly #o: FurtherPlanOptions;
  readonly #seen = new Map<number, { readonly region: Region; readonly at: number }>();
  #frameAt = Number.NEGATIVE_INFINITY;

  constructor(o: FurtherPlanOptions = FURTHER_PLAN_DEFAULTS) {
    this.#o = o;
  }

  /** Where to look in the frame taken at `at`, given the ids still missing (null: any may be) and those found. */
  where(at: number, missing: readonly number[] | null, seen: ReadonlySet<number>): FurtherWhere {
    if (at - this.#frameAt >= this.#o.frameEveryMs) {
      this.#frameAt = at;
      return "frame";
    }
    const regions: Region[] = [];
    for (const [id, s] of this.#seen) {
      if (at - s.at > this.#o.rememberMs) this.#seen.delete(id);
      else if (missing === null ? !seen.has(id) : missing.includes(id)) regions.push(s.region);
    }
    return regions.length > 0 ? regions : "none";
  }

  /** The markers found in the frame taken at `at`. */
  saw(at: number, markers: readonly DetectedMarker[]): void {
    for (const m of markers) this.#seen.set(m.id, { region: aroundMarker(m), at });
  }

  /** Forgets where markers were, and looks at the whole frame next. */
  reset(): void {
    this.#seen.clear();
    this.#frameAt = Number.NEGATIVE_INFINITY;
  }
}
