// The display's header: the game's title and rule set, the turn's phases (the current side's run spelled out, another
// side's run one entry), the devices' health, and the buttons (full screen, the night's log, the other pages).
import { html } from "../lib/html.js";
import { phaseView } from "../lib/table.js";
import { LogToggle } from "./night-log.js";

/** One phase in the row; the first of its side's run carries the side's name ("Player 2: fire removal"). */
function Phase({ phase, now, label }) {
  return html`<li class=${now ? "phase now" : "phase"} aria-current=${now ? "step" : undefined}>
    ${label ? html`<span class="phase-group-label">${label}:</span> ` : null}<span class="phase-name">${phase.name}</span>
  </li>`;
}

function PhaseStrip({ state }) {
  const ph = phaseView(state);
  if (ph.count === 0) return null;
  // the current side's run is spelled out, phase by phase; another side's run is one entry
  const items = ph.groups.flatMap((g) =>
    g.label === null || g.now
      ? g.phases.map((p, i) => html`<${Phase} key=${p.index} phase=${p} now=${p.index === ph.index} label=${i === 0 ? g.label : null} />`)
      : [
          html`<li key=${`g${g.phases[0]?.index}`} class="phase-group" title=${g.phases.map((p) => p.name).join(", ")}>
            ${g.label}: ${g.phases.length} phases
          </li>`,
        ],
  );
  return html`<nav class="phases" aria-label="phases of the turn">
    <span class="phase-now" id="phase"><span id="turn">Turn ${state.turn}</span> · Phase ${ph.index + 1} of ${ph.count}</span>
    <ol class="phase-order" id="phase-order">${items}</ol>
    ${state.aside ? html`<span class="phase-aside" id="aside">Waiting: ${state.aside.title}</span>` : null}
  </nav>`;
}

function Health({ devices }) {
  const bad = devices.filter((d) => !d.connected);
  return html`<div class="health" role="status" aria-label="device health">
    ${
      bad.length === 0
        ? html`<span class="dev ok"><i></i>${devices.length} devices OK</span>`
        : bad.map((d) => html`<span class="dev bad" title=${d.message ?? d.status}><i></i>${d.name ?? d.id} ${d.status}</span>`)
    }
  </div>`;
}

function ScreenButtons() {
  const full = () =>
    (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {});
  return html`<button class="screen-button" type="button" title="Full screen" onClick=${full}>
    <span aria-hidden="true">⤢</span><span class="sr-only">Full screen</span>
  </button>`;
}

/** The header: title, rule set, phases, devices' health and the buttons. */
export function DisplayHeader({ state, logPage }) {
  return html`<header class="topbar">
    <h1 id="title">${state.title}</h1>
    <span class="ruleset">${state.ruleset.title}</span>
    <${PhaseStrip} state=${state} />
    <${Health} devices=${state.devices} />
    <${ScreenButtons} />
    <${LogToggle} page=${logPage} />
    <a class="games-link" href="/games">Games</a>
    <a class="games-link" href="/control">Control</a>
    <a class="games-link" href="/devices">Devices</a>
  </header>`;
}
