// The choice the button pad is on (a battery, a range band): the field's values in a row, the one shown marked, so
// a player at the table sees what Next choice will give and what Confirm keeps. The words come from the server.
import { valueWords } from "../lib/format.js";
import { html } from "../lib/html.js";

/** The pad's choice of the action being set up (`pending.choosing`), or nothing. */
export function PadChoice({ pending }) {
  const c = pending?.choosing;
  if (!c) return null;
  const field = pending.fields.find((f) => f.name === c.name);
  const values = field?.type === "boolean" ? [true, false] : (field?.values ?? []);
  return html`<div class="pad-choice" id="pad-choice" data-field=${c.name} data-held=${String(c.held)}>
    <span class="pad-choice-label">${c.label}</span>
    <ol class="pad-choice-values" aria-label=${`${c.label}: the choices`}>
      ${values.map((v) => {
        const now = c.value === v;
        return html`<li class=${now ? "now" : ""} aria-current=${now ? "true" : undefined}>${valueWords(field, v)}</li>`;
      })}
    </ol>
  </div>`;
}
