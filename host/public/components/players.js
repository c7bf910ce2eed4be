// The players' dice modes (electronic, typed, host roll), one select per side: on /control and on /devices.
import { html } from "../lib/html.js";

const MODES = ["electronic", "manual", "software"];
const modeName = (m) => (m === "manual" ? "typed" : m);

/** The "Players' dice" panel; `send(method, url, body)` posts a side's new mode. */
export function Players({ state, send }) {
  return html`<section id="players" class="panel" aria-labelledby="players-h">
    <h2 id="players-h">Players' dice</h2>
    ${state.players.map(
      (p) => html`<label for=${`mode-${p.side}`}><span>${p.side}</span>
        <select id=${`mode-${p.side}`} value=${p.mode} onChange=${(e) => send("POST", `/api/players/${encodeURIComponent(p.side)}`, { mode: e.currentTarget.value })}>
          ${MODES.map((m) => html`<option value=${m}>${modeName(m)}</option>`)}
        </select></label>`,
    )}
  </section>`;
}
