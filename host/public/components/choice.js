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

/**
 * The options of a choice the rules ask, as the display lists them: the one the pad shows marked (`now`); for a
 * choice of several options, the ones ticked (the table's measurement until someone changes one) with a tick, and
 * the pad's "done" place after them — Confirm there gives the ticked ones.
 */
export function ChoiceOptions({ choice }) {
  const options = choice.options ?? [];
  const ticked = new Set(choice.many ? (choice.ticked ?? []) : []);
  const short = options.every((o) => String(o.label).length <= 4);
  const item = (i, label, extra = "") => {
    const now = i === choice.picked;
    const on = ticked.has(i);
    return html`<li class=${`option${now ? " now" : ""}${on ? " ticked" : ""}${extra}`} aria-current=${now ? "true" : undefined}
      data-ticked=${choice.many ? String(on) : undefined}>${choice.many ? html`<span class="tick" aria-hidden="true">${on ? "✓" : "·"}</span> ` : null}${label}</li>`;
  };
  return html`<ul class=${`choice-options${short ? " short" : ""}${choice.many ? " ticks" : ""}`} id="choice-options" aria-label="options">
    ${options.map((o, i) => item(i, o.label))}
    ${choice.many ? item(options.length, `Done: ${ticked.size === 0 ? "none" : `${ticked.size} ticked`}`, " done") : null}
  </ul>`;
}

/** How the display says a choice of the rules is answered ("any of these on the control page, or with the pad: …"). */
export function choiceHow(choice, byPad) {
  const many =
    choice.max > 1
      ? choice.min === 0
        ? "any of"
        : `${choice.min === choice.max ? choice.min : `${choice.min}–${choice.max}`} of`
      : "one of";
  const pad = !byPad
    ? ""
    : choice.many
      ? ", or with the pad: Next choice to go through them, Confirm to tick or untick, Confirm on Done to give the ticked ones"
      : ", or with the pad: Next choice, then Confirm";
  return `Choose ${many} these on the control page${pad}:`;
}
