/**
 * A source of ship positions as a `DeviceSource`: whatever sees the table (the /camera page over the live socket, the
 * demo's emulated table) reports each ship it sees, and the feed checks the report and gives it to the host as a
 * `ship.seen` reading. It holds no positions itself: the table session keeps each ship's latest.
 */
import { normalizeBearing } from "../../src/geometry/vec.ts";
import { type Clock, systemClock } from "../common/clock.ts";
import { Listeners } from "../common/listeners.ts";
import type { DeviceHealth, DeviceSource, ShipSeen, Unsubscribe } from "../readings.ts";

/** One ship as a source reports it (docs/reference/request-result.md table coordinates). */
export interface SeenShip {
  readonly ship: string;
  readonly x: number;
  readonly y: number;
  readonly heading: number;
  /** mm; default 0. */
  readonly uncertainty?: number;
}

/** The largest playing area a report may name (mm): a club's biggest table is well inside it. */
export const MAX_COORDINATE = 100_000;
const MAX_UNCERTAINTY = 10_000;
const SHIP_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/;

/** What is wrong with a report, in words naming the field, or null. Bounds every number before it is kept. */
export function seenProblem(s: unknown): string | null {
  if (typeof s !== "object" || s === null) return "a seen ship must be an object {ship, x, y, heading}";
  const r = s as Record<string, unknown>;
  if (typeof r.ship !== "string" || !SHIP_ID.test(r.ship)) return "ship must be a ship id (letters, digits, - _ . :, up to 100)";
  for (const k of ["x", "y"] as const) {
    const v = r[k];
    if (typeof v !== "number" || !Number.isFinite(v) || Math.abs(v) > MAX_COORDINATE)
      return `${k} must be a number of mm within ±${MAX_COORDINATE}`;
  }
  if (typeof r.heading !== "number" || !Number.isFinite(r.heading) || Math.abs(r.heading) > 3600)
    return "heading must be a number of degrees (clockwise from north)";
  if (r.uncertainty !== undefined && (typeof r.uncertainty !== "number" || !(r.uncertainty >= 0) || r.uncertainty > MAX_UNCERTAINTY))
    return `uncertainty must be a number of mm from 0 to ${MAX_UNCERTAINTY}`;
  return null;
}

/** A heading as 0 ≤ h < 360, rounded to a tenth of a degree (wrapped again: 359.97 rounds to 360, which is 0). */
export const normalHeading = (h: number): number => normalizeBearing(Math.round(normalizeBearing(h) * 10) / 10);

export interface PositionFeedOptions {
  /** The device id shown on /devices (`camera`, `table`). */
  readonly id: string;
  /** The family word on /devices (`camera`, `emulated-table`). */
  readonly family: string;
  readonly emulated: boolean;
  /** How long (ms) a sighting holds without being seen again; absent: until the ship is moved. */
  readonly holdsFor?: number;
  readonly clock?: Clock;
}

/** A feed of positions: {@link PositionFeed.report} what is seen; the host hears `ship.seen` readings. */
export class PositionFeed implements DeviceSource {
  readonly #o: PositionFeedOptions;
  readonly #clock: Clock;
  readonly #readings = new Listeners<ShipSeen>();
  readonly #health = new Listeners<DeviceHealth>();
  #started = false;
  #lastSeen: number | undefined;

  constructor(options: PositionFeedOptions) {
    this.#o = options;
    this.#clock = options.clock ?? systemClock;
  }

  get id(): string {
    return this.#o.id;
  }

  async start(): Promise<void> {
    this.#started = true;
    this.#health.emit(this.#healthNow());
  }

  async stop(): Promise<void> {
    this.#started = false;
    this.#health.emit(this.#healthNow());
  }

  /**
   * Ships seen in one look at the table. Every report is checked first: a bad one is refused whole (an error naming the
   * entry), so nothing half-read reaches the table. Returns how many ships were reported.
   */
  report(seen: readonly unknown[]): number {
    if (!Array.isArray(seen)) throw new Error("positions must be a list of seen ships");
    if (seen.length > 500) throw new Error("at most 500 ships in one report");
    seen.forEach((s, i) => {
      const problem = seenProblem(s);
      if (problem) throw new Error(`ships[${i}]: ${problem}`);
    });
    const at = this.#clock.now();
    this.#lastSeen = at;
    const { id, holdsFor } = this.#o;
    for (const s of seen as SeenShip[]) {
      this.#readings.emit({
        type: "ship.seen",
        sourceId: id,
        ship: s.ship,
        x: Math.round(s.x * 10) / 10,
        y: Math.round(s.y * 10) / 10,
        heading: normalHeading(s.heading),
        uncertainty: s.uncertainty ?? 0,
        ...(holdsFor !== undefined ? { holdsFor } : {}),
        at,
      });
    }
    this.#health.emit(this.#healthNow());
    return seen.length;
  }

  onReading(listener: (r: ShipSeen) => void): Unsubscribe {
    return this.#readings.add(listener);
  }

  onHealth(listener: (h: DeviceHealth) => void): Unsubscribe {
    return this.#health.add(listener);
  }

  health(): DeviceHealth[] {
    return [this.#healthNow()];
  }

  #healthNow(): DeviceHealth {
    const { id, family, emulated } = this.#o;
    return {
      id,
      kind: "positions",
      family,
      connected: this.#started,
      status: this.#started ? "connected" : "stopped",
      emulated,
      ...(this.#lastSeen !== undefined ? { lastSeen: this.#lastSeen } : {}),
    };
  }
}
