// The last step of /games/new, once the game is on the table: its ships without a tag, one after the other — "Tap
// the base of Royal James on a reader now" (POST /api/setup/tag), the next ship asked for as soon as the tag is
// read — then a die bound by rolling it (the lead's BindByRoll). What came of each tap is the table's notice.
import { useEffect, useState } from "preact/hooks";
import { html } from "../lib/html.js";
import { api, useTable } from "../lib/live.js";
import { BindByRoll, Waiting } from "./setup-touch.js";

export function SetupWalk({ gameId }) {
  const { state } = useTable();
  const [walking, setWalking] = useState(false);
  const [skipped, setSkipped] = useState(/** @type {(string | undefined)[]} */ ([]));
  const [error, setError] = useState("");
  const send = async (method, url, body) => {
    const r = await api(method, url, body);
    setError(r.ok === false ? r.error.message : "");
    return r;
  };
  const onTable = state !== null && state.game === gameId;
  const next = onTable ? state.untagged.find((s) => !skipped.includes(s.id)) : undefined;
  // while walking, each ship without a tag is asked for in turn, as soon as the table waits for nothing
  useEffect(() => {
    if (!walking || !onTable || state.assigning) return;
    if (next) send("POST", "/api/setup/tag", { ship: next.id });
    else setWalking(false);
  }, [walking, onTable, state?.version, next?.id]);
  if (!onTable) return html`<p aria-live="polite">Waiting for the table to show the game…</p>`;
  const skip = async () => {
    setSkipped([...skipped, state.assigning?.ship ?? next?.id]);
    await send("POST", "/api/setup/stop", {});
  };
  const stop = async () => {
    setWalking(false);
    await send("POST", "/api/setup/stop", {});
  };
  const start = () => {
    setSkipped([]);
    setWalking(true);
  };
  const notice = state.notices.at(-1);
  return html`<section class="panel setup-walk" id="setup-walk" aria-labelledby="walk-h">
    <h2 id="walk-h">Ship bases and dice</h2>
    ${
      state.untagged.length === 0
        ? html`<p id="all-tagged">Every ship has a tag.</p>`
        : html`<p>${`${state.untagged.length} ship${state.untagged.length === 1 ? "" : "s"} without a tag: ${state.untagged.map((s) => s.name).join(", ")}.`}</p>`
    }
    ${
      walking
        ? html`<${WalkStatus} state=${state} skip=${skip} stop=${stop} />`
        : state.untagged.length > 0
          ? html`<p><button type="button" id="walk-start" onClick=${start}>Tap the ships' bases now</button></p>`
          : html`<${Waiting} state=${state} send=${send} />`
    }
    ${notice ? html`<p class=${notice.level === "warn" ? "error" : "muted"} id="walk-notice" aria-live="polite">${notice.text}</p>` : null}
    <p class="error" role="alert">${error}</p>
    <${BindByRoll} state=${state} send=${send} />
  </section>`;
}

function WalkStatus({ state, skip, stop }) {
  return html`<div class="assigning" role="status" id="walk-now">
    <b>${state.assigning?.instruction ?? "…"}</b>
    <span class="buttons">
      <button type="button" class="secondary" onClick=${skip}>Skip this ship</button>
      <button type="button" class="secondary" onClick=${stop}>Stop</button>
    </span>
  </div>`;
}
