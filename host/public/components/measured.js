// What the table measured for the action being set up, from the ships' positions: the figures ("Range: 6.9″ base to
// base"), a person's value that overrode one, and a borderline reading said plainly — "borderline — check with a
// ruler" — with both readings (on /control each is a button that sets it).
import { html } from "../lib/html.js";

/** The measured figures, overrides and borderline readings of `pending.measured`; `choose(field, value)` on /control. */
export function Measured({ measured, choose }) {
  if (!measured || (measured.fields.length === 0 && measured.overridden.length === 0 && measured.borderline.length === 0)) return null;
  return html`<div class="measured" id="measured">
    ${
      measured.fields.length
        ? html`<p class="measured-fields"><span class="measured-kicker">Measured on the table: </span>
            ${measured.fields.map(
              (f, i) =>
                html`${i ? " · " : ""}<span data-field=${f.name}>${f.label}: <b>${(typeof f.value === "number" || Array.isArray(f.value)) && f.figure ? f.figure : f.words}</b></span>`,
            )}</p>`
        : null
    }
    ${measured.overridden.map(
      (o) => html`<p class="measured-override" data-field=${o.name}>${o.label}: ${o.given} as given (measured ${o.measured})</p>`,
    )}
    ${measured.borderline.map(
      (b) => html`<div class="borderline" role="note" data-field=${b.field}>
        <b>Borderline — check with a ruler.</b>
        <span>${b.label}: ${b.readings[0].words} or ${b.readings[1].words} (${b.edge})</span>
        ${
          choose && b.field !== b.label
            ? html`<span class="buttons">${b.readings.map(
                (r) => html`<button type="button" class="secondary" onClick=${() => choose(b.field, r.value)}>${r.words}</button>`,
              )}</span>`
            : null
        }
      </div>`,
    )}
  </div>`;
}
