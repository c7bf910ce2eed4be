// The display's result panel — the last result: its number, action and ships, the sentence, its figures in the rule
// set's words, the dice that made it (whose, and the rules' marks) — or, before the first, what the set-up costs a
// side; and the end of the game in the action's place.
import { factLine, factValue } from "../lib/facts.js";
import { actionName, shipName } from "../lib/format.js";
import { html } from "../lib/html.js";
import { DiceRow, MarkTally } from "./dice.js";

/** The end of the game: who won, how it ended, each side's ships (each counted once), and the report. */
export function GameOver({ state }) {
  const e = state.ended;
  return html`<h2 class="kicker">${e.by === "rules" ? "The rules end the game" : "The organiser ended the game"}</h2>
    <div class="instruction game-over" id="game-over">${e.headline}</div>
    <p class="game-over-reason" id="game-over-reason">${e.reason}</p>
    <ul class="game-over-sides" aria-label="ships by side">
      ${e.sides.map(
        (t) =>
          html`<li><b>${t.side}</b>: ${t.afloat} of ${t.ships} afloat${
            t.lost.length
              ? html` — lost ${Object.entries(t.out)
                  .map(([w, n]) => `${n} ${w}`)
                  .join(", ")} (${t.lost.map((l) => l.name).join(", ")})`
              : null
          }</li>`,
      )}
    </ul>
    <p class="choice-how"><a href=${`/api/games/${state.game}/report`}>The after-action report</a> · <a href="/games">Games</a></p>`;
}

/** What the set-up costs a side that the players may not expect, until the first result. */
function SetupWarnings({ warnings }) {
  if (!warnings?.length) return null;
  return html`<div class="trouble-small setup-warnings" id="setup-warnings" role="note">
    <b>Before you start</b>
    <ul>${warnings.map((w) => html`<li>${w}</li>`)}</ul>
  </div>`;
}

export function ResultPanel({ state }) {
  const r = state.last;
  // before the first result, the room is for what the set-up costs a side (said until then)
  if (!r)
    return html`<h2 class="kicker">Last result</h2><p class="muted">No action resolved yet.</p>
      <${SetupWarnings} warnings=${state.setupWarnings} />`;
  const def = state.ruleset.actions.find((a) => a.type === r.action.type);
  const who = (def?.fields ?? [])
    .filter((f) => f.type === "ship" && typeof r.action[f.name] === "string")
    .map((f) => shipName(state, r.action[f.name]))
    .join(" → ");
  return html`<h2 class="kicker">#${r.number ?? r.seq} · ${actionName(state, r.action.type)}${who ? ` · ${who}` : ""}</h2>
    <p class=${`result-text${r.description.length > 90 ? " long" : ""}`} id="result-text">${r.description}</p>
    <ul class="result-outcome" data-outcome=${JSON.stringify(r.outcome)} aria-label="the result in figures">
      ${(r.facts ?? []).map((f) => html`<${Fact} fact=${f} />`)}
    </ul>
    <${MarkTally} dice=${r.dice} />
    <${DiceRow} dice=${r.dice} />`;
}

/** One fact of a result by its kind: its label, then its value in the rule set's words (a row per ship, each its own). */
function Fact({ fact }) {
  if (fact.kind === "rows")
    return html`<li data-kind="rows"><span>${fact.label}</span>
      <ul>
        ${fact.value.map((row) => html`<li>${row.label ? html`<span>${row.label}:</span> ` : null}<b>${row.facts.map(factLine).join(", ")}</b></li>`)}
      </ul>
    </li>`;
  const value = factValue(fact);
  return html`<li data-kind=${fact.kind}><span>${fact.label}</span>${value ? html` <b>${value}</b>` : null}</li>`;
}
