// The live map of the table, drawn from the view's `table`: each ship as its base (to scale, bow marked) where it was
// last seen, with its name; the wind; the action being set up (its ships marked, the firing line, the range bands as
// rings, the ships within a radius). On the demo's emulated table a ship is dragged to move it, or turned by its bow.
// Sizes of text and marks are in screen pixels, whatever the table's size, so the map reads the same at any scale.
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { html } from "../lib/html.js";
import { api } from "../lib/live.js";
import { hexPath } from "../lib/map-hexes.js";
import { coveredMarks, placeLabels } from "../lib/map-labels.js";
import { viewWindow } from "../lib/map-window.js";
import { ReachLayer, reachBox } from "./move-reach.js";

const SIDE_CLASSES = ["side-a", "side-b", "side-c", "side-d"];

/** The map's size in pixels, followed as the page lays out. */
function useSize(ref, shown) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const read = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    read();
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => ro.disconnect();
  }, [shown]);
  return size;
}

/** The ships of the action being set up: field name (firer, target …) by ship id; or of a choice about the table. */
function roles(state) {
  const p = state.pending;
  const out = {};
  const c = !p ? state.choice?.map : null;
  if (c) {
    // a choice about the table (the ships within an explosion's radius): its centre and the ships inside
    out[c.centre] = "centre";
    for (const id of c.within) out[id] ??= "within";
    return out;
  }
  if (!p) return out;
  for (const f of p.fields) {
    const v = p.action[f.name];
    if (f.type === "ship" && typeof v === "string") out[v] = f.name;
    if (f.type === "ships" && Array.isArray(v)) for (const id of v) out[id] ??= "within";
  }
  return out;
}

/** @type {CanvasRenderingContext2D | null | undefined} */
let measuring;
/**
 * A ship's name's width in pixels as the map draws it (bold, at `fontPx`, in the page's font, with its outline of a
 * quarter em), or null where the page cannot measure (the names then take an estimate).
 */
function nameWidth(fontPx) {
  measuring ??= typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
  const ctx = measuring;
  if (!ctx) return undefined;
  ctx.font = `700 ${fontPx}px ${getComputedStyle(document.body).fontFamily}`;
  return (text) => ctx.measureText(text).width + fontPx * 0.25;
}

/**
 * The half width and height (map units) of the box a base covers as `Base` draws it: its rectangle turned to its
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
const windSpot = (unit, win) => {
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

function Wind({ wind, unit, win, label }) {
  if (!wind) return null;
  const { r, cx, cy } = windSpot(unit, win);
  // the arrow flies downwind: from the bearing the wind blows from, across the centre
  return html`<g class="map-wind" role="img" aria-label=${`wind: ${wind.label}`}>
    <circle cx=${cx} cy=${cy} r=${r} class="map-wind-disc" />
    <g transform=${`translate(${cx} ${cy}) rotate(${wind.fromDegrees + 180})`}>
      <line x1="0" y1=${r * 0.75} x2="0" y2=${-r * 0.45} class="map-wind-shaft" style=${`stroke-width:${4 * unit}`} />
      <polygon points=${`0,${-r * 0.8} ${r * 0.3},${-r * 0.3} ${-r * 0.3},${-r * 0.3}`} class="map-wind-head" />
    </g>
    ${
      label
        ? html`<text x=${win.x1 - 8 * unit} y=${cy + r + 20 * unit} text-anchor="end" class="map-wind-label" style=${`font-size:${16 * unit}px`}>
            ${wind.label}
          </text>`
        : null
    }
  </g>`;
}

/** One base: a rectangle along the heading with its bow marked; stale ones dashed. */
function Base({ s, sx, sy, role, sideClass, unit, onGrab }) {
  const hl = s.length / 2;
  const hw = s.width / 2;
  const bow = Math.min(hl, s.width * 0.9);
  const cls = ["map-ship", sideClass, role ? `role-${role}` : "", s.stale ? "stale" : ""].filter(Boolean).join(" ");
  return html`<g class=${cls} data-ship=${s.id} data-stale=${s.stale ? "true" : "false"}
      transform=${`translate(${sx} ${sy}) rotate(${s.heading})`}>
    ${s.uncertainty > 0 ? html`<circle r=${hl + s.uncertainty} class="map-uncertain" />` : null}
    <polygon class="map-base" style=${`stroke-width:${(role ? 5 : 2) * unit}`}
      points=${`${-hw},${hl - bow} 0,${-hl} ${hw},${hl - bow} ${hw},${hl} ${-hw},${hl}`}
      onPointerDown=${onGrab ? (e) => onGrab(e, s, "move") : undefined} />
    <circle cy=${-hl} r=${Math.max(hw * 0.6, 7 * unit)} class="map-bow"
      onPointerDown=${onGrab ? (e) => onGrab(e, s, "turn") : undefined} />
  </g>`;
}

/**
 * The map. `state`: the view; `movable`: ships can be dragged (the demo's emulated table); `fontPx`: the names' size;
 * `windLabel`: the wind in words beside its arrow (the display has the wind dial beside the map).
 */
export function TableMap({ state, movable = false, fontPx = 20, windLabel = false }) {
  const t = state.table;
  const box = useRef(null);
  const svg = useRef(/** @type {SVGSVGElement | null} */ (null));
  const size = useSize(box, t !== null);
  const [drag, setDrag] = useState(
    /** @type {{ id: string; mode: string; x: number; y: number; heading: number; win: any } | null} */ (null),
  );
  if (!t) return null;
  const sideOf = new Map(state.ships.map((s) => [s.id, s.side]));
  const sides = [...new Set(state.ships.map((s) => s.side))];
  const nameOf = new Map(state.ships.map((s) => [s.id, s.name]));
  const role = roles(state);
  const pos = (s) => (drag?.id === s.id ? drag : s);
  const ships = t.ships.map((s) => ({ ...s, ...pos(s) }));
  const at = (s) => ({ sx: s.x, sy: t.height - s.y });
  const chosen = !state.pending ? (state.choice?.map ?? null) : null;
  // the rings and the caption of the action being set up, or of a choice about the table
  const measured = state.pending?.measured ?? (chosen ? { rings: chosen.rings, label: null, line: null } : null);
  const firerId = Object.keys(role).find((id) => role[id] === "firer" || role[id] === "centre") ?? Object.keys(role)[0];
  const targetId = Object.keys(role).find((id) => id !== firerId && role[id] !== "within");
  const firer = ships.find((s) => s.id === firerId);
  const target = ships.find((s) => s.id === targetId);
  // the window: every ship and the action's rings, in the map's shape (kept while a ship is dragged)
  const ringBoxes =
    firer && measured?.rings
      ? measured.rings.map((r) => ({
          x0: firer.x - r.radius,
          x1: firer.x + r.radius,
          y0: t.height - firer.y - r.radius,
          y1: t.height - firer.y + r.radius,
        }))
      : [];
  const fitted = viewWindow(
    [
      ...t.ships.map((s) => ({ x0: s.x - s.length, x1: s.x + s.length, y0: t.height - s.y - s.length, y1: t.height - s.y + s.length })),
      ...ringBoxes,
      ...reachBox(state.reach, t.height),
    ],
    t,
    size.width > 0 && size.height > 0 ? size.width / size.height : 0,
  );
  const win = drag?.win ?? fitted;
  const unit = size.width > 0 ? (win.x1 - win.x0) / size.width : t.width / 800; // map units (mm) per screen pixel
  const line = measured?.line ?? (firer && target && !chosen ? { from: firer, to: target } : null);
  // every base's box as drawn: the measured figure, the rings' words and the names keep clear of them
  const baseBoxes = ships.map((s) => {
    const { hx, hy } = baseExtent(s, unit);
    const { sx, sy } = at(s);
    return { id: s.id, hx, hy, box: { x0: sx - hx, x1: sx + hx, y0: sy - hy, y1: sy + hy } };
  });
  const onBase = (b) => baseBoxes.some((x) => boxesMeet(x.box, b, 2 * unit));
  const wind = state.wind ? windBox(unit, win, windLabel) : null;
  // the measured figure beside the middle of the firing line, right of it or left, moved a row or more up or down
  // where a ship stands there; left off the map (the action panel says it) where no place is clear of every base
  const captionPx = fontPx + 3;
  const caption =
    measured?.label && line
      ? (() => {
          const mid = (line.from.x + line.to.x) / 2;
          const w = measured.label.length * captionPx * 0.68 * unit;
          const h = captionPx * unit;
          const midY = t.height - (line.from.y + line.to.y) / 2;
          const row = captionPx * 1.3 * unit;
          const spots = [];
          for (const k of [0, -1, 1, -2, 2, -3, 3, -4, 4])
            for (const right of [true, false]) {
              const x0 = right ? mid + 12 * unit : mid - 12 * unit - w;
              const y = midY + k * row;
              spots.push({ x: x0, y: y + captionPx * 0.35 * unit, box: { x0, x1: x0 + w, y0: y - h / 2, y1: y + h / 2 } });
            }
          return spots.find((c) => insideBox(c.box, win) && !onBase(c.box) && !(wind && boxesMeet(wind, c.box))) ?? null;
        })()
      : null;
  // the range bands' words on their rings: at the top, else the bottom, the sides or a corner, where they cover no
  // base, no other ring's word, the measured figure or the wind's mark; a word with no such place is left off (the
  // action panel and the measured figure say the range)
  const ringWidth = nameWidth(14);
  const ringSpots = [];
  const ringLabelBoxes =
    firer && measured?.rings
      ? measured.rings.map((r) => {
          const w = (ringWidth ? ringWidth(r.label) : r.label.length * 14 * 0.7) * unit;
          const h = 18 * unit;
          const { sx: cx, sy: cy } = at(firer);
          const R = r.radius + (firer.width ?? 0) / 2;
          const d = R * Math.SQRT1_2;
          // each spot as the text's baseline centre
          const spots = [
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
            !ringSpots.some((o) => o && boxesMeet(o.box, c.box, 4 * unit)) &&
            !(caption && boxesMeet(caption.box, c.box)) &&
            !(wind && boxesMeet(wind, c.box));
          const spot = spots.find(clear) ?? null;
          ringSpots.push(spot);
          return spot?.box ?? null;
        })
      : [];
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
      measure: nameWidth(fontPx),
      obstacles: [...(wind ? [wind] : []), ...(caption ? [caption.box] : []), ...ringLabelBoxes.filter((b) => b !== null)],
    },
  );
  // a ring's word an action's name had to cover is left out (the measured figure still says the range)
  const covered = coveredMarks(
    ringLabelBoxes.map((b) => b ?? { x0: 0, x1: 0, y0: 0, y1: 0 }),
    labels,
  );
  const hiddenRings = new Set(ringLabelBoxes.flatMap((b, i) => (b === null || covered.has(i) ? [i] : [])));
  // the ships the map could not name: listed in full under it
  const named = new Set(labels.map((l) => l.id));
  const unnamed = ships.filter((s) => !named.has(s.id)).map((s) => nameOf.get(s.id) ?? s.id);

  const toMap = (e) => {
    const m = svg.current?.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: t.height - p.y };
  };
  const onGrab =
    movable &&
    ((e, s, mode) => {
      e.preventDefault();
      e.stopPropagation();
      svg.current?.setPointerCapture?.(e.pointerId);
      setDrag({ id: s.id, mode, x: s.x, y: s.y, heading: s.heading, win });
    });
  const onMove = (e) => {
    if (!drag) return;
    const p = toMap(e);
    if (!p) return;
    if (drag.mode === "move")
      setDrag({ ...drag, x: Math.round(Math.min(t.width, Math.max(0, p.x))), y: Math.round(Math.min(t.height, Math.max(0, p.y))) });
    else setDrag({ ...drag, heading: Math.round(((Math.atan2(p.x - drag.x, p.y - drag.y) * 180) / Math.PI + 360) % 360) });
  };
  const onDrop = () => {
    if (!drag) return;
    const { id, x, y, heading } = drag;
    api("POST", "/api/sim/move", { ship: id, x, y, heading }).finally(() => setDrag(null));
  };

  return html`<div class="table-map"><div class="map-box" ref=${box}>
    <svg ref=${svg} viewBox=${`${win.x0} ${win.y0} ${win.x1 - win.x0} ${win.y1 - win.y0}`} preserveAspectRatio="xMidYMid meet" role="img"
      aria-label=${`map of the table, ${t.ships.length} ships`} class=${drag ? "dragging" : ""}
      onPointerMove=${onMove} onPointerUp=${onDrop} onPointerCancel=${() => setDrag(null)}>
      <rect class="map-area" x="0" y="0" width=${t.width} height=${t.height} style=${`stroke-width:${2 * unit}`} />
      ${t.hexGrid ? html`<path class="map-hexes" id="map-hexes" d=${hexPath(t.hexGrid, win, t.height)} style=${`stroke-width:${1.2 * unit}`} />` : null}
      <${ReachLayer} reach=${state.reach} move=${state.move} height=${t.height} unit=${unit} />
      ${(measured?.rings ?? []).map(
        (r, i) => html`<g class="map-ring" data-ring=${r.label}>
          <circle cx=${firer ? at(firer).sx : 0} cy=${firer ? at(firer).sy : 0} r=${r.radius + (firer?.width ?? 0) / 2}
            style=${`stroke-width:${2 * unit}`} />
          ${
            hiddenRings.has(i)
              ? null
              : html`<text x=${ringSpots[i]?.x ?? 0} y=${ringSpots[i]?.y ?? 0}
                  text-anchor="middle" style=${`font-size:${14 * unit}px`}>${r.label}</text>`
          }
        </g>`,
      )}
      ${
        line
          ? html`<line class=${`map-line${measured?.line?.hits === false ? " misses" : ""}`} id="map-firing-line"
              x1=${line.from.x} y1=${t.height - line.from.y} x2=${line.to.x} y2=${t.height - line.to.y}
              style=${`stroke-width:${4 * unit};stroke-dasharray:${12 * unit} ${8 * unit}`} />`
          : null
      }
      ${ships.map(
        (s) => html`<${Base} key=${s.id} s=${s} ...${at(s)} role=${role[s.id]} unit=${unit}
          sideClass=${SIDE_CLASSES[sides.indexOf(sideOf.get(s.id))] ?? "side-a"} onGrab=${onGrab || undefined} />`,
      )}
      ${labels.map((l) =>
        l.leader
          ? html`<line class="map-leader" x1=${l.leader.x1} y1=${l.leader.y1} x2=${l.leader.x2} y2=${l.leader.y2}
              style=${`stroke-width:${1.5 * unit}`} />`
          : null,
      )}
      ${labels.map(
        (l) => html`<text class=${`map-name${role[l.id] ? " in-action" : ""}`} data-label=${l.id} x=${l.x} y=${l.y}
          text-anchor=${l.anchor} style=${`font-size:${fontPx * unit}px`}>${l.text}</text>`,
      )}
      ${
        caption
          ? html`<text class="map-measure" id="map-measure" x=${caption.x} y=${caption.y} text-anchor="start"
              style=${`font-size:${captionPx * unit}px`}>${measured.label}</text>`
          : null
      }
      <${Wind} wind=${state.wind} unit=${unit} win=${win} label=${windLabel} />
    </svg></div>
    ${
      // a few names listed in full under the map; more than a line's worth counted, the fleets' list naming every ship
      // (a long list here would shrink the map and leave still fewer names on it)
      unnamed.length
        ? html`<p class="map-key" id="map-unnamed" data-unnamed=${unnamed.length}>${
            unnamed.length <= 3 && unnamed.join(", ").length <= 48
              ? `Not named on the map (no room): ${unnamed.join(", ")}`
              : `${unnamed.length} ships not named on the map (no room): every ship is in the fleets' list`
          }</p>`
        : null
    }
  </div>`;
}
