/**
 * What the /camera page sends (docs/reference/camera.md): the ship markers it has seen settle, by marker id, in table
 * millimetres. The host names each marker's ship (given at the table by showing it, else by roster order: `shipMarkers`) and reports the ships to the
 * positions feed, the same path the emulated table's sightings take. A marker of no ship of the open game is left
 * out and said back, not an error: a marker of another game's fleet may well lie on the table. A ship whose centre is
 * off the playing area by more than her sighting's uncertainty (the session's own rule, `offTable` of
 * host/session/positions.ts, applied here so the page is answered) refuses the report whole (issue 39 item 4: a
 * position 100 m off a 1.8 m table had collapsed the live map to a dot); the ships pass through a pacer
 * (camera-pace.ts) on their way.
 */
import { shipMarkers } from "../devices/camera/markers.ts";
import { type SeenShip, seenProblem } from "../devices/positions/feed.ts";
import type { PositionSource } from "../devices/readings.ts";
import { fail, ok, type Result } from "../src/result.ts";
import type { TableLayout } from "./config/table-layout.ts";
import { offTable } from "./session/positions.ts";

/** One marker as the camera page reports it. */
export interface MarkerSighting {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  readonly heading: number;
  readonly uncertainty: number;
}

/** What the camera page needs to know: the area its reference markers span and which marker is which ship. */
export interface CameraSetup {
  readonly area: { readonly width: number; readonly height: number };
  readonly ships: readonly { readonly marker: number; readonly ship: string; readonly name: string }[];
  /** Ships with no marker: theirs by roster order was given to another ship at the table, and none shown for them yet. */
  readonly unmarked: readonly { readonly ship: string; readonly name: string }[];
}

/**
 * The camera's set-up for a game's ships (in the game's order) on a table layout: each ship's marker given at the
 * table (`assigned`, ship id → marker), else hers by roster order.
 */
export function cameraSetup(
  ships: readonly { readonly id: string; readonly name: string }[],
  layout: TableLayout,
  assigned: Readonly<Record<string, number>> = {},
): CameraSetup {
  const byMarker = shipMarkers(
    ships.map((s) => s.id),
    assigned,
  );
  const name = new Map(ships.map((s) => [s.id, s.name]));
  const marked = new Set(byMarker.values());
  return {
    area: { width: layout.width, height: layout.height },
    ships: [...byMarker].map(([marker, ship]) => ({ marker, ship, name: name.get(ship) ?? ship })),
    unmarked: ships.filter((s) => !marked.has(s.id)).map((s) => ({ ship: s.id, name: s.name })),
  };
}

/**
 * Reports the markers seen as ships; the count reported and the markers of no ship. Every ship is checked first;
 * `send` takes them on (the pacer), else the positions feed at once.
 */
export function reportSightings(
  markers: readonly MarkerSighting[],
  setup: CameraSetup,
  positions: PositionSource | null,
  send?: (seen: readonly SeenShip[]) => void,
): Result<{ readonly reported: number; readonly unknown: readonly number[] }> {
  if (!positions) {
    return fail(
      "camera.unavailable",
      "This table takes no positions: add `positions: {}` to the table file's devices to use a camera.",
      "devices.positions",
    );
  }
  const ship = new Map(setup.ships.map((s) => [s.marker, s.ship]));
  const seen: SeenShip[] = [];
  const unknown: number[] = [];
  for (const [i, m] of markers.entries()) {
    const id = ship.get(m.id);
    if (id === undefined) {
      unknown.push(m.id);
      continue;
    }
    const name = setup.ships.find((x) => x.marker === m.id)?.name ?? id;
    const seenAt = {
      type: "ship.seen",
      sourceId: "camera",
      ship: id,
      x: m.x,
      y: m.y,
      heading: m.heading,
      uncertainty: m.uncertainty,
      at: 0,
    } as const;
    const off = offTable(seenAt, name, setup.area);
    if (off) return fail("input.invalid", `camera.seen.markers.${i} (marker ${m.id}): ${off} Nothing of this report was kept.`, "message");
    const s = { ship: id, x: m.x, y: m.y, heading: m.heading, uncertainty: m.uncertainty };
    const problem = seenProblem(s);
    if (problem) return fail("input.invalid", `camera.seen.markers.${i}: ${problem}`, "message");
    seen.push(s);
  }
  if (seen.length === 0) return ok({ reported: 0, unknown });
  if (send) {
    send(seen);
    return ok({ reported: seen.length, unknown });
  }
  try {
    return ok({ reported: positions.report(seen), unknown });
  } catch (e) {
    return fail("input.invalid", (e as Error).message, "markers");
  }
}
