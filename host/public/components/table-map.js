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
    ],
    t,
    size.width > 0 && size.height > 0 ? size.width / size.height : 0,
  );
  const win = drag?.win ?? fitted;
  const unit = size.width > 0 ? (win.x1 - win.x0) / size.width : t.width / 800; // map units (mm) per screen pixel
  const line = measured?.line ?? (firer && target && !chosen ? { from: firer, to: target } : null);
  // the measured figure beside the middle of the firing line, kept clear of names
  const captionPx = fontPx + 3;
  const caption =
    measured?.label && line
      ? (() => {
          const mid = (line.from.x + line.to.x) / 2;
          const w = measured.label.length * captionPx * 0.68 * unit;
          // right of the line, or left of it where the map's edge is near; never past the window's edges
          const right = mid + 12 * unit + w <= win.x1 - 6 * unit;
          const x0 = Math.max(win.x0 + 6 * unit, right ? mid + 12 * unit : Math.min(mid - 12 * unit, win.x1 - 6 * unit) - w);
          const y = Math.min(Math.max(t.height - (line.from.y + line.to.y) / 2, win.y0 + captionPx * unit), win.y1 - captionPx * unit);
          return {
            x: x0,
            y: y + captionPx * 0.35 * unit,
            box: { x0, x1: x0 + w, y0: y - (captionPx / 2) * unit, y1: y + (captionPx / 2) * unit },
          };
        })()
      : null;
  // the range bands' words at the top of their rings, kept clear of names
  const ringWidth = nameWidth(14);
  const ringLabelBoxes =
    firer && measured?.rings
      ? measured.rings.map((r) => {
          const w = (ringWidth ? ringWidth(r.label) : r.label.length * 14 * 0.7) * unit;
          const base = t.height - firer.y - r.radius - (firer.width ?? 0) / 2 - 4 * unit;
          return { x0: firer.x - w / 2, x1: firer.x + w / 2, y0: base - 14 * unit, y1: base + 4 * unit, soft: true };
        })
      : [];
  const labels = placeLabels(
    ships.map((s) => ({ id: s.id, name: nameOf.get(s.id) ?? s.id, ...at(s), r: Math.max(s.length, 14 * unit) / 2 })),
    {
      unit,
      fontPx,
      bounds: win,
      first: Object.keys(role),
      measure: nameWidth(fontPx),
      obstacles: [...(state.wind ? [windBox(unit, win, windLabel)] : []), ...(caption ? [caption.box] : []), ...ringLabelBoxes],
    },
  );
  // a ring's word an action's name had to cover is left out (the measured figure still says the range)
  const hiddenRings = coveredMarks(ringLabelBoxes, labels);

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

  return html`<div class="table-map" ref=${box}>
    <svg ref=${svg} viewBox=${`${win.x0} ${win.y0} ${win.x1 - win.x0} ${win.y1 - win.y0}`} preserveAspectRatio="xMidYMid meet" role="img"
      aria-label=${`map of the table, ${t.ships.length} ships`} class=${drag ? "dragging" : ""}
      onPointerMove=${onMove} onPointerUp=${onDrop} onPointerCancel=${() => setDrag(null)}>
      <rect class="map-area" x="0" y="0" width=${t.width} height=${t.height} style=${`stroke-width:${2 * unit}`} />
      ${t.hexGrid ? html`<path class="map-hexes" id="map-hexes" d=${hexPath(t.hexGrid, win, t.height)} style=${`stroke-width:${1.2 * unit}`} />` : null}
      ${(measured?.rings ?? []).map(
        (r, i) => html`<g class="map-ring" data-ring=${r.label}>
          <circle cx=${firer ? at(firer).sx : 0} cy=${firer ? at(firer).sy : 0} r=${r.radius + (firer?.width ?? 0) / 2}
            style=${`stroke-width:${2 * unit}`} />
          ${
            hiddenRings.has(i)
              ? null
              : html`<text x=${firer ? at(firer).sx : 0} y=${(firer ? at(firer).sy : 0) - r.radius - (firer?.width ?? 0) / 2 - 4 * unit}
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
    </svg>
  </div>`;
}
