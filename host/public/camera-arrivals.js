// Which ship markers the /camera page's workers look for, which came into view (a ship's marker shown to the camera
// at set-up: docs/camera.md), and whether a settled ship says anything new against what was sent for her.

/** A ship marker unseen this long and then seen has come into view (set-up by showing it to the camera). */
export const ARRIVAL_GAP_MS = 1000;

/**
 * A marker another ship carries must be out of view this long before it counts as shown: a ship's marker on the
 * table hides for a second or two under a hand moving her (or in motion blur), and must not be taken for the marker
 * the table waits for. Ten seconds is what lifting a sticker off a base and showing it takes, not a hand passing.
 */
export const HELD_GAP_MS = 10_000;

/**
 * The ship markers of a frame taken at `at` that came into view: unseen for ARRIVAL_GAP_MS or more (or never seen);
 * for a marker in `held` (another ship's), unseen for HELD_GAP_MS or more. `lastSeen` (marker → when last seen) is
 * kept up to date.
 */
export function arrivals(lastSeen, detected, at, held = new Set()) {
  const out = [];
  for (const d of detected) {
    if (d.id < 10) continue;
    const before = lastSeen.get(d.id);
    const gap = held.has(d.id) ? HELD_GAP_MS : ARRIVAL_GAP_MS;
    if (before === undefined || at - before >= gap) out.push(d.id);
    lastSeen.set(d.id, Math.max(at, before ?? at));
  }
  return out;
}

/**
 * The ship markers the detection workers are told to expect (the second look runs only when one of them, or a
 * reference marker, is missing, and reads only those): the game's ships' markers, given at the table or by roster
 * order. `null` — any marker — while the table waits for a ship's marker to be shown, which may be any marker.
 * @param {{ ships: { marker: number }[] }} setup
 * @param {{ kind: string; ship?: string } | null} [assigning]
 */
export function expectedMarkers(setup, assigning = null) {
  if (assigning?.kind === "marker") return null;
  return [...new Set(setup.ships.map((s) => s.marker))].sort((a, b) => a - b);
}

/** Whether a settled sighting says nothing new against the last one sent for its marker (the other worker's twin). */
export const sameAsSent = (a, b) =>
  b !== undefined && Math.hypot(a.x - b.x, a.y - b.y) < 1 && Math.abs(((a.heading - b.heading + 540) % 360) - 180) < 0.5;

const round1 = (v) => Math.round(v * 10) / 10;

/**
 * A settled ship as sent to the table (`camera.seen`'s markers: docs/reference/camera.md), to the tenth.
 * @param {{ id: number, x: number, y: number, heading: number, uncertainty: number }} s
 */
export const sentOf = (s) => ({ id: s.id, x: round1(s.x), y: round1(s.y), heading: round1(s.heading), uncertainty: round1(s.uncertainty) });
