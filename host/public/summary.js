// /games/:id/summary: the end of a game by side — ships afloat, ships out of the fight by the rule set's own words
// (sunk, struck, captured, burnt …), the ships lost, breakpoints reached — the winner by the rule set's victory
// condition (or the losses side by side where its text has none), the winner named on ending it, and its report.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { html } from "./lib/html.js";
import { adoptTokenFromUrl, api } from "./lib/live.js";

adoptTokenFromUrl();

const gameId = /^\/games\/(\d+)\/summary/.exec(location.pathname)?.[1] ?? "";

function Side({ s }) {
  const out = Object.entries(s.out);
  return html`<section class="panel side-summary" data-side=${s.side} aria-labelledby=${`side-${s.side}`}>
    <h2 id=${`side-${s.side}`}>${s.side}${s.players.length > 0 ? html` <span class="muted">(${s.players.join(", ")})</span>` : null}</h2>
    <dl class="facts">
      <div><dt>Ships</dt><dd>${s.ships}</dd></div>
      <div><dt>Afloat and fighting</dt><dd data-fact="afloat">${s.afloat}</dd></div>
      ${out.map(([word, n]) => html`<div><dt>${word}</dt><dd data-out=${word}>${n}</dd></div>`)}
    </dl>
    ${
      s.lost.length > 0
        ? html`<h3>Lost</h3><ul class="fleet-list">${s.lost.map((l) => html`<li>${l.name} <span class="muted">${l.status.join(", ")}</span></li>`)}</ul>`
        : html`<p class="muted">No ship lost.</p>`
    }
    ${
      s.breakpoints.length > 0
        ? html`<h3>Breakpoints</h3><ul class="fleet-list">
            ${s.breakpoints.map(
              (b) =>
                html`<li>${b.group}: ${b.lost} of ${b.counted} lost${b.broken ? " — broken off" : b.reached ? " — breakpoint reached" : ""}</li>`,
            )}
          </ul>`
        : null
    }
  </section>`;
}

/** The winner by the rules where they name one, else the one named on ending the game, else why there is none. */
function headline(sum) {
  // a game still in play has a side ahead by the rules, not a winner
  if (sum.winner) return sum.status === "active" ? `${sum.winner}, ahead by the rules so far` : `${sum.winner}, by the rules`;
  if (sum.ended?.winner) return sum.ended.by === "rules" ? `${sum.ended.winner}, by the rules` : sum.ended.winner;
  if (sum.namedWinner) return sum.namedWinner;
  return sum.victoryCondition ? "No winner yet by the rules" : "No winner named";
}

function Summary() {
  const [sum, setSum] = useState(/** @type {any} */ (null));
  useEffect(() => {
    api("GET", `/api/games/${gameId}/summary`).then(setSum);
  }, []);
  if (!sum) return html`<main class="page wide">Reading the game…</main>`;
  document.body.dataset.ready = "true";
  const nav = html`<nav class="links" aria-label="Pages"><a href="/games">games</a> <a href="/">display</a> <a href="/control">control</a></nav>`;
  if (sum.ok === false)
    return html`<main class="page wide"><h1>Summary ${nav}</h1><p class="error" role="alert">${sum.error.message}</p></main>`;
  const report = `/api/games/${sum.id}/report`;
  return html`<main class="page wide">
    <h1>${sum.title} ${nav}</h1>
    <p class="muted">${sum.status === "ended" ? "Ended" : sum.status === "archived" ? "Put away" : "In play"} · ${sum.actions} action${sum.actions === 1 ? "" : "s"}</p>
    ${sum.ended ? html`<p class="summary-ended" id="ended"><b>${sum.ended.headline}</b> — ${sum.ended.reason}</p>` : null}
    <section class="panel" aria-labelledby="winner-h">
      <h2 id="winner-h">${sum.status === "active" && !sum.ended ? "Who is ahead" : "Winner"}</h2>
      <p id="winner" class="summary-winner">${headline(sum)}</p>
      ${sum.namedWinner ? html`<p id="named-winner">Named when the game was ended: <b>${sum.namedWinner}</b></p>` : null}
      <p id="reason">${sum.reason}</p>
    </section>
    <div class="summary-sides">${sum.sides.map((s) => html`<${Side} key=${s.side} s=${s} />`)}</div>
    <p class="buttons">
      <a class="button" id="report" href=${report} target="_blank" rel="noopener">After-action report</a>
      <a class="button secondary" id="report-download" href=${report} download=${`quarterdeck-game-${sum.id}-report.html`}>Download the report</a>
      <a class="button secondary" href="/games">All games</a>
    </p>
  </main>`;
}

render(html`<${Summary} />`, /** @type {HTMLElement} */ (document.getElementById("app")));
