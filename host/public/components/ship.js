// A ship drawn like its paper log: name and side, status words, tracks of boxes (marked boxes crossed and
// filled), and facts. Status words carry their own colour AND text, so no one needs colour to read them.
import { isGone, severityLevel } from "../lib/format.js";
import { html } from "../lib/html.js";
import { memo } from "../lib/memo.js";

/** The status words, each coloured by the severity the rule set states for it (and readable without colour). */
export const Badges = ({ view }) =>
  view.status.length
    ? html`<div class="badges">${view.status.map((w, i) => html`<span class=${`badge sev-${severityLevel(view.severity?.[i])}`}>${w}</span>`)}</div>`
    : null;

/** A track of boxes. */
export const Track = memo(function Track({ track, compact = false }) {
  const boxes = Array.from({ length: track.boxes }, (_, i) => html`<i class=${i < track.marked ? "box marked" : "box"}></i>`);
  return html`<div
    class="track"
    data-label=${track.label}
    data-marked=${track.marked}
    data-boxes=${track.boxes}
    role="img"
    aria-label=${`${track.label}: ${track.marked} of ${track.boxes} marked`}
  >
    ${compact ? null : html`<span class="track-label">${track.label}</span>`}
    <span class="boxes">${boxes}</span>
  </div>`;
});

/** The large log of one ship (the one shown); drawn again only when her view or log changed. */
export const ShipLog = memo(function ShipLog({ view, log }) {
  return html`<article class="ship-log" data-ship=${view.id}>
    <header><h2>${view.name}</h2><span class="side">${view.side}</span><${Badges} view=${view} /></header>
    <div class="tracks">${view.tracks.map((t) => html`<${Track} track=${t} />`)}</div>
    ${view.facts.length ? html`<dl class="facts">${view.facts.map((f) => html`<div><dt>${f.label}</dt><dd>${f.value}</dd></div>`)}</dl>` : null}
    <ol class="log-entries">
      ${
        log.length
          ? log.slice(-5).map((e) => html`<li data-seq=${e.seq}><b>#${e.number ?? e.seq} </b>${e.description}</li>`)
          : html`<li class="muted">Nothing yet.</li>`
      }
    </ol>
  </article>`;
});

/**
 * A ship's line in the fleet overview; `role` marks it as firer/target of the action being set up. Memoised: a
 * push that leaves the ship as it was does not draw it again.
 */
export const ShipCard = memo(function ShipCard({ view, role, roleLabel, shown }) {
  const cls = `ship-card${isGone(view) ? " gone" : ""}${role ? ` role-${role}` : ""}${shown ? " shown" : ""}`;
  return html`<div class=${cls} data-ship=${view.id}>
    <div class="ship-name">${view.name}${role ? html`<span class="role-tag">${roleLabel ?? role}</span>` : null}</div>
    <${Badges} view=${view} />
    ${view.tracks.length ? html`<div class="compact-tracks">${view.tracks.map((t) => html`<${Track} track=${t} compact />`)}</div>` : null}
  </div>`;
});
