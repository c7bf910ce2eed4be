/**
 * Settling: a ship is reported when it has stopped moving, so a hand passing over the table or a model being pushed
 * does not make the map jitter. Each ship's sightings over the last `stillMs` must all lie within `spreadMm` and
 * `spreadDeg` of their mean; then the mean is reported, once, unless it differs from the last report by at least
 * `moveMm` or `moveDeg`. A frame without the ship (covered, lifted) clears its sightings: it must be seen still
 * again before it is reported again. Pure: state in, state out.
 */
import { add, angleGap, bearingOf, unitOfBearing } from "../../src/geometry/vec.ts";

/** A ship's marker seen in one frame. */
export interface Sighting {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  readonly heading: number;
  readonly uncertainty: number;
}

export interface SettleOptions {
  readonly stillMs: number;
  readonly spreadMm: number;
  readonly spreadDeg: number;
  readonly moveMm: number;
  readonly moveDeg: number;
}

/** Defaults: still for 0.6 s within 1.5 mm and 1°; reported again after a move of 1 mm or 0.5°. */
export const SETTLE_DEFAULTS: SettleOptions = { stillMs: 600, spreadMm: 1.5, spreadDeg: 1, moveMm: 1, moveDeg: 0.5 };

interface Track {
  readonly recent: readonly (Sighting & { readonly at: number })[];
  readonly reported?: Sighting;
}

/** Every ship's recent sightings and last report. */
export type SettleState = ReadonlyMap<number, Track>;

export const emptySettle: SettleState = new Map();

/** The mean of ship `id`'s sightings (headings averaged on the circle). */
function mean(id: number, s: readonly Sighting[]): Sighting {
  const n = s.length;
  const bow = s.reduce((a, v) => add(a, unitOfBearing(v.heading)), { x: 0, y: 0 });
  return {
    id,
    x: s.reduce((a, v) => a + v.x, 0) / n,
    y: s.reduce((a, v) => a + v.y, 0) / n,
    heading: bearingOf(bow),
    uncertainty: s.reduce((a, v) => a + v.uncertainty, 0) / n,
  };
}

/** One frame's sightings at `now` (ms): the new state and the ships settled since their last report. */
export function settle(
  state: SettleState,
  frame: readonly Sighting[],
  now: number,
  o: SettleOptions = SETTLE_DEFAULTS,
): { state: SettleState; settled: Sighting[] } {
  const next = new Map<number, Track>();
  const settled: Sighting[] = [];
  const seen = new Map(frame.map((s) => [s.id, s]));
  for (const [id, track] of state) {
    if (!seen.has(id)) next.set(id, { recent: [], ...(track.reported ? { reported: track.reported } : {}) });
  }
  for (const s of frame) {
    const before = state.get(s.id);
    // the sightings of the last stillMs and the one just before them: still means still across the whole span, so a
    // ship seen once in it (frames slower than stillMs, at 4K) is not taken as still on that one sighting
    const all = [...(before?.recent ?? []), { ...s, at: now }];
    const from = all.findLastIndex((r) => r.at <= now - o.stillMs);
    const recent = from >= 0 ? all.slice(from) : all;
    let reported = before?.reported;
    const window = recent;
    const covers = from >= 0;
    if (covers && window.length > 1) {
      const m = mean(s.id, window);
      const still = window.every((r) => Math.hypot(r.x - m.x, r.y - m.y) <= o.spreadMm && angleGap(r.heading, m.heading) <= o.spreadDeg);
      const moved =
        !reported || Math.hypot(m.x - reported.x, m.y - reported.y) >= o.moveMm || angleGap(m.heading, reported.heading) >= o.moveDeg;
      if (still && moved) {
        reported = m;
        settled.push(m);
      }
    }
    next.set(s.id, { recent, ...(reported ? { reported } : {}) });
  }
  return { state: next, settled };
}
