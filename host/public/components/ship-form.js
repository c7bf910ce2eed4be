// One ship added by hand on /games/new: a form built from the rule set's ship set-up fields (`GET /api/rulesets`:
// labels, choices, bounds, defaults), checked by the rule set before it joins the fleets — the same check a roster
// row gets (`POST /api/rosters/parse`), so each bad value's message stands next to its field.
import { useState } from "preact/hooks";
import { shipOfForm } from "../lib/games.js";
import { html } from "../lib/html.js";
import { api } from "../lib/live.js";

const BASE = [
  { name: "side", label: "Side", type: "string" },
  { name: "id", label: "Id (short, no spaces)", type: "string" },
  { name: "name", label: "Name", type: "string" },
  { name: "tag", label: "Tag UID (optional: tap it later)", type: "string", optional: true },
];

function Input({ field, value, set, bad, sides }) {
  const id = `ship-${field.name}`;
  const common = {
    id,
    name: field.name,
    class: bad ? "bad" : "",
    "aria-invalid": bad ? "true" : "false",
    "aria-describedby": `${id}-error`,
  };
  if (field.type === "boolean")
    return html`<input type="checkbox" ...${common} checked=${value === true} onChange=${(e) => set(e.currentTarget.checked)} />`;
  if (field.type === "enum")
    return html`<select ...${common} value=${value ?? ""} onChange=${(e) => set(e.currentTarget.value)}>
      ${field.optional ? html`<option value="">${field.default !== undefined ? `default (${field.default})` : "—"}</option>` : html`<option value="">choose…</option>`}
      ${field.values.map((v) => html`<option value=${String(v)}>${String(v)}</option>`)}
    </select>`;
  const list = field.name === "side" ? "known-sides" : undefined;
  return html`<input type=${field.type === "number" ? "number" : "text"} inputmode=${field.type === "number" ? "decimal" : undefined}
    step=${field.type === "number" ? "any" : undefined} min=${field.min} max=${field.max} list=${list}
    placeholder=${field.default !== undefined ? String(field.default) : ""} ...${common} value=${value ?? ""}
    onInput=${(e) => set(e.currentTarget.value)} />
    ${list ? html`<datalist id="known-sides">${sides.map((s) => html`<option value=${s} />`)}</datalist>` : null}`;
}

/** The form; `onAdd(ship)` receives `{side, id, name, tag?, …fields}` once the rule set accepts it. */
export function ShipForm({ ruleset, sides, onAdd }) {
  const [values, setValues] = useState({ side: sides[0] ?? "" });
  const [errors, setErrors] = useState({});
  const fields = [...BASE, ...ruleset.ship];
  const submit = async (e) => {
    e.preventDefault();
    const { ship, problems } = shipOfForm(fields, values);
    if (Object.keys(problems).length > 0) return setErrors(problems);
    const r = await api("POST", "/api/rosters/parse", { ruleset: ruleset.id, format: "yaml", text: JSON.stringify([ship]) });
    if (r.ok === false) {
      const found = {};
      for (const p of r.error.errors ?? [{ field: "", message: r.error.message }]) found[p.field || "form"] = p.message;
      return setErrors(found);
    }
    setErrors({});
    onAdd(r.ships[0]);
    // the next ship is often of the same kind: only what names this one is cleared
    setValues({ ...values, id: "", name: "", tag: "" });
  };
  return html`<form class="ship-form" onSubmit=${submit} aria-label="Add a ship" novalidate>
    <div class="ship-fields">
      ${fields.map(
        (f) => html`<label class=${f.type === "boolean" ? "check" : ""} key=${f.name}>
          ${f.type === "boolean" ? null : html`<span>${f.label}</span>`}
          <${Input} field=${f} value=${values[f.name]} bad=${errors[f.name] !== undefined} sides=${sides}
            set=${(v) => setValues({ ...values, [f.name]: v })} />
          ${f.type === "boolean" ? html`<span>${f.label}</span>` : null}
          <span id=${`ship-${f.name}-error`} class="field-error" data-field=${f.name}>${errors[f.name] ?? ""}</span>
        </label>`,
      )}
    </div>
    <p class="field-error" role="alert">${errors.form ?? ""}</p>
    <button type="submit">Add the ship</button>
  </form>`;
}
