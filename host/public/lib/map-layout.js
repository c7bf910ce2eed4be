// Where everything on the map goes, pure: the window onto the table, map units per pixel, the firing line, the measured
// figure's caption, the range rings' words, the ships' names (lib/map-labels.js) and the ships left unnamed. The map
// draws its layers from this; it is computed again only when what it depends on changes (`MapLayouts`), not on
// every state pushed: a die rolled for the action being set up moves nothing on the map.
import { coveredMarks, placeLabels } from "./map-labels.js";
import { viewWindow } from "./map-window.js";

/**
 * The half width and height (map units) of the box a base covers as the map draws it: its rectangle turned to its
 * heading, the bow's round mark past the bow, and its outline; names and range words keep clear of all of it.
 */
function baseExtent(s, unit) {
  const hl = s.length / 2;
  const hw = s.width / 2;
  const bowR = Math.max(hw * 0.6, 7 * unit);
  const along = hl + bowR + 3 * unit;
  const across = Math.max(hw, bowR) + 3 * unit;
  const t = (s.heading * Math.PI) / 180;
  return {
    hx: Math.abs(along * Math.sin(t)) + Math.abs(across * Math.cos(t)),
    hy: Math.abs(along * Math.cos(t)) + Math.abs(across * Math.sin(t)),
  };
}

const boxesMeet = (a, b, pad = 0) => a.x0 - pad < b.x1 && b.x0 - pad < a.x1 && a.y0 - pad < b.y1 && b.y0 - pad < a.y1;
const insideBox = (a, win) => a.x0 >= win.x0 && a.x1 <= win.x1 && a.y0 >= win.y0 && a.y1 <= win.y1;

/** Where the wind's mark stands: the map's top right corner. */
export const windSpot = (unit, win) => {
  const r = 30 * unit;
  return { r, cx: win.x1 - r - 12 * unit, cy: win.y0 + r + 12 * unit };
};

/** The box the wind's mark (and its words) cover, kept clear of names. */
function windBox(unit, win, label) {
  const { r, cx, cy } = windSpot(unit, win);
  return label
    ? { x0: win.x1 - 200 * unit, x1: win.x1, y0: cy - r, y1: cy + r + 26 * unit }
    : { x0: cx - r, x1: cx + r, y0: cy - r, y1: cy + r };
}

/**
 * The measured figure beside the middle of the firing line, right of it or left, moved a row or more up or down where
 * a ship stands there; null (the action panel says it) where no place is clear of every base.
 */
function captionSpot({ label, line, t, unit, captionPx, win, onBase, wind }) {
  const mid = (line.from.x + line.to.x) / 2;
  const w = label.length * captionPx * 0.68 * unit;
  const h = captionPx * unit;
  const midY = t.height - (line.from.y + line.to.y) / 2;
  const row = captionPx * 1.3 * unit;
  for (const k of [0, -1, 1, -2, 2, -3, 3, -4, 4])
    for (const right of [true, false]) {
      const x0 = right ? mid + 12 * unit : mid - 12 * unit - w;
      const y = midY + k * row;
      const c = { x: x0, y: y + captionPx * 0.35 * unit, box: { x0, x1: x0 + w, y0: y - h / 2, y1: y + h / 2 } };
      if (insideBox(c.box, win) && !onBase(c.box) && !(wind && boxesMeet(wind, c.box))) return c;
    }
  return null;
}

/**
 * The range bands' words on their rings: at the top, else the bottom, the sides or a corner, where they cover no base,
 * no other ring's word, the measured figure or the wind's mark; a word with no such place is left off (null: the
 * action panel and the measured figure say the range).
 */
function ringSpots({ rings, centre, firerWidth, unit, win, onBase, caption, wind, measure }) {
  const spots = [];
  for (const r of rings) {
    const w = (measure ? measure(r.label) : r.label.length * 14 * 0.7) * unit;
    const h = 18 * unit;
    const { sx: cx, sy: cy } = centre;
    const R = r.radius + firerWidth / 2;
    const d = R * Math.SQRT1_2;
    // each spot as the text's baseline centre
    const tries = [
      [cx, cy - R - 4 * unit],
      [cx, cy + R + 16 * unit],
      [cx + R + 6 * unit + w / 2, cy + 5 * unit],
      [cx - R - 6 * unit - w / 2, cy + 5 * unit],
      [cx + d + w / 2, cy - d - 4 * unit],
      [cx - d - w / 2, cy - d - 4 * unit],
      [cx + d + w / 2, cy + d + 16 * unit],
      [cx - d - w / 2, cy + d + 16 * unit],
    ].map(([x, y]) => ({ x, y, box: { x0: x - w / 2, x1: x + w / 2, y0: y - 14 * unit, y1: y - 14 * unit + h, soft: true } }));
    const clear = (c) =>
      insideBox(c.box, win) &&
      !onBase(c.box) &&
      !spots.some((o) => o && boxesMeet(o.box, c.box, 4 * unit)) &&
      !(caption && boxesMeet(caption.box, c.box)) &&
      !(wind && boxesMeet(wind, c.box));
    spots.push(tries.find(clear) ?? null);
  }
  return spots;
}

/**
 * The map's layout. `t` the view's table; `ships` its ships as drawn (a dragged one where it is dragged); `nameOf`
 * name by id; `role` field name by ship id (the action's ships first for names); `measured` `{rings, label, line}`
 * or null; `line` the firing line `{from, to}` or null; `firerId`; `wind` whether the wind is drawn; `width`,
 * `height` the map's pixels; `fontPx` the names' size; `windLabel` the wind in words; `fixedWin` a window kept (while
 * a ship is dragged); `shown` more boxes the window takes in (a move's reach); `measure(fontPx)` a name's width
 * measurer, or undefined.
 */
export function layoutMap({
  t,
  ships,
  nameOf,
  role,
  measured,
  line,
  firerId,
  wind,
  width,
  height,
  fontPx,
  windLabel,
  fixedWin,
  shown = /** @type {{ x0: number; x1: number; y0: number; y1: number }[]} */ ([]),
  measure,
}) {
  const at = (s) => ({ sx: s.x, sy: t.height - s.y });
  const firer = ships.find((s) => s.id === firerId);
  const rings = firer && measured?.rings ? measured.rings : [];
  // the window: every ship and the action's rings, in the map's shape (kept while a ship is dragged)
  const fitted = viewWindow(
    [
      ...t.ships.map((s) => ({ x0: s.x - s.length, x1: s.x + s.length, y0: t.height - s.y - s.length, y1: t.height - s.y + s.length })),
      ...rings.map((r) => ({
        x0: firer.x - r.radius,
        x1: firer.x + r.radius,
        y0: t.height - firer.y - r.radius,
        y1: t.height - firer.y + r.radius,
      })),
    ],
    t,
    width > 0 && height > 0 ? width / height : 0,
  );
  const win = fixedWin ?? fitted;
  const unit = width > 0 ? (win.x1 - win.x0) / width : t.width / 800; // map units (mm) per screen pixel
  // every base's box as drawn: the measured figure, the rings' words and the names keep clear of them
  const baseBoxes = ships.map((s) => {
    const { hx, hy } = baseExtent(s, unit);
    const { sx, sy } = at(s);
    return { hx, hy, box: { x0: sx - hx, x1: sx + hx, y0: sy - hy, y1: sy + hy } };
  });
  const onBase = (b) => baseBoxes.some((x) => boxesMeet(x.box, b, 2 * unit));
  const windMark = wind ? windBox(unit, win, windLabel) : null;
  const captionPx = fontPx + 3;
  const caption =
    measured?.label && line ? captionSpot({ label: measured.label, line, t, unit, captionPx, win, onBase, wind: windMark }) : null;
  const spots = firer
    ? ringSpots({
        rings,
        centre: at(firer),
        firerWidth: firer.width ?? 0,
        unit,
        win,
        onBase,
        caption,
        wind: windMark,
        measure: measure?.(14),
      })
    : [];
  const ringBoxes = spots.map((s) => s?.box ?? null);
  const labels = placeLabels(
    ships.map((s, i) => {
      const { hx, hy } = baseBoxes[i] ?? { hx: s.length / 2, hy: s.length / 2 };
      return { id: s.id, name: nameOf.get(s.id) ?? s.id, ...at(s), r: Math.max(hx, hy, 7 * unit), hx, hy };
    }),
    {
      unit,
      fontPx,
      bounds: win,
      first: Object.keys(role),
      measure: measure?.(fontPx),
      obstacles: [...(windMark ? [windMark] : []), ...(caption ? [caption.box] : []), ...ringBoxes.filter((b) => b !== null)],
    },
  );
  // a ring's word an action's name had to cover is left out (the measured figure still says the range)
  const covered = coveredMarks(
    ringBoxes.map((b) => b ?? { x0: 0, x1: 0, y0: 0, y1: 0 }),
    labels,
  );
  const ringWords = spots.map((s, i) => (s === null || covered.has(i) ? null : s));
  // the ships the map could not name: listed in full under it
  const named = new Set(labels.map((l) => l.id));
  const unnamed = ships.filter((s) => !named.has(s.id)).map((s) => nameOf.get(s.id) ?? s.id);
  return {
    win,
    unit,
    centre: firer ? at(firer) : null,
    firerWidth: firer?.width ?? 0,
    rings,
    ringWords,
    caption,
    captionPx,
    labels,
    unnamed,
  };
}
