// A roster file chosen on /games/new (CSV or YAML), read in the browser and checked by the rule set on the host
// (`POST /api/rosters/parse`): its ships join the fleets, or every bad row is listed by its line and field.
import { useState } from "preact/hooks";
import { labelled } from "../lib/games.js";
import { html } from "../lib/html.js";
import { api } from "../lib/live.js";

const formatOf = (name) => (/\.csv$/i.test(name) ? "csv" : "yaml");

/** `onShips(ships, file)` receives the roster's ships, each `{side, id, name, tag?, …fields}`. */
export function RosterUpload({ ruleset, onShips }) {
  // a column is named by its label, as the ship form names it ("Rate", not "rating")
  const fields = [
    { name: "side", label: "Side" },
    { name: "id", label: "Id" },
    { name: "name", label: "Name" },
    { name: "tag", label: "Tag" },
    ...ruleset.ship,
  ];
  const labelOf = (name) => fields.find((f) => f.name === name)?.label.replace(/ \(.*\)$/, "") ?? name;
  const [problems, setProblems] = useState(
    /** @type {{ file: string; list: { line: number | null; field: string; message: string }[] } | null} */ (null),
  );
  const [said, setSaid] = useState("");
  const [warnings, setWarnings] = useState(/** @type {any[]} */ ([]));
  const read = async (e) => {
    const file = e.currentTarget.files?.[0];
    if (!file) return;
    setSaid(`Reading ${file.name}…`);
    const text = await file.text();
    const r = await api("POST", "/api/rosters/parse", { ruleset: ruleset.id, format: formatOf(file.name), text });
    e.target.value = "";
    if (r.ok === false) {
      setSaid("");
      setWarnings([]);
      setProblems({ file: file.name, list: r.error.errors ?? [{ line: null, field: "", message: r.error.message }] });
      return;
    }
    setProblems(null);
    setWarnings(r.warnings ?? []);
    setSaid(`${file.name}: ${r.ships.length} ship${r.ships.length === 1 ? "" : "s"} added.`);
    onShips(r.ships, file.name);
  };
  return html`<div class="roster-upload">
    <label><span>Roster file (CSV: <code>side,id,name,tag,${ruleset.ship.map((f) => f.name).join(",")}</code>; or YAML)</span>
      <input type="file" id="roster-file" accept=".csv,.yaml,.yml,text/csv,application/yaml,text/yaml" onChange=${read} /></label>
    <p id="roster-said" aria-live="polite">${said}</p>
    ${
      warnings.length
        ? html`<div id="roster-warnings" class="trouble-small setup-warnings" role="note"><b>Added, but mind this</b>
            <ul>${warnings.map((w) => html`<li>${w}</li>`)}</ul></div>`
        : null
    }
    ${
      problems
        ? html`<div id="roster-errors" class="trouble-small" role="alert">
            <p><b>${problems.file} was not added</b> — fix ${problems.list.length === 1 ? "this line" : "these lines"} and choose it again:</p>
            <ul class="roster-errors">
              ${problems.list.map(
                (p) => html`<li data-line=${p.line ?? ""} data-field=${p.field}>
                  ${p.line !== null ? html`<b>Line ${p.line}</b>` : null}${p.field ? html`, <b>${labelOf(p.field)}</b>` : null}${p.line !== null || p.field ? ": " : ""}${labelled(p.message, fields)}
                </li>`,
              )}
            </ul>
          </div>`
        : null
    }
  </div>`;
}
