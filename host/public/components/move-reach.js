// The movement phase on the pages (issue 43): where the ship whose move is set up may end it (the view's `reach`, a
// polygon in table mm) and the path the rules found for her move (the view's `move`), drawn on the map under the
// ships; and the move in words, with what to fix when the rules forbid it.
import { html } from "../lib/html.js";

/** The box (map units, y down) the reach covers, so the map's window takes it in. */
export function reachBox(reach, height) {
  if (!reach?.polygon?.length) return [];
  const xs = reach.polygon.map((p) => p[0]);
  const ys = reach.polygon.map((p) => height - p[1]);
  return [{ x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) }];
}

/** The reach as a shaded area and the move's path as a line with its turning points, under the ships. */
export function ReachLayer({ reach, move, height, unit }) {
  if (!reach && !move) return null;
  const pts = (list) => list.map(([x, y]) => `${x},${height - y}`).join(" ");
  const path = move?.path?.map((p) => [p.x, p.y]) ?? [];
  return html`<g class="map-move">
    ${
      reach?.polygon?.length
        ? html`<polygon class="map-reach" id="map-reach" data-ship=${reach.ship} points=${pts(reach.polygon)}
            style=${`stroke-width:${3 * unit};stroke-dasharray:${8 * unit} ${5 * unit}`} />`
        : null
    }
    ${
      path.length > 1
        ? html`<polyline class=${`map-move-path${move.legal ? "" : " illegal"}`} id="map-move-path" points=${pts(path)}
              style=${`stroke-width:${3 * unit}`} />
            ${path.slice(1, -1).map(([x, y]) => html`<circle class="map-move-turn" cx=${x} cy=${height - y} r=${5 * unit} />`)}`
        : null
    }
  </g>`;
}

/** The move under way in words; a move the rules forbid says so with its figures and what to do. */
export function MoveLine({ move, state }) {
  if (!move) return null;
  const name = state.ships.find((s) => s.id === move.ship)?.name ?? move.ship;
  // the figures first, large; a note the rules add after them ("short of her full move …") smaller, under them
  const [said = ""] = move.words.split(": not legal");
  const [head, ...notes] = said.split("; ");
  return html`<div class=${`move-line${move.legal ? "" : " illegal"}`} id="move-line" data-legal=${String(move.legal)}>
    <p class="move-words">${head}</p>
    ${notes.length ? html`<p class="move-note">${notes.join("; ")}</p>` : null}
    ${
      move.legal
        ? null
        : html`<p class="move-fix" id="move-fix">Not legal: ${move.why}. Put ${name} back within the shaded area on the map; the
            table judges her again where she stands.</p>`
    }
  </div>`;
}
