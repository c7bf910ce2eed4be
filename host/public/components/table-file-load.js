// A table file brought to /games/new (one saved from /games, or written for `quarterdeck start --config`): read in
// the browser and made a new game by the host (`POST /api/games/import`), or its error by line and key.
import { useState } from "preact/hooks";
import { html } from "../lib/html.js";
import { api } from "../lib/live.js";

/** The name the host calls the checked text by in its messages. */
const CHECKED_AS = "table.yaml";

/** `onCreated(game)` receives the new game's list entry. */
export function TableFileLoad({ onCreated }) {
  const [error, setError] = useState(/** @type {{ file: string; message: string; path: string } | null} */ (null));
  const load = async (e) => {
    const file = e.currentTarget.files?.[0];
    if (!file) return;
    const r = await api("POST", "/api/games/import", { text: await file.text() });
    e.target.value = "";
    if (r.ok === false) {
      // the host names the text it checked "table.yaml": name it as the person knows it
      const named = (s) => String(s).split(CHECKED_AS).join(file.name);
      setError({ file: file.name, message: named(r.error.message), path: named(r.error.path) });
      return;
    }
    setError(null);
    onCreated(r);
  };
  return html`<details class="panel table-file-load">
    <summary>Or load a table file</summary>
    <label><span>Table file (YAML, as saved from the games list or written for <code>--config</code>)</span>
      <input type="file" id="table-file" accept=".yaml,.yml,application/yaml,text/yaml" onChange=${load} /></label>
    ${
      error
        ? html`<div id="table-file-error" class="trouble-small" role="alert" data-path=${error.path}>
            <p><b>${error.file} was not loaded:</b> ${error.message}</p></div>`
        : null
    }
  </details>`;
}
