// /games: every game of the table's file, the one on the table first — its rule set, scenario, turn, when it was
// last played, status and winner — with what a club does with a game: open (resume) it on the table, end it naming
// the winner, put it away, delete it (after a confirm), its report (a new tab, or a download) and its summary.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { RescuedCopies } from "./components/rescued-copies.js";
import { arrangeGames, fileName, lastPlayed, rulesetTitle, scenarioTitle, statusWord } from "./lib/games.js";
import { html } from "./lib/html.js";
import { adoptTokenFromUrl, api, useTable } from "./lib/live.js";

adoptTokenFromUrl();

/** Ending a game: the winner chosen from its sides (or none), then End. */
function EndForm({ game, openSides, send, done }) {
  const [sides, setSides] = useState(game.open ? openSides : null);
  const [winner, setWinner] = useState("");
  useEffect(() => {
    if (sides) return;
    api("GET", `/api/games/${game.id}/summary`).then((s) => setSides(Array.isArray(s?.sides) ? s.sides.map((x) => x.side) : []));
  }, [game.id]);
  const submit = async (e) => {
    e.preventDefault();
    const r = await send("POST", `/api/games/${game.id}/end`, winner ? { winner } : {});
    if (r.ok !== false) done();
  };
  return html`<form class="row game-confirm" onSubmit=${submit}>
    <label class="grow"><span>Winner of “${game.title}”</span>
      <select name="winner" value=${winner} onChange=${(e) => setWinner(e.currentTarget.value)}>
        <option value="">no winner named</option>
        ${(sides ?? []).map((s) => html`<option value=${s}>${s}</option>`)}
      </select></label>
    <button type="submit" class="danger">End the game</button>
    <button type="button" class="secondary" onClick=${done}>Cancel</button>
  </form>`;
}

function DeleteConfirm({ game, send, done }) {
  return html`<div class="row game-confirm" role="group" aria-label=${`Delete ${game.title}?`}>
    <p class="grow">Delete “${game.title}” and its whole log? This cannot be undone.</p>
    <button type="button" class="danger" onClick=${async () => (await send("DELETE", `/api/games/${game.id}`)).ok !== false && done()}>
      Delete for good</button>
    <button type="button" class="secondary" onClick=${done}>Keep it</button>
  </div>`;
}

function GameCard({ game, rulesets, openSides, send }) {
  const [asking, setAsking] = useState(/** @type {"end" | "delete" | null} */ (null));
  const done = () => setAsking(null);
  const report = `/api/games/${game.id}/report`;
  return html`<article class=${`panel game${game.open ? " open" : ""}`} data-game=${game.id} aria-labelledby=${`game-${game.id}`}>
    <header class="game-head">
      <h2 id=${`game-${game.id}`}>${game.title}</h2>
      <span class=${`badge game-status status-${game.status}${game.open ? " on-table" : ""}`}>${statusWord(game)}</span>
    </header>
    <dl class="facts game-facts">
      <div><dt>Rules</dt><dd>${rulesetTitle(rulesets, game.ruleset)}</dd></div>
      <div><dt>Scenario</dt><dd>${scenarioTitle(rulesets, game)}</dd></div>
      <div><dt>Turn</dt><dd>${game.turn}</dd></div>
      <div><dt>Last played</dt><dd>${lastPlayed(game.updatedAt)}</dd></div>
      ${game.winner ? html`<div><dt>Winner</dt><dd class="winner">${game.winner}</dd></div>` : null}
      ${game.endReason ? html`<div class="game-end"><dt>How it ended</dt><dd class="end-reason">${game.endReason}</dd></div>` : null}
    </dl>
    <div class="buttons game-actions">
      ${
        game.open
          ? html`<a class="button" href="/control">Play (control)</a>`
          : html`<button type="button" onClick=${() => send("POST", `/api/games/${game.id}/open`)}>${game.status === "ended" ? "Open" : "Resume"}</button>`
      }
      <a class="button secondary" href=${`/games/${game.id}/summary`}>Summary</a>
      <a class="button secondary" href=${report} target="_blank" rel="noopener">Report</a>
      <a class="button secondary" href=${report} download=${`quarterdeck-game-${game.id}-report.html`}>Download report</a>
      <a class="button secondary" href=${`/api/games/${game.id}/table-file`} download=${`${fileName(game.title)}.yaml`}>Save set-up (table file)</a>
      ${game.status === "active" ? html`<button type="button" class="secondary" onClick=${() => setAsking("end")}>End…</button>` : null}
      ${game.status !== "archived" && !game.open ? html`<button type="button" class="secondary" onClick=${() => send("POST", `/api/games/${game.id}/archive`)}>Put away</button>` : null}
      ${game.open ? null : html`<button type="button" class="secondary" onClick=${() => setAsking("delete")}>Delete…</button>`}
    </div>
    ${asking === "end" ? html`<${EndForm} game=${game} openSides=${openSides} send=${send} done=${done} />` : null}
    ${asking === "delete" ? html`<${DeleteConfirm} game=${game} send=${send} done=${done} />` : null}
  </article>`;
}

function Games() {
  const { state } = useTable();
  const [games, setGames] = useState(/** @type {any} */ (null));
  const [rulesets, setRulesets] = useState(/** @type {any} */ (null));
  const [error, setError] = useState("");
  const load = () =>
    api("GET", "/api/games").then((g) => (Array.isArray(g) ? setGames(g) : setError(g.error?.message ?? "The games cannot be read.")));
  // the list follows the table: a game opened elsewhere, the turn moving on
  useEffect(() => {
    load();
  }, [state?.version]);
  useEffect(() => {
    api("GET", "/api/rulesets").then((r) => r.ok !== false && setRulesets(r.rulesets));
  }, []);
  const send = async (method, url, body) => {
    const r = await api(method, url, body);
    setError(r.ok === false ? r.error.message : "");
    await load();
    return r;
  };
  if (games) document.body.dataset.games = String(games.length);
  const openSides = [...new Set((state?.ships ?? []).map((s) => s.side))];
  const { shown, archived } = arrangeGames(games ?? []);
  const card = (g) => html`<${GameCard} key=${g.id} game=${g} rulesets=${rulesets} openSides=${openSides} send=${send} />`;
  return html`<main class="page wide">
    <h1>Games <nav class="links" aria-label="Pages"><a href="/">display</a> <a href="/control">control</a> <a href="/devices">devices</a></nav></h1>
    <p><a class="button" href="/games/new">New game</a></p>
    <p id="error" class="error" role="alert">${error}</p>
    <${RescuedCopies} version=${state?.version} send=${send} />
    ${games === null ? html`<p>Reading the games…</p>` : null}
    <section class="game-list" aria-label="Games">${shown.map(card)}</section>
    ${
      archived.length > 0
        ? html`<details class="archived"><summary>Put away (${archived.length})</summary>
            <div class="game-list">${archived.map(card)}</div></details>`
        : null
    }
  </main>`;
}

render(html`<${Games} />`, /** @type {HTMLElement} */ (document.getElementById("app")));
