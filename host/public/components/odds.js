// The odds before a roll, exactly as the server states them: the rule set's headline (its title, bars in its
// order, chances of named events, the most likely result) and the summary's means as the rule set types them.
// Nothing is inferred from a number or from the list of outcomes, which may be shortened.
import { columnPct, oddsView, pct, summaryFigures } from "../lib/format.js";
import { html } from "../lib/html.js";

// A bar's length is its p over the largest p, exactly (a test measures it within 2 px): every column's track is
// the same height whatever its percentage shows, a hidden percentage keeping its room (style.css).

/** Worded bars ("The wind holds.", "Gun hit (G)") as rows: a label under a narrow column would overlap its neighbours. */
function Rows({ bars, label }) {
  const max = Math.max(...bars.map((b) => b.p), 1e-9);
  return html`<div class="odds-bars odds-rows" role="img" aria-label=${`${label}: ${bars.map((b) => `${b.label} ${pct(b.p)}`).join("; ")}`}>
    ${bars.map(
      (b) => html`<div class="odds-col" data-value=${b.label} data-p=${b.p}>
        <span class="odds-label">${b.label}</span>
        <div class="odds-track"><div class="odds-bar" style=${`width: ${(b.p / max) * 100}%`}></div></div>
        <span class="odds-p">${pct(b.p)}</span>
      </div>`,
    )}
  </div>`;
}

/** Whether bars are counts or short marks ("0", "1", "4\"") that fit under a column each. */
const countLike = (bars) => bars.every((b) => b.label.length <= 4);

/** Columns past this many are narrower than their percentages: the percentages go in two rows above the chart. */
const ROOMY = 6;

function Bars({ bars, label }) {
  if (!countLike(bars)) return html`<${Rows} bars=${bars} label=${label} />`;
  const max = Math.max(...bars.map((b) => b.p), 1e-9);
  const staggered = bars.length > ROOMY;
  return html`<div class=${`odds-bars${staggered ? " staggered" : ""}`} role="img" aria-label=${`${label}: ${bars.map((b) => `${b.label} ${pct(b.p)}`).join("; ")}`}>
    ${bars.map((b) => {
      const p = html`<span class="odds-p">${columnPct(b.p, bars.length)}</span>`;
      return html`<div class="odds-col" data-value=${b.label} data-p=${b.p}>
        ${staggered ? p : null}
        <div class="odds-track">
          ${staggered ? null : p}
          <div class="odds-bar" style=${`--share: ${b.p / max}`}></div>
        </div>
        <span class="odds-label">${b.label}</span>
      </div>`;
    })}
  </div>`;
}

export function Odds({ odds }) {
  const v = oddsView(odds);
  if (!v) return null;
  // the summary's means, typed by the rule set ("Hits to expect 0.67"); its counts (dice, the score to hit) are in
  // the dice plan above, its chances in the headline
  const figures = summaryFigures(odds, ["mean"]);
  return html`<section class="odds" data-kind="headline" aria-label="odds before the roll">
    <h3 class="kicker">${v.title}</h3>
    ${v.mostLikely ? html`<div class="odds-head" data-lead=${v.lead}>${v.lead}: <b>${v.mostLikely}</b></div>` : null}
    ${v.bars.length ? html`<${Bars} bars=${v.bars} label=${v.title} />` : null}
    ${v.facts.length ? html`<ul class="odds-facts">${v.facts.map((f) => html`<li><span>${f.label}</span> <b>${pct(f.p)}</b></li>`)}</ul>` : null}
    ${
      figures.length
        ? html`<ul class="odds-figures" aria-label="figures before the roll">
            ${figures.map((f) => html`<li data-kind=${f.kind}><span>${f.label}</span> <b>${f.text}</b></li>`)}
          </ul>`
        : null
    }
  </section>`;
}
