// /games/new: the ships listed as the game will have them (flags, squadrons, bases), and the summary above *Create*
// of what it will make — the rules, the start, each side's ships and marks, the options changed, the wind, the
// players, the title — so the game made is the one shown (issue 38: four flagships had been made while two were
// ticked, and nothing on the page said so).
import { settingLabel, shipMarks } from "../lib/games.js";
import { html } from "../lib/html.js";

/** The ships added so far, by side, each with her marks; `remove(at)` takes one out, `errors[at]` is a refusal. */
export function ShipList({ fleets, ruleset, errors, remove }) {
  if (fleets.length === 0) return html`<p class="muted" id="no-ships">No ships yet.</p>`;
  return fleets.map(
    (f) => html`<div class="fleet-block" data-side=${f.side}>
      <h3>${f.side} <span class="muted">(${f.ships.length})</span></h3>
      <ul class="fleet-list">
        ${f.ships.map(
          (s) => html`<li key=${s.at} data-ship=${s.id}>
            <b>${s.name}</b>
            ${shipMarks(s, ruleset.ship, ruleset.defaultBase).map((m) => html`<span class="ship-mark">${m}</span>`)}
            <span class="muted">${s.tag ? `tag ${[].concat(s.tag).join(" ")}` : "no tag yet"}</span>
            <button type="button" class="secondary" aria-label=${`Remove ${s.name}`} onClick=${() => remove(s.at)}>Remove</button>
            ${errors[s.at] ? html`<span class="field-error" role="alert">${errors[s.at]}</span>` : null}
          </li>`,
        )}
      </ul>
    </div>`,
  );
}

/** "2 flagships (Henry, Mary)": each boolean mark's ships on a side, counted and named. */
function sideMarks(ships, ruleset) {
  return ruleset.ship
    .filter((f) => f.type === "boolean")
    .map((f) => ({ label: f.label, names: ships.filter((s) => s[f.name] === true).map((s) => s.name) }))
    .filter((m) => m.names.length > 0)
    .map((m) => `${m.names.length} ${m.label.toLowerCase()}${m.names.length === 1 ? "" : "s"} (${m.names.join(", ")})`);
}

/**
 * What *Create* will make, read from the form as it stands: one line each, in the order of the form. `fleets` are the
 * ships added (empty: the scenario's, or none), `scenario` the bundled one chosen (or undefined).
 */
export function GamePlan({ ruleset, scenario, fleets, options, wind, sides, players, title }) {
  const ships = fleets.length > 0 ? fleets : null;
  const changed = Object.entries(options).map(([name, v]) => `${settingLabel(name)}: ${String(v)}`);
  const windWords = ruleset.wind
    .filter((f) => wind[f.name] !== undefined)
    .map((f) => `${f.label} ${String(wind[f.name])}`)
    .join(", ");
  return html`<section class="panel game-plan" id="game-plan" aria-labelledby="game-plan-h">
    <h2 id="game-plan-h">What <i>Create the game</i> makes</h2>
    <ul>
      <li data-plan="rules">${ruleset.title}, ${scenario ? `starting from “${scenario.title}”` : "on a blank table"}</li>
      ${
        ships
          ? ships.map(
              (f) => html`<li data-plan="side" data-side=${f.side}>
                <b>${f.side}</b>: ${f.ships.length} ship${f.ships.length === 1 ? "" : "s"}${sideMarks(f.ships, ruleset).map((m) => ` · ${m}`)}
              </li>`,
            )
          : scenario
            ? html`<li data-plan="side">The scenario's ships: ${scenario.sides.map((x) => `${x.side} ${x.ships}`).join(", ")}</li>`
            : html`<li data-plan="side" class="field-error">No ships yet: add some, or start from a scenario.</li>`
      }
      <li data-plan="options">${changed.length > 0 ? `Options changed: ${changed.join("; ")}` : "Options as the text plays them"}</li>
      ${ruleset.wind.length > 0 ? html`<li data-plan="wind">Wind: ${windWords || (scenario ? "the scenario's" : "the rules' default")}</li>` : null}
      ${sides.map(
        (side) => html`<li data-plan="player" data-side=${side}>
          ${side}: ${players[side]?.name?.trim() || "a player"}, ${{ electronic: "electronic dice", manual: "dice typed in", software: "the host rolls" }[players[side]?.dice ?? "electronic"]}
        </li>`,
      )}
      <li data-plan="title">Title: “${title.trim() || scenario?.title || ruleset.title}”</li>
    </ul>
  </section>`;
}
