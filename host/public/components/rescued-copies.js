// /games: the copies of the game file kept beside it when it was deleted or replaced under the host
// (GET /api/games/rescued), each with its games and a button that brings them back into the file as new games,
// to be opened from the list below (issue 39). Nothing shows while there is none.
import { useEffect, useState } from "preact/hooks";
import { lastPlayed } from "../lib/games.js";
import { html } from "../lib/html.js";
import { api } from "../lib/live.js";

/** @typedef {{ name: string, at: number, games: { title: string, ruleset: string, results: number }[], problem?: string }} RescuedCopy */

/**
 * The rescued copies, read again whenever the table changes (`version`: a restore is announced, so it moves).
 * @param {{ version: number | undefined, send: (method: string, url: string, body?: unknown) => Promise<unknown> }} props
 */
export function RescuedCopies({ version, send }) {
  const [copies, setCopies] = useState(/** @type {RescuedCopy[]} */ ([]));
  useEffect(() => {
    api("GET", "/api/games/rescued").then((r) => setCopies(Array.isArray(r?.copies) ? r.copies : []));
  }, [version]);
  if (copies.length === 0) return null;
  const games = (/** @type {RescuedCopy} */ c) =>
    c.games.map((g) => `${g.title}: ${g.results} result${g.results === 1 ? "" : "s"}`).join("; ") || "no game";
  return html`<section class="panel rescued" aria-labelledby="rescued-head">
    <h2 id="rescued-head">Kept when the game file was lost</h2>
    <p>The game file was deleted or replaced while the table was running; the game so far was copied beside it. Restore a copy to get its games back in the list, then open one.</p>
    <ul class="rescued-copies">
      ${copies.map(
        (c) => html`<li key=${c.name} data-copy=${c.name}>
          <strong>${c.name}</strong> — kept ${lastPlayed(c.at)}: ${games(c)}
          ${
            c.problem
              ? html`<span class="error">${c.problem}</span>`
              : html`<button type="button" onClick=${() => send("POST", `/api/games/rescued/${encodeURIComponent(c.name)}/restore`)}>Restore its games</button>`
          }
        </li>`,
      )}
    </ul>
  </section>`;
}
