// The display's action panel: the action being set up (its ships, its fields, what is measured, the instruction, the
// dice so far, the pad's choice, the plan and the odds), a choice the rules ask, set-up by touch, or a phase where a tap
// sets nothing up; the dice trouble said where the dice are asked for.

import { actionName, shipName, valueWords } from "../lib/format.js";
import { html } from "../lib/html.js";
import { diceTrouble, onlyShown, padHas } from "../lib/table.js";
import { ChoiceOptions, choiceHow, PadChoice } from "./choice.js";
import { DiceRow } from "./dice.js";
import { Measured } from "./measured.js";
import { Odds } from "./odds.js";

function Trouble({ state }) {
  const t = diceTrouble(state);
  if (!t) return null;
  return html`<div class="trouble" role="alert"><b>${t.title}</b><span>${t.remedy}</span></div>`;
}

function fieldText(state, p) {
  // a field left empty (null: "following no ship") says nothing; a ship chosen in a field of its own is named
  const isShip = (x) => typeof x === "string" && state.ships.some((s) => s.id === x);
  return p.fields
    .filter((f) => f.type !== "ship" && p.action[f.name] !== undefined && p.action[f.name] !== null)
    .map((f) => {
      const v = p.action[f.name];
      const shown = Array.isArray(v) ? v.map((x) => shipName(state, x)).join(", ") : isShip(v) ? shipName(state, v) : valueWords(f, v);
      return `${f.label}: ${shown}`;
    })
    .join(" · ");
}

function Waiting({ followUps }) {
  if (!followUps.length) return null;
  return html`<div class="waiting"><h3 class="kicker">Then the rules demand</h3>
    <ol>${followUps.map((f) => html`<li>${f.purpose}</li>`)}</ol></div>`;
}

export function ActionPanel({ state }) {
  const p = state.pending;
  if (state.assigning) {
    // set-up by touch comes first: a tap or a roll now goes to it, not to the game
    return html`<h2 class="kicker">Setting up the table</h2>
      <div class="instruction" id="instruction" data-needed="">${state.assigning.instruction}</div>
      <p class="choice-how">Stop waiting from the control page or the games page.</p>`;
  }
  if (state.choice) {
    const c = state.choice;
    // the pad answers too: one option (Next choice shows them in turn, Confirm gives it) or ticks several
    const byPad = padHas(state, "next-choice");
    return html`<h2 class="kicker">The rules ask</h2>
      <div class="instruction" id="instruction" data-needed="">${c.purpose}</div>
      ${
        // a choice about the table: what its positions say (on the map too), for the players to confirm
        c.map?.figure
          ? html`<p class="measured-fields" id="choice-measured"><span class="measured-kicker">Measured on the table: </span><b>${
              c.map.within.map((id) => shipName(state, id)).join(", ") || "none"
            }</b> (${c.map.figure})</p>`
          : null
      }
      <p class="choice-how">${choiceHow(c, byPad)}</p>
      <${ChoiceOptions} choice=${c} />
      <${Waiting} followUps=${state.followUps.slice(1)} />`;
  }
  if (!p) {
    // a phase where a tap sets nothing up: what the phase is for, then what a tap does
    return html`<h2 class="kicker">Ready</h2>
      ${
        // what the phase is for is the instruction (kept when the display compacts); what a tap does, a note after it
        state.phase.purpose
          ? html`<div class="instruction" id="instruction">${state.phase.purpose}</div>
              <div class="phase-note" id="tap-note">Tap a ship to see its log</div>`
          : html`<div class="instruction" id="instruction">Tap a ship to see its log</div>`
      }`;
  }
  const shipFields = p.fields.filter((f) => f.type === "ship");
  if (onlyShown(state)) {
    const first = shipName(state, p.action[shipFields[0].name]);
    return html`<h2 class="kicker">Showing ${first}</h2>
      <div class="instruction" id="instruction" data-needed="">
        ${actionName(state, p.type)} from ${first}: tap the ${shipFields[1].label.toLowerCase()}.
      </div>
      <${Recent} history=${state.history} />`;
  }
  const who = shipFields
    .map((f) => p.action[f.name])
    .filter((x) => typeof x === "string")
    .map((id) => shipName(state, id));
  const idle = who.length === 0 && p.dice.length === 0 && p.origin === "table";
  return html`<h2 class="kicker">${p.origin === "follow-up" ? `The rules demand: ${p.purpose}` : actionName(state, p.type)}</h2>
    ${
      // an action played in another phase is allowed, with a note; not while the panel only waits for a first tap
      p.outsidePhase && !idle ? html`<p class="phase-note" id="phase-note" role="note">${p.outsidePhase}</p>` : null
    }
    ${who.length ? html`<div class="action-ships">${who.join(" → ")}</div>` : null}
    ${idle || p.measured?.fields.length ? null : html`<div class="action-fields">${fieldText(state, p)}</div>`}
    <${Measured} measured=${p.measured} />
    <div id="instruction" class=${`instruction${p.error && !p.choosing ? " refused" : ""}`} data-needed=${p.needed ?? ""}>${p.instruction}</div>
    ${
      p.dice.length
        ? html`<div class="gathered"><h3 class="kicker" id="dice-count">Dice so far (${p.dice.length}, ${p.needed} to go)</h3><${DiceRow} dice=${p.dice} /></div>`
        : null
    }
    <${PadChoice} pending=${p} />
    ${
      shipFields.length === 0 && p.dice.length === 0 && state.focus?.ship
        ? html`<p class="shown-hint" id="shown-hint">Showing ${state.focus.ship.name}. To fire from ${state.focus.ship.name}, tap the target; this roll waits.</p>`
        : null
    }
    <${Trouble} state=${state} />
    ${
      p.plan?.length
        ? html`<ul class="plan">${p.plan.map((e) => html`<li>${e.count} × ${e.color ? `${e.color} ` : ""}${e.die} — ${e.purpose}</li>`)}</ul>`
        : null
    }
    <${Odds} odds=${p.odds} />
    ${idle ? html`<${Recent} history=${state.history} />` : null}
    ${p.origin === "follow-up" ? html`<${Waiting} followUps=${state.followUps.slice(1)} />` : null}`;
}

function Recent({ history }) {
  if (!history.length) return null;
  return html`<ol class="history" aria-label="recent results">
    ${history
      .slice(-4)
      .reverse()
      .map((r) => html`<li>#${r.number ?? r.seq} ${r.description}</li>`)}
  </ol>`;
}
