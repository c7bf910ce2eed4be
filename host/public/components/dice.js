// Dice faces as players see them: pips for a d6 face read from an electronic die (with the value the rules read
// when it differs — a d3 or an average die), numbers for typed or host-rolled dice. A die the rules marked is
// ringed and labelled "✔ hit", or dimmed, struck through and labelled "✖ miss": shape and word as well as colour.
import { html } from "../lib/html.js";

const PIPS = { 1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] };
const SOURCE = { manual: "typed", software: "host roll" };
const NINE = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/** One die of a result or of the dice gathered so far. */
export function DieFace({ placed }) {
  const from = placed.from;
  const color = from.color ?? placed.color ?? "";
  const physical = from.source === "die" ? from.face : null;
  const who = from.source === "die" ? from.dieId : SOURCE[from.source];
  const mark = placed.mark === "hit" || placed.mark === "miss" ? placed.mark : null;
  const face =
    physical !== null && from.dieKind === "d6" && PIPS[physical]
      ? html`<div class="pips" aria-hidden="true">${NINE.map((i) => html`<i class=${PIPS[physical].includes(i) ? "on" : ""}></i>`)}</div>`
      : html`<div class="num">${physical ?? placed.value}</div>`;
  const label = `${color ? `${color} die ` : "die "}${placed.value}${mark ? `, ${mark}` : ""}, ${who}`;
  return html`<figure
    class=${`die die-${color || "plain"}${mark ? ` ${mark}` : ""}`}
    data-value=${placed.value}
    data-source=${from.source}
    data-mark=${mark ?? ""}
    aria-label=${label}
  >
    ${face} ${physical !== null && physical !== placed.value ? html`<div class="reads">= ${placed.value}</div>` : null}
    ${mark ? html`<div class="mark">${mark === "hit" ? "✔ hit" : "✖ miss"}</div>` : null}
    <figcaption>${who}</figcaption>
  </figure>`;
}

/** A row of dice. */
export const DiceRow = ({ dice }) => html`<div class="dice-row">${dice.map((d) => html`<${DieFace} placed=${d} />`)}</div>`;

/** "5 hit · 5 missed" over the dice of a result, when the rule set marks its dice. */
export function MarkTally({ dice }) {
  const hits = dice.filter((d) => d.mark === "hit").length;
  const misses = dice.filter((d) => d.mark === "miss").length;
  if (hits + misses === 0) return null;
  return html`<div class="mark-tally" data-hits=${hits} data-misses=${misses}>
    <span class="tally-hit">✔ ${hits} hit</span><span class="tally-miss">✖ ${misses} missed</span>
  </div>`;
}
