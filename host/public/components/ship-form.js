// One ship added by hand on /games/new: a form built from the rule set's ship set-up fields (`GET /api/rulesets`:
// labels, choices, bounds, defaults), checked by the rule set before it joins the fleets — the same check a roster
// row gets (`POST /api/rosters/parse`), so each bad value's message stands next to its field, named by its label.
// The ship's id is made from its name (no one invents ids); its side is chosen from the sides there are, or a new one.
import { useState } from "preact/hooks";
import { idFromName, labelled, shipOfForm } from "../lib/games.js";
import { html } from "../lib/html.js";
import { api } from "../lib/live.js";

const NEW_SIDE = "\u0000new";

const BASE = [
  { name: "side", label: "Side", type: "string" },
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
  if (field.name === "side" && sides.length > 0 && value !== NEW_SIDE && (value === "" || sides.includes(value)))
    return html`<select ...${common} value=${value ?? ""} onChange=${(e) => set(e.currentTarget.value)}>
      ${sides.map((s) => html`<option value=${s}>${s}</option>`)}
      <option value=${NEW_SIDE}>a new side…</option>
    </select>`;
  return html`<input type=${field.type === "number" ? "number" : "text"} inputmode=${field.type === "number" ? "decimal" : undefined}
    step=${field.type === "number" ? "any" : undefined} min=${field.min} max=${field.max}
    placeholder=${field.name === "side" ? "the new side's name, e.g. Dutch" : field.default !== undefined ? String(field.default) : ""}
    ...${common} value=${value === NEW_SIDE ? "" : (value ?? "")} onInput=${(e) => set(e.currentTarget.value)} />`;
}

/**
 * The form; `onAdd(ship)` receives `{side, id, name, tag?, …fields}` once the rule set accepts it, its id made from its
 * name unique among `taken` (the ids of the ships listed).
 */
export function ShipForm({ ruleset, sides, taken = [], onAdd }) {
  const [values, setValues] = useState(/** @type {Record<string, any>} */ ({ side: sides[0] ?? "" }));
  const [errors, setErrors] = useState(/** @type {Record<string, string | undefined>} */ ({}));
  const fields = [...BASE, ...ruleset.ship];
  const submit = async (e) => {
    e.preventDefault();
    const { ship: named, problems } = shipOfForm(fields, {
      ...values,
      side: values.side === NEW_SIDE ? "" : values.side || sides[0] || "",
    });
    if (Object.keys(problems).length > 0) return setErrors(problems);
    const { side, name, ...rest } = named;
    const ship = { side, id: idFromName(name, taken), name, ...rest };
    const r = await api("POST", "/api/rosters/parse", { ruleset: ruleset.id, format: "yaml", text: JSON.stringify([ship]) });
    if (r.ok === false) {
      /** @type {Record<string, string>} */
      const found = {};
      for (const p of r.error.errors ?? [{ field: "", message: r.error.message }]) found[p.field || "form"] = labelled(p.message, fields);
      return setErrors(found);
    }
    setErrors({});
    onAdd(r.ships[0]);
    // every field of this ship is cleared for the next (a Flagship tick kept had made every later ship a flagship);
    // only the side stays, the fleet being filled
    setValues({ side: values.side });
  };
  return html`<form class="ship-form" onSubmit=${submit} aria-label="Add a ship" novalidate>
    <div class="ship-fields">
      ${fields.map(
        (f) => html`<label class=${f.type === "boolean" ? "check" : ""} key=${f.name}>
          ${f.type === "boolean" ? null : html`<span>${f.label}</span>`}
          <${Input} field=${f} value=${values[f.name]} bad=${errors[f.name] !== undefined} sides=${sides}
            set=${(v) => {
              setValues({ ...values, [f.name]: v });
              // an error goes the moment its field changes: it no longer applies to what is there
              if (errors[f.name] !== undefined || errors.form !== undefined) setErrors({ ...errors, [f.name]: undefined, form: undefined });
            }} />
          ${f.type === "boolean" ? html`<span>${f.label}</span>` : null}
          <span id=${`ship-${f.name}-error`} class="field-error" data-field=${f.name}>${errors[f.name] ?? ""}</span>
        </label>`,
      )}
    </div>
    <p class="field-error" role="alert">${errors.form ?? ""}</p>
    <button type="submit">Add the ship</button>
  </form>`;
}
