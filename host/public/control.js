// /control (a phone or tablet at the table): the rules' choices, the action and its inputs, dice typed or rolled
// in software, confirm, undo, next phase, the display's scale and speech, each player's dice mode. Preact keeps
// what a person is typing in component state: a live push re-renders around it and never wipes it.
import { render } from "preact";
import { useState } from "preact/hooks";
import { Measured } from "./components/measured.js";
import { MoveLine } from "./components/move-reach.js";
import { LogControl } from "./components/night-log.js";
import { Players } from "./components/players.js";
import { ShipBases, Waiting } from "./components/setup-touch.js";
import { TableMap } from "./components/table-map.js";
import { actionName, oddsLine, shipName, valueWords } from "./lib/format.js";
import { html } from "./lib/html.js";
import { adoptTokenFromUrl, api, useTable } from "./lib/live.js";
import { fieldOf, refusalWords, typedDice } from "./lib/refusal-words.js";
import { stepScale } from "./lib/scales.js";
import { diceTrouble, phaseView } from "./lib/table.js";
import { FieldError, useSend, WithRefusals } from "./lib/use-send.js";

adoptTokenFromUrl();

/** One input of the action's form; `value` is what is shown (the person's edit, else the server's). */
function Field({ field, value, ships, onChange, error, quiet }) {
  const id = `field-${field.name}`;
  const errorId = `${id}-error`;
  const label = `${field.label}${field.optional ? " (optional)" : ""}`;
  // the refusal that concerns this field, right under it; the control says it is invalid and points to it
  const bad = error ? { "aria-invalid": "true", "aria-describedby": errorId, class: "bad" } : {};
  const said = html`<${FieldError} id=${errorId} error=${error} quiet=${quiet} />`;
  if (field.type === "boolean") {
    return html`<label class="check" for=${id}>
      <input id=${id} type="checkbox" name=${field.name} checked=${value === true} onChange=${(e) => onChange(e.currentTarget.checked)} ...${bad} />
      ${label}
    </label>${said}`;
  }
  if (field.type === "ships") {
    const picked = Array.isArray(value) ? value : [];
    return html`<fieldset class="ships-field" ...${error ? { "aria-describedby": errorId } : {}}><legend>${label}</legend>
      ${ships.map(
        (s) => html`<label class="check">
          <input type="checkbox" name=${field.name} value=${s.id} checked=${picked.includes(s.id)}
            onChange=${(e) => onChange(e.currentTarget.checked ? [...picked, s.id] : picked.filter((x) => x !== s.id))} />
          ${s.name}
        </label>`,
      )}
    </fieldset>${said}`;
  }
  let control;
  if (field.type === "ship" || field.type === "enum") {
    const options =
      field.type === "ship"
        ? ships.map((s) => [s.id, `${s.name} (${s.side})`])
        : (field.values ?? []).map((v) => [v, valueWords(field, v)]);
    control = html`<select id=${id} name=${field.name} value=${value === undefined ? "" : String(value)} ...${bad}
      onChange=${(e) => {
        const raw = e.currentTarget.value;
        const numeric = field.type === "enum" && (field.values ?? []).every((v) => typeof v === "number");
        onChange(raw === "" ? undefined : numeric ? Number(raw) : raw);
      }}>
      <option value="">—</option>
      ${options.map(([v, text]) => html`<option value=${String(v)}>${text}</option>`)}
    </select>`;
  } else {
    const number = field.type === "number";
    control = html`<input id=${id} name=${field.name} type=${number ? "number" : "text"} step="any" min=${field.min} max=${field.max}
      inputmode=${number ? "decimal" : undefined} value=${value ?? ""} autocomplete="off" ...${bad}
      onInput=${(e) => {
        const raw = e.currentTarget.value;
        onChange(raw === "" ? undefined : number ? Number(raw) : raw);
      }} />`;
  }
  return html`<label for=${id}><span>${label}</span>${control}</label>${said}`;
}

/** The action being set up: the person's edits are kept until sent; fields they did not touch follow the table. */
function ActionForm({ state }) {
  const p = state.pending;
  const actions = state.ruleset.actions;
  const [chosenType, setChosenType] = useState(/** @type {string | null} */ (null));
  const [edits, setEdits] = useState(/** @type {Record<string, unknown>} */ ({}));
  const type = chosenType ?? p?.type ?? actions[0]?.type;
  const def = actions.find((a) => a.type === type);
  const followUp = p?.origin === "follow-up";
  const serverValues = p && p.type === type ? p.action : {};
  const fields = def?.fields ?? [];
  const { send, refusal } = useSend((e) => refusalWords(e, fields));
  // what this person just did: their own refusal, else the draft's problem once they have set it (scrolled to then)
  const [sentAt, setSentAt] = useState(0);
  const draftError = p && p.type === type && p.error ? { ...p.error, message: refusalWords(p.error, fields) } : null;
  const error = refusal ?? draftError;
  const errorField = error ? fieldOf(error.path, fields) : null;
  const quiet = Date.now() - sentAt > 3000;
  const shownValue = (name) => (name in edits ? edits[name] : serverValues[name]);
  const pickType = async (t) => {
    setEdits({});
    setChosenType(t);
    if ((await send("POST", "/api/draft", { type: t })).ok) setChosenType(null);
  };
  const submit = async (e) => {
    e.preventDefault();
    setSentAt(Date.now());
    const values = Object.fromEntries(Object.entries(edits).filter(([, v]) => v !== undefined));
    const r = followUp
      ? await send("POST", "/api/actions", { action: { ...serverValues, ...values, type } })
      : await send("POST", "/api/draft", { type, values });
    if (r.ok) {
      setEdits({});
      setChosenType(null);
    }
  };
  return html`<section class="panel" aria-labelledby="action-h">
    <h2 id="action-h">${followUp ? `The rules demand: ${p.purpose}` : "Action"}</h2>
    ${
      followUp
        ? null
        : html`<label for="type"><span>Action</span>
          <select id="type" value=${type} onChange=${(e) => pickType(e.currentTarget.value)}>
            ${actions.map((a) => html`<option value=${a.type}>${actionName(state, a.type)}</option>`)}
          </select></label>`
    }
    ${def?.description ? html`<p class="muted">${def.description}</p>` : null}
    ${p?.outsidePhase && p.type === type ? html`<p class="phase-note small" id="phase-note" role="note">${p.outsidePhase}</p>` : null}
    ${
      p && p.type === type
        ? html`<${Measured} measured=${p.measured}
            choose=${followUp ? undefined : (field, value) => send("POST", "/api/draft", { type, values: { [field]: value } })} />`
        : null
    }
    <form id="fields" onSubmit=${submit}>
      ${fields.map(
        (f) => html`<${Field} key=${`${type}.${f.name}`} field=${f} value=${shownValue(f.name)} ships=${state.ships}
          error=${errorField === f ? error.message : ""} quiet=${quiet && error !== refusal}
          onChange=${(v) => setEdits((x) => ({ ...x, [f.name]: v }))} />`,
      )}
      <button type="submit">Set</button>
      <${FieldError} id="action-error" error=${error && !errorField ? error.message : ""} quiet=${quiet && error !== refusal} />
    </form>
    ${p && !error ? html`<p class="instruction-small" id="instruction">${p.instruction}</p>` : null}
    ${p?.odds ? html`<p id="odds">${oddsLine(p.odds)}</p>` : null}
  </section>`;
}

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
