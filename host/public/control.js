// /control (a phone or tablet at the table): the rules' choices, the action and its inputs, dice typed or rolled
// in software, confirm, undo, next phase, the display's scale and speech, each player's dice mode. Preact keeps
// what a person is typing in component state: a live push re-renders around it and never wipes it.
import { render } from "preact";
import { useState } from "preact/hooks";
import { ActionForm } from "./components/action-form.js";
import { MoveLine } from "./components/move-reach.js";
import { LogControl } from "./components/night-log.js";
import { Players } from "./components/players.js";
import { ShipBases, Waiting } from "./components/setup-touch.js";
import { TableMap } from "./components/table-map.js";
import { shipName } from "./lib/format.js";
import { html } from "./lib/html.js";
import { adoptTokenFromUrl, api, useTable } from "./lib/live.js";
import { refusalWords, typedDice } from "./lib/refusal-words.js";
import { stepScale } from "./lib/scales.js";
import { diceTrouble, phaseView } from "./lib/table.js";
import { FieldError, useSend, WithRefusals } from "./lib/use-send.js";

adoptTokenFromUrl();

function Dice({ state }) {
  const [typed, setTyped] = useState("");
  const p = state.pending;
  const trouble = diceTrouble(state);
  const dice = useSend((e) => refusalWords(e));
  const buttons = useSend();
  const enter = async (e) => {
    e.preventDefault();
    // checked here first, so that what the person typed is answered in words beside it
    const checked = typedDice(typed, p?.needed ?? null);
    if ("error" in checked) return dice.setRefusal({ code: "dice.typed", path: "values", message: checked.error });
    if ((await dice.send("POST", "/api/dice", { values: checked.values })).ok) setTyped("");
  };
  const send = buttons.send;
  return html`<section class="panel" aria-labelledby="dice-h">
    <h2 id="dice-h">Dice</h2>
    <p id="dice-needed">${p?.needed ? `${p.needed} still needed (${p.mode} dice for ${p.roller ?? "this roll"})` : "No dice needed now."}</p>
    ${trouble ? html`<p class="trouble-small" role="alert"><b>${trouble.title}</b> ${trouble.remedy}</p>` : null}
    <form class="row" onSubmit=${enter}>
      <label for="dice-values" class="grow"><span>Dice read</span>
        <input id="dice-values" placeholder="e.g. 4 6 1" inputmode="numeric" autocomplete="off" value=${typed}
          ...${dice.refusal ? { "aria-invalid": "true", "aria-describedby": "dice-error", class: "bad" } : {}}
          onInput=${(e) => {
            setTyped(e.currentTarget.value);
            if (dice.refusal) dice.setRefusal(null);
          }} /></label>
      <button type="submit">Enter dice</button>
    </form>
    <${FieldError} id="dice-error" error=${dice.refusal?.message} />
    <div class="buttons">
      <button type="button" onClick=${() => send("POST", "/api/dice/software", {})}>Roll for me</button>
      <button type="button" onClick=${() => send("POST", "/api/confirm", {})}>Confirm</button>
      <button type="button" class="secondary" onClick=${() => send("POST", "/api/cancel", {})}>Cancel</button>
      <button type="button" class="danger" onClick=${() => send("POST", "/api/undo", {})}>Undo last</button>
      <button type="button" class="secondary" onClick=${() => send("POST", "/api/phase/next", {})}>Next phase</button>
    </div>
    <${FieldError} id="dice-buttons-error" error=${buttons.refusal?.message} />
  </section>`;
}

function Choice({ state }) {
  const c = state.choice;
  // a choice of several options starts from the ones ticked (the table's measurement, or the pad's ticks)
  const [picked, setPicked] = useState(/** @type {number[] | null} */ (null));
  const { send, refusal } = useSend();
  if (!c) return null;
  const multi = c.max > 1;
  const chosen = picked ?? (multi ? (c.ticked ?? []) : [c.picked !== null && c.picked < c.options.length ? c.picked : 0]);
  const submit = (e) => {
    e.preventDefault();
    const values = chosen.map((i) => c.options[i].value);
    send("POST", "/api/choose", { value: multi ? values : values[0] }).then((r) => r.ok && setPicked(null));
  };
  return html`<section id="choice" class="panel choice" aria-labelledby="choice-h">
    <form onSubmit=${submit}>
      <h2 id="choice-h">${c.purpose}</h2>
      ${
        multi && c.measuredTicks
          ? html`<p class="muted" id="choice-measured-note">Ticked as measured on the table${c.map?.figure ? ` (${c.map.figure})` : ""}: untick or tick to change.</p>`
          : null
      }
      ${c.options.map(
        (o, i) => html`<label class="check">
          <input type=${multi ? "checkbox" : "radio"} name="opt" value=${String(i)} checked=${chosen.includes(i)}
            onChange=${(e) => setPicked(multi ? (e.currentTarget.checked ? [...chosen, i] : chosen.filter((x) => x !== i)) : [i])} />
          ${o.label}
        </label>`,
      )}
      <button type="submit">Choose</button>
      <${FieldError} id="choice-error" error=${refusal?.message} />
    </form>
  </section>`;
}

function Ships({ state }) {
  const { send, refusal } = useSend();
  return html`<section id="ships" class="panel" aria-labelledby="ships-h">
    <h2 id="ships-h">Ships</h2>
    <p class="muted">Tap one to show its log (as a tap on its base does); a second one starts firing at it.</p>
    <div class="buttons ship-buttons">
      ${state.ships.map(
        (s) => html`<button type="button" class=${state.focus?.ship?.id === s.id ? "shown" : "secondary"}
          aria-pressed=${state.focus?.ship?.id === s.id ? "true" : "false"}
          onClick=${() => send("POST", "/api/tap", { ship: s.id })}>${s.name}</button>`,
      )}
    </div>
    <${FieldError} id="ships-error" error=${refusal?.message} />
  </section>`;
}

/** The map of the table, as on the display; on the demo's emulated table a ship is dragged to move it, turned by its bow. */
function MapPanel({ state }) {
  if (!state.table) return null;
  return html`<section id="map" class="panel map-panel" aria-labelledby="map-h">
    <h2 id="map-h">The table</h2>
    ${state.sim ? html`<p class="muted">Drag a ship to move its model; drag its bow to turn it.</p>` : null}
    <${MoveLine} move=${state.move} state=${state} />
    <${TableMap} state=${state} movable=${state.sim} fontPx=${15} windLabel=${true} />
  </section>`;
}

function DisplaySettings({ prefs }) {
  if (!prefs) return null;
  const set = (body) => api("POST", "/api/display", body);
  const step = (by) => set({ scale: stepScale(prefs.scale, by) });
  return html`<section id="display-settings" class="panel" aria-labelledby="display-h">
    <h2 id="display-h">The display</h2>
    <div class="row">
      <button type="button" class="secondary" onClick=${() => step(-1)}>Smaller</button>
      <output id="scale" aria-live="polite">Text ${Math.round(prefs.scale * 100)}%</output>
      <button type="button" class="secondary" onClick=${() => step(1)}>Larger</button>
    </div>
    <label class="check"><input type="checkbox" id="speech" checked=${prefs.speech} onChange=${(e) => set({ speech: e.currentTarget.checked })} />
      Speak results on the display</label>
  </section>`;
}

/** The open game's after-action report (the log as sentences with the dice of each result), opened in a new tab. */
function ReportLink({ game, version }) {
  if (version === 0) return null;
  return html`<a href=${`/api/games/${game}/report`} target="_blank" rel="noopener" id="report">report</a>`;
}

function Control() {
  const { state, prefs } = useTable();
  const undone = state?.lastUndo ? `Undone: #${state.lastUndo.number ?? state.lastUndo.seq} ${state.lastUndo.description}` : null;
  if (state) document.body.dataset.version = String(state.version);
  if (!state) return html`<main class="page">Connecting to the table…</main>`;
  const ph = phaseView(state);
  return html`<main class="page">
    <h1>Control <nav class="links"><a href="/">display</a> <a href="/devices">devices</a> <a href="/games">games</a> <${ReportLink} game=${state.game} version=${state.last?.seq ?? 0} /></nav></h1>
    ${
      // the game is over (by the rules or the organiser): said first; undo stays, to take back a result by mistake
      state.ended
        ? html`<p id="game-over" class="trouble-small" role="status"><b>${state.ended.headline}</b> — ${state.ended.reason}</p>`
        : null
    }
    <p id="phase" class="phase">Turn ${state.turn}${ph.name ? ` · Phase ${ph.index + 1} of ${ph.count}: ${ph.name}` : ""}</p>
    <p id="last" aria-live="polite">${undone ?? (state.last ? `#${state.last.number ?? state.last.seq}: ${state.last.description}` : "")}</p>
    ${state.focus?.ship ? html`<p id="focus" class="muted">Showing ${shipName(state, state.focus.ship.id)}</p>` : null}
    <${WithRefusals} id="waiting-error" part=${Waiting} state=${state} />
    <${Choice} key=${JSON.stringify(state.choice)} state=${state} />
    <${ActionForm} state=${state} />
    <${Dice} state=${state} />
    <${MapPanel} state=${state} />
    <${Ships} state=${state} />
    <${WithRefusals} id="bases-error" part=${ShipBases} state=${state} />
    <${DisplaySettings} prefs=${prefs} />
    <${LogControl} prefs=${prefs} version=${state.version} />
    <${WithRefusals} id="players-error" part=${Players} state=${state} />
  </main>`;
}

render(html`<${Control} />`, /** @type {HTMLElement} */ (document.getElementById("app")));
