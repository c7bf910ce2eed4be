// Dice faces as players see them: pips for a d6 face read from an electronic die (with the value the rules read
// when it differs — a d3 or an average die), numbers for typed or host-rolled dice. A die the rules marked is
// ringed and labelled "✔ hit", or dimmed, struck through and labelled "✖ miss": shape and word as well as colour.
// Every die says where it came from under it (the die's name, "typed", "host roll") — on the display, a row of more
// than six electronic dice (a broadside) gives their names in each die's label and tooltip only, so that ten dice
// still fit the panel at 1280×800 — and a roll several sides make (or of several colours or roles) shows its dice
// in groups headed by whose they are: the label the host gives each die. Dice the rule reads by their total (the plan
// says so) show the total under them, and are never marked one by one.
import { html } from "../lib/html.js";

const PIPS = { 1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] };
const SOURCE = { manual: "typed", software: "host roll" };
const NINE = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/** One die of a result or of the dice gathered so far. */
export function DieFace({ placed }) {
  const from = placed.from;
  const color = from.color ?? placed.color ?? "";
  const physical = from.source === "die" ? from.face : null;
  const who = placed.label?.source ?? (from.source === "die" ? from.dieId : SOURCE[from.source]);
  const mark = placed.mark === "hit" || placed.mark === "miss" ? placed.mark : null;
  const face =
    physical !== null && from.dieKind === "d6" && PIPS[physical]
      ? html`<div class="pips" aria-hidden="true">${NINE.map((i) => html`<i class=${PIPS[physical].includes(i) ? "on" : ""}></i>`)}</div>`
      : html`<div class="num">${physical ?? placed.value}</div>`;
  const whose = placed.label?.side ? `${placed.label.side}'s ` : "";
  const label = `${whose}${color ? `${color} die ` : "die "}${placed.value}${mark ? `, ${mark}` : ""}, ${who}`;
  return html`<figure
    class=${`die die-${color || "plain"}${mark ? ` ${mark}` : ""}`}
    data-value=${placed.value}
    data-source=${from.source}
    data-mark=${mark ?? ""}
    aria-label=${label}
    title=${placed.label?.text ?? who}
  >
    ${face} ${physical !== null && physical !== placed.value ? html`<div class="reads">= ${placed.value}</div>` : null}
    ${mark ? html`<div class="mark">${mark === "hit" ? "✔ hit" : "✖ miss"}</div>` : null}
    <figcaption>${who}</figcaption>
  </figure>`;
}

/** The dice in groups by whose they are (side, colour or role), in the plan's order; one unnamed group for a plain roll. */
function groups(dice) {
  const out = [];
  for (const d of [...dice].sort((a, b) => a.entry - b.entry)) {
    const whose = d.label?.whose ?? "";
    const g = out.find((x) => x.whose === whose);
    if (g) g.dice.push(d);
    else out.push({ whose, dice: [d] });
  }
  return out;
}

/** More dice than this in a result: the display leaves electronic dice's names to their labels (see the header). */
const MANY = 6;

/**
 * The totals the rule reads among `dice` (plan entries whose label says `reads: "total"`: Quickfire's white dice, a
 * torpedo check's 3d6), one per entry in the plan's order: "Total 4", or "Totals 8 · 12" for two checks.
 */
export function DiceTotals({ dice }) {
  const sums = new Map();
  for (const d of [...dice].sort((a, b) => a.entry - b.entry))
    if (d.label?.reads === "total") sums.set(d.entry, (sums.get(d.entry) ?? 0) + d.value);
  if (sums.size === 0) return null;
  const list = [...sums.values()];
  return html`<div class="dice-total" data-totals=${list.join(" ")}>${list.length === 1 ? "Total" : "Totals"} <b>${list.join(" · ")}</b></div>`;
}

const sourceOf = (d) => d.label?.source ?? (d.from.source === "die" ? d.from.dieId : SOURCE[d.from.source]);

/**
 * A row of dice; a roll several sides make shows each side's dice under its name — and under "GB · pixel-1" when
 * all of a side's dice came from one source, which then is not repeated under each die.
 */
export function DiceRow({ dice }) {
  const gs = groups(dice);
  const row = (ds, one) =>
    html`<div class=${`dice-row${dice.length > MANY ? " many" : ""}${one ? " one-source" : ""}`}>
      ${ds.map((d) => html`<${DieFace} placed=${d} />`)}
    </div>`;
  const [only] = gs;
  if (gs.length === 1 && only?.whose === "") return html`${row(only.dice, false)}<${DiceTotals} dice=${only.dice} />`;
  return html`<div class="dice-row grouped">
    ${gs.map((g) => {
      const sources = [...new Set(g.dice.map(sourceOf))];
      const one = g.dice.length > 1 && sources.length === 1;
      return html`<div class="dice-group" data-whose=${g.whose}>
        <span class="whose">${g.whose}${one ? html`<span class="whose-source"> · ${sources[0]}</span>` : null}</span>
        ${row(g.dice, one)}
        <${DiceTotals} dice=${g.dice} />
      </div>`;
    })}
  </div>`;
}

/** "5 hit · 5 missed" over the dice of a result, when the rule set marks its dice. */
export function MarkTally({ dice }) {
  const hits = dice.filter((d) => d.mark === "hit").length;
  const misses = dice.filter((d) => d.mark === "miss").length;
  if (hits + misses === 0) return null;
  return html`<div class="mark-tally" data-hits=${hits} data-misses=${misses}>
    <span class="tally-hit">✔ ${hits} hit</span><span class="tally-miss">✖ ${misses} missed</span>
  </div>`;
}
