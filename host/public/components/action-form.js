// /control's action form: the action to set up (the one under way, or one chosen) and each of its inputs, a person's
// edit kept in the component's state until sent, so a live push re-renders around it and never wipes it; the rules'
// refusal said beside the field it concerns.
import { useState } from "preact/hooks";
import { actionName, oddsLine, valueWords } from "../lib/format.js";
import { html } from "../lib/html.js";
import { fieldOf, refusalWords } from "../lib/refusal-words.js";
import { FieldError, useSend } from "../lib/use-send.js";
import { Measured } from "./measured.js";

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
export function ActionForm({ state }) {
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
