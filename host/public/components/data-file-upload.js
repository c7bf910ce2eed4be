// A club's data file chosen on /games/new (issue 28): a Quickfire chart or a WS&IM base-game file (YAML or JSON), or a
// club's copy of sail(6)'s globals.c, converted on the host. Checked by the rule set at once (`POST
// /api/data-files/check`): it goes with the game, or its error is shown by line and key and nothing is kept.
import { useState } from "preact/hooks";
import { html } from "../lib/html.js";
import { api } from "../lib/live.js";

/** `file` is the accepted `{name, text}` or null; `onFile` sets it (null: the rule set's own tables). */
export function DataFileUpload({ ruleset, file, onFile }) {
  const [problem, setProblem] = useState(/** @type {any} */ (null));
  const [read, setRead] = useState(/** @type {any} */ (null));
  const choose = async (e) => {
    const chosen = e.currentTarget.files?.[0];
    e.currentTarget.value = "";
    if (!chosen) return;
    const text = await chosen.text();
    const r = await api("POST", "/api/data-files/check", { ruleset: ruleset.id, name: chosen.name, text });
    if (r.ok === false) {
      setRead(null);
      setProblem({ name: chosen.name, ...r.error });
      onFile(null);
      return;
    }
    setProblem(null);
    setRead(r);
    onFile({ name: chosen.name, text });
  };
  const message = (p) => p.message.replace(/^[^:]+:\d+(:\d+)?( \([^)]*\))?: /, "");
  return html`<div class="data-file-upload" id="data-file">
    <p class="muted">${ruleset.dataFile}</p>
    <label><span>Club data file (YAML or JSON${ruleset.id === "wsim-battle-v3" ? ", or your copy of sail(6)'s globals.c" : ""})</span>
      <input type="file" id="data-file-input" accept=".yaml,.yml,.json,.c,application/json,application/yaml,text/yaml,text/x-c"
        onChange=${choose} /></label>
    ${
      file
        ? html`<p id="data-file-said" aria-live="polite">
            <b>${file.name}</b> goes with the game${read ? html` (${read.format === "sail-globals" ? "converted from globals.c; " : ""}read: ${read.sections.join(", ")})` : ""}.</p>
          <p class="buttons"><button type="button" class="secondary" id="data-file-remove" onClick=${() => {
            setRead(null);
            onFile(null);
          }}>Play without it</button></p>`
        : html`<p id="data-file-said" aria-live="polite" class="muted">None chosen: the rules' own tables are used.</p>`
    }
    ${
      problem
        ? html`<div id="data-file-errors" class="trouble-small" role="alert">
            <p><b>${problem.name} was not taken</b> — nothing was kept; fix this and choose it again:</p>
            <ul><li data-line=${problem.line ?? ""} data-key=${problem.key ?? ""}>
              ${problem.line ? html`<b>Line ${problem.line}</b>` : null}${problem.key ? html`, <b>${problem.key}</b>` : null}${problem.line || problem.key ? ": " : ""}${message(problem)}
            </li></ul>
          </div>`
        : null
    }
  </div>`;
}
