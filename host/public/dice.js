// Dice faces as players see them: pips for a d6 face read from an electronic die (with the value the
// rules read when it differs — a d3 or an average die), numbers for typed or host-rolled dice. When the rules
// marked a die, a hit is ringed and labelled "✔ hit", a miss dimmed, struck through and labelled "✖ miss":
// shape and word as well as colour, for colour-blind players.
import { h } from "./live.js";

const PIPS = { 1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] };

const SOURCE = { manual: "typed", software: "host roll" };

/** One die of a result or of the dice gathered so far. */
export function dieFace(placed) {
  const from = placed.from;
  const color = from.color ?? placed.color ?? "";
  const physical = from.source === "die" ? from.face : null;
  const face =
    physical !== null && from.dieKind === "d6" && PIPS[physical]
      ? h("div", { class: "pips" }, ...Array.from({ length: 9 }, (_, i) => h("i", { class: PIPS[physical].includes(i + 1) ? "on" : "" })))
      : h("div", { class: "num" }, String(physical ?? placed.value));
  const read = physical !== null && physical !== placed.value ? h("div", { class: "reads" }, `= ${placed.value}`) : null;
  const who = from.source === "die" ? from.dieId : SOURCE[from.source];
  const mark = placed.mark === "hit" || placed.mark === "miss" ? placed.mark : null;
  return h(
    "figure",
    {
      class: `die die-${color || "plain"}${mark ? ` ${mark}` : ""}`,
      "data-value": placed.value,
      "data-source": from.source,
      "data-mark": mark ?? "",
      title: `${who} (${from.family ?? from.source})${mark ? `: ${mark}` : ""}`,
    },
    face,
    read,
    mark ? h("div", { class: "mark" }, mark === "hit" ? "✔ hit" : "✖ miss") : null,
    h("figcaption", {}, who),
  );
}

/** A row of dice. */
export const diceRow = (placed) => h("div", { class: "dice-row" }, ...placed.map(dieFace));
