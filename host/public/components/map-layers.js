// The map's layers, bottom to top: the table's area and hex grid, the action's range rings, its firing line, the
// ships' bases, the names (and their leaders), the measured figure, the wind. A layer is a component of what it
// depends on and nothing else, memoised: a push that changes none of its props does not draw it again. A new layer
// is one more such component, given its own props, in `TableMap`'s list (as the move's reach, components/move-reach.js,
// drawn over the area); what it adds to the window, `layoutMap`'s `shown`.
import { html } from "../lib/html.js";
import { hexPath } from "../lib/map-hexes.js";
import { windSpot } from "../lib/map-layout.js";
import { memo } from "../lib/memo.js";

/** The table's edge and, on a hex cloth, its grid. */
export const AreaLayer = memo(function AreaLayer({ t, win, unit }) {
  return html`<rect class="map-area" x="0" y="0" width=${t.width} height=${t.height} style=${`stroke-width:${2 * unit}`} />
    ${t.hexGrid ? html`<path class="map-hexes" id="map-hexes" d=${hexPath(t.hexGrid, win, t.height)} style=${`stroke-width:${1.2 * unit}`} />` : null}`;
});

/** The range bands of the action being set up, as rings round the firer, each with its word where it has room. */
export const RingsLayer = memo(function RingsLayer({ rings, words, centre, firerWidth, unit }) {
  return rings.map(
    (r, i) => html`<g class="map-ring" data-ring=${r.label}>
      <circle cx=${centre?.sx ?? 0} cy=${centre?.sy ?? 0} r=${r.radius + firerWidth / 2} style=${`stroke-width:${2 * unit}`} />
      ${
        words[i]
          ? html`<text x=${words[i].x} y=${words[i].y} text-anchor="middle" style=${`font-size:${14 * unit}px`}>${r.label}</text>`
          : null
      }
    </g>`,
  );
});

/** The line of fire (dashed; marked when it misses the target). */
export const LineLayer = memo(function LineLayer({ line, misses, height, unit }) {
  if (!line) return null;
  return html`<line class=${`map-line${misses ? " misses" : ""}`} id="map-firing-line"
    x1=${line.from.x} y1=${height - line.from.y} x2=${line.to.x} y2=${height - line.to.y}
    style=${`stroke-width:${4 * unit};stroke-dasharray:${12 * unit} ${8 * unit}`} />`;
});

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

/** Every ship's base, coloured by side, the action's ships marked by their role. */
export const BasesLayer = memo(function BasesLayer({ ships, height, role, sideClass, unit, onGrab }) {
  return ships.map(
    (s) => html`<${Base} key=${s.id} s=${s} sx=${s.x} sy=${height - s.y} role=${role[s.id]} unit=${unit}
      sideClass=${sideClass.get(s.id) ?? "side-a"} onGrab=${onGrab || undefined} />`,
  );
});

/** The ships' names, and the leaders to names a row out. */
export const NamesLayer = memo(function NamesLayer({ labels, role, fontPx, unit }) {
  return html`${labels.map((l) =>
    l.leader
      ? html`<line class="map-leader" x1=${l.leader.x1} y1=${l.leader.y1} x2=${l.leader.x2} y2=${l.leader.y2}
          style=${`stroke-width:${1.5 * unit}`} />`
      : null,
  )}
  ${labels.map(
    (l) => html`<text class=${`map-name${role[l.id] ? " in-action" : ""}`} data-label=${l.id} x=${l.x} y=${l.y}
      text-anchor=${l.anchor} style=${`font-size:${fontPx * unit}px`}>${l.text}</text>`,
  )}`;
});

/** The measured figure (the range) beside the firing line, where it has room. */
export const CaptionLayer = memo(function CaptionLayer({ caption, label, px, unit }) {
  if (!caption) return null;
  return html`<text class="map-measure" id="map-measure" x=${caption.x} y=${caption.y} text-anchor="start"
    style=${`font-size:${px * unit}px`}>${label}</text>`;
});

/** The wind: an arrow flying downwind in the map's top right corner, with its words when asked. */
export const WindLayer = memo(function WindLayer({ wind, unit, win, label }) {
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
});
