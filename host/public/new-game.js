// /games/new: a game set up in the browser, no text editor — the rule set, then a bundled scenario or a blank
// table, then the fleets (a roster file, or ships one by one through a form built from the rule set's ship
// fields, ids made from names, sides chosen), the rule set's options (with a club's data file: a chart, base-game
// tables or sail(6)'s globals.c, checked at once), the starting wind, the sides' players, a
// title; a summary of what Create makes (components/game-plan.js); Create (`POST /api/games`, each refused value shown at its ship and field, by its label, and gone as soon
// as what it was about changes), then "Open it on the table now" (`POST /api/games/:id/open`). A table file may be
// loaded instead.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { DataFileUpload } from "./components/data-file-upload.js";
import { GamePlan, ShipList } from "./components/game-plan.js";
import { RosterUpload } from "./components/roster-upload.js";
import { RuleOptions, StartingWind } from "./components/rule-options.js";
import { SetupWalk } from "./components/setup-walk.js";
import { ShipForm } from "./components/ship-form.js";
import { TableFileLoad } from "./components/table-file-load.js";
import { fleetErrorAt, fleetsOf, labelled, rulesetTitle, withoutPath } from "./lib/games.js";
import { html } from "./lib/html.js";
import { adoptTokenFromUrl, api } from "./lib/live.js";

adoptTokenFromUrl();

const DICE = [
  ["electronic", "electronic dice"],
  ["manual", "types the dice in"],
  ["software", "the host rolls"],
];

function Players({ sides, players, setPlayers }) {
  if (sides.length === 0) return html`<p class="muted">The sides come from the ships.</p>`;
  const set = (side, key, v) => setPlayers({ ...players, [side]: { ...players[side], [key]: v } });
  return sides.map(
    (side, i) => html`<div class="player-row" data-side=${side}>
      <label><span>Player of ${side}</span>
        <input id=${`player-${i}`} value=${players[side]?.name ?? ""} placeholder="name (optional)" autocomplete="off"
          onInput=${(e) => set(side, "name", e.currentTarget.value)} /></label>
      <label><span>Dice of ${side}</span>
        <select value=${players[side]?.dice ?? "electronic"} onChange=${(e) => set(side, "dice", e.currentTarget.value)}>
          ${DICE.map(([v, l]) => html`<option value=${v}>${l}</option>`)}
        </select></label>
    </div>`,
  );
}

function Created({ game, rulesetName, ships, sides }) {
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState("");
  const open = async () => {
    const r = await api("POST", `/api/games/${game.id}/open`);
    if (r.ok === false) setError(r.error.message);
    else setOpened(true);
  };
  return html`<section class="panel" id="created" aria-labelledby="created-h">
    <h2 id="created-h">“${game.title}” is ready</h2>
    <p>${rulesetName}${ships > 0 ? ` · ${ships} ships` : ""}${sides.length > 0 ? ` · ${sides.join(" v ")}` : ""}</p>
    ${
      game.warnings?.length
        ? html`<div class="trouble-small setup-warnings" id="created-warnings" role="note"><b>Before you start</b>
            <ul>${game.warnings.map((w) => html`<li>${w}</li>`)}</ul></div>`
        : null
    }
    ${
      opened
        ? html`<p id="opened">It is on the table now.</p>
          <p class="buttons"><a class="button" href="/">Display</a> <a class="button secondary" href="/control">Control</a>
            <a class="button secondary" href="/games">All games</a></p>`
        : html`<p class="buttons"><button type="button" id="open-now" onClick=${open}>Open it on the table now</button>
            <a class="button secondary" href="/games">Later (all games)</a></p>`
    }
    <p class="error" role="alert">${error}</p>
  </section>
  ${opened ? html`<${SetupWalk} gameId=${game.id} />` : null}`;
}

function NewGame() {
  const [rulesets, setRulesets] = useState(/** @type {any} */ (null));
  const [rulesetId, setRulesetId] = useState("");
  const [scenario, setScenario] = useState("");
  const [ships, setShips] = useState(/** @type {Record<string, any>[]} */ ([]));
  const [players, setPlayers] = useState(/** @type {Record<string, any>} */ ({}));
  const [title, setTitle] = useState("");
  const [options, setOptions] = useState(/** @type {Record<string, any>} */ ({}));
  const [wind, setWind] = useState(/** @type {Record<string, any>} */ ({}));
  const [dataFile, setDataFile] = useState(/** @type {any} */ (null));
  // a refusal is kept with what it was about (`about`: that part of the form as it was); it is shown only while that
  // part is unchanged, so it goes the moment it no longer applies
  const [errors, setErrors] = useState(
    /** @type {{ general: string; about: string; path?: string; ships: Record<number, { message: string; about: string }> }} */ ({
      general: "",
      about: "",
      ships: {},
    }),
  );
  const [created, setCreated] = useState(/** @type {any} */ (null));
  useEffect(() => {
    api("GET", "/api/rulesets").then((r) =>
      r.ok === false ? setErrors({ general: r.error.message, about: "", ships: {} }) : setRulesets(r.rulesets),
    );
  }, []);
  if (!rulesets)
    return html`<main class="page">${errors.general ? html`<p class="error" role="alert">${errors.general}</p>` : "Reading the rule sets…"}</main>`;
  document.body.dataset.ready = "true";
  const rs = rulesets.find((r) => r.id === rulesetId);
  const sc = rs?.scenarios.find((s) => s.id === scenario);
  const sides = ships.length > 0 ? fleetsOf(ships).map((f) => f.side) : (sc?.sides.map((s) => s.side) ?? []);
  const chooseRuleset = (id) => {
    setRulesetId(id);
    setScenario("");
    setShips([]);
    setOptions({});
    setWind({});
    setDataFile(null);
    setErrors({ general: "", about: "", ships: {} });
  };
  // what a refusal at `path` is about: the ships (and scenario), the options, the wind, the players, or everything
  const aboutOf = (path) => {
    const p = String(path ?? "");
    const part = p.startsWith("fleets")
      ? [ships, scenario]
      : p.startsWith("settings")
        ? options
        : p.startsWith("wind")
          ? wind
          : p.startsWith("players")
            ? players
            : p === "data"
              ? dataFile
              : [rulesetId, scenario, ships, options, wind, players, title];
    return JSON.stringify(part);
  };
  const general = errors.general && errors.about === aboutOf(errors.path) ? errors.general : "";
  const shipErrors = Object.fromEntries(
    Object.entries(errors.ships)
      .filter(([at, e]) => JSON.stringify(ships[at]) === e.about)
      .map(([at, e]) => [at, e.message]),
  );
  const allFields = [{ name: "side", label: "Side" }, { name: "name", label: "Name" }, { name: "tag", label: "Tag" }, ...(rs?.ship ?? [])];
  const create = async () => {
    // ships listed by side, as they are sent: fleets[i].ships[j] is the j-th of side i
    const order = fleetsOf(ships.map((s, at) => ({ ...s, at })));
    const body = {
      ruleset: rs.id,
      ...(scenario ? { scenario } : {}),
      ...(title.trim() ? { title: title.trim() } : {}),
      ...(ships.length > 0 ? { fleets: order.map((f) => ({ side: f.side, ships: f.ships.map(({ at: _at, ...s }) => s) })) } : {}),
      players: sides.map((side) => ({
        side,
        dice: players[side]?.dice ?? "electronic",
        ...(players[side]?.name?.trim() ? { name: players[side].name.trim() } : {}),
      })),
      ...(Object.keys(options).length > 0 ? { settings: options } : {}),
      ...(Object.keys(wind).length > 0 ? { wind } : {}),
      ...(dataFile ? { data: dataFile } : {}),
    };
    const r = await api("POST", "/api/games", body);
    if (r.ok === false) {
      const at = fleetErrorAt(r.error.path);
      const ship = at && at.ship !== null ? order[at.fleet]?.ships[at.ship] : null;
      const said = labelled(withoutPath(r.error.message, r.error.path), allFields);
      const label = allFields.find((f) => f.name === at?.field)?.label ?? at?.field;
      setErrors(
        ship
          ? {
              general: "A ship was refused: see the list.",
              path: "fleets",
              about: aboutOf("fleets"),
              ships: { [ship.at]: { message: said.startsWith(label) ? said : `${label}: ${said}`, about: JSON.stringify(ships[ship.at]) } },
            }
          : {
              general: labelled(r.error.message.replace(/^(settings|wind)\./, ""), [...allFields, ...(rs?.wind ?? [])]),
              path: r.error.path,
              about: aboutOf(r.error.path),
              ships: {},
            },
      );
      return;
    }
    setErrors({ general: "", about: "", ships: {} });
    setCreated(r);
  };
  return html`<main class="page">
    <h1>New game <nav class="links" aria-label="Pages"><a href="/games">games</a> <a href="/">display</a> <a href="/control">control</a></nav></h1>
    ${created ? html`<${Created} game=${created} rulesetName=${rulesetTitle(rulesets, created.ruleset)} ships=${ships.length} sides=${sides} />` : null}
    <div class="new-game" hidden=${created !== null}>
      <${TableFileLoad} onCreated=${setCreated} />
      <fieldset>
        <legend>1. Rules</legend>
        <label><span>Rule set</span>
          <select id="ruleset" value=${rulesetId} onChange=${(e) => chooseRuleset(e.currentTarget.value)}>
            <option value="">choose the rules…</option>
            ${rulesets.map((r) => html`<option value=${r.id}>${r.title}</option>`)}
          </select></label>
        ${rs ? html`<p class="muted">${rs.description}</p>` : null}
      </fieldset>
      ${
        rs
          ? html`<fieldset>
          <legend>2. Start from</legend>
          <label class="check"><input type="radio" name="scenario" value="" checked=${scenario === ""} onChange=${() => setScenario("")} />
            A blank table: your own ships</label>
          ${rs.scenarios.map(
            (
              s,
            ) => html`<label class="check"><input type="radio" name="scenario" value=${s.id} checked=${scenario === s.id} onChange=${() => setScenario(s.id)} />
              ${s.title} <span class="muted">(${s.sides.map((x) => `${x.side} ${x.ships}`).join(", ")})</span></label>`,
          )}
        </fieldset>
        <fieldset id="fleets">
          <legend>3. Ships</legend>
          ${sc ? html`<p class="muted">The scenario brings its ships; ships you add here replace them.</p>` : null}
          <${RosterUpload} ruleset=${rs} onShips=${(more) => setShips([...ships, ...more])} />
          <${ShipList} fleets=${fleetsOf(ships.map((s, at) => ({ ...s, at })))} ruleset=${rs} errors=${shipErrors}
            remove=${(at) => setShips(ships.filter((_, i) => i !== at))} />
          <details class="add-ship"><summary>Add a ship by hand</summary>
            <${ShipForm} ruleset=${rs} sides=${sides} taken=${ships.map((s) => s.id)} onAdd=${(s) => setShips([...ships, s])} />
          </details>
        </fieldset>
        <fieldset id="options">
          <legend>4. Rule options</legend>
          <${RuleOptions} ruleset=${rs} values=${options} setValues=${setOptions} />
          ${rs.dataFile ? html`<${DataFileUpload} ruleset=${rs} file=${dataFile} onFile=${setDataFile} />` : null}
        </fieldset>
        <fieldset id="wind">
          <legend>5. Starting wind</legend>
          <${StartingWind} ruleset=${rs} scenario=${scenario} wind=${wind} setWind=${setWind} />
        </fieldset>
        <fieldset>
          <legend>6. Players</legend>
          <${Players} sides=${sides} players=${players} setPlayers=${setPlayers} />
        </fieldset>
        <fieldset>
          <legend>7. Title</legend>
          <label><span>Title of the game</span>
            <input id="title" value=${title} placeholder=${sc?.title ?? rs.title} onInput=${(e) => setTitle(e.currentTarget.value)} /></label>
        </fieldset>
        <${GamePlan} ruleset=${rs} scenario=${sc} fleets=${fleetsOf(ships)} options=${options} wind=${wind} sides=${sides}
          players=${players} title=${title} />
        <p id="create-error" class="error" role="alert">${general}</p>
        ${created ? null : html`<p><button type="button" id="create" onClick=${create}>Create the game</button></p>`}`
          : null
      }
    </div>
  </main>`;
}

render(html`<${NewGame} />`, /** @type {HTMLElement} */ (document.getElementById("app")));
