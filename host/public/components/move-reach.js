// The movement phase on the pages (issue 43): where the ship whose move is set up may end it (the view's `reach`,
// pieces in table mm whose union is the area) and the path the rules found for her move (the view's `move`), drawn on the map under the
// ships; and the move in words, with what to fix when the rules forbid it.
import { html } from "../lib/html.js";

/** The box (map units, y down) the reach covers, so the map's window takes it in. */
export function reachBox(reach, height) {
  const all = (reach?.polygons ?? []).flat();
  if (!all.length) return [];
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => height - p[1]);
  return [{ x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) }];
}

/**
 * The reach (pieces whose union is the area) as one shaded area with a dashed outline round the union: the pieces are
 * one path, so where they overlap the shading is not darker; the outline is each piece's edge drawn twice as wide and
 * masked by the pieces themselves, so only the half outside every piece shows — the union's edge, with no line inside
 * it. A piece of two points (the straight moves of a text that turns only after a least move) shows as a line.
 */
function ReachArea({ reach, height, unit }) {
  const d = reach.polygons
    .filter((p) => p.length > 1)
    .map((p) => `M${p.map(([x, y]) => `${x},${height - y}`).join("L")}Z`)
    .join("");
  const [box = { x0: 0, x1: 0, y0: 0, y1: 0 }] = reachBox(reach, height);
  const pad = 20 * unit;
  const mask = `map-reach-edge-${reach.ship}`;
  return html`<g class="map-reach">
    <defs>
      <mask id=${mask} maskUnits="userSpaceOnUse" x=${box.x0 - pad} y=${box.y0 - pad} width=${box.x1 - box.x0 + 2 * pad}
        height=${box.y1 - box.y0 + 2 * pad}>
        <rect x=${box.x0 - pad} y=${box.y0 - pad} width=${box.x1 - box.x0 + 2 * pad} height=${box.y1 - box.y0 + 2 * pad}
          fill="white" fill-opacity="1" stroke="none" />
        <path d=${d} fill="black" fill-opacity="1" stroke="none" />
      </mask>
    </defs>
    <path class="map-reach-area" id="map-reach" data-ship=${reach.ship} d=${d} style="stroke:none" />
    <path class="map-reach-edge" d=${d} mask=${`url(#${mask})`}
      style=${`fill:none;stroke-width:${6 * unit};stroke-dasharray:${8 * unit} ${5 * unit}`} />
  </g>`;
}

/** The reach as a shaded area and the move's path as a line with its turning points, under the ships. */
export function ReachLayer({ reach, move, height, unit }) {
  if (!reach && !move) return null;
  const pts = (list) => list.map(([x, y]) => `${x},${height - y}`).join(" ");
  const path = move?.path?.map((p) => [p.x, p.y]) ?? [];
  return html`<g class="map-move">
    ${reach?.polygons?.some((p) => p.length > 1) ? html`<${ReachArea} reach=${reach} height=${height} unit=${unit} />` : null}
    ${
      path.length > 1
        ? html`<polyline class=${`map-move-path${move.legal ? "" : " illegal"}`} id="map-move-path" points=${pts(path)}
              style=${`stroke-width:${3 * unit}`} />
            ${path.slice(1, -1).map(([x, y]) => html`<circle class="map-move-turn" cx=${x} cy=${height - y} r=${5 * unit} />`)}`
        : null
    }
  </g>`;
}

/**
 * The move under way in words. A legal move: the figures large, a note the rules add ("short of her full move …")
 * smaller under them. A move the rules forbid: the rules' one sentence ("Henry moved 7″ — her allowance is 6″."),
 * then what to fix — back within the shaded area when the map draws her reach.
 */
export function MoveLine({ move, state }) {
  if (!move) return null;
  if (!move.legal) {
    const shaded = state.reach?.ship === move.ship;
    return html`<div class="move-line illegal" id="move-line" data-legal="false">
      <p class="move-words">${move.words}</p>
      <p class="move-fix" id="move-fix">${shaded ? "Put her back within the shaded area on the map." : "Put her back where she may end this move."}</p>
    </div>`;
  }
  const [head, ...notes] = move.words.split("; ");
  return html`<div class="move-line" id="move-line" data-legal="true">
    <p class="move-words">${head}</p>
    ${notes.length ? html`<p class="move-note">${notes.join("; ")}</p>` : null}
  </div>`;
}
