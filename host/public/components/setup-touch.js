// Setting the table up by touch (issue 12): give a ship its tag by tapping its base on any reader, bind a die by
// rolling it. The host waits for the tap or the roll (`state.assigning`) and says what came of it in a notice.
import { useState } from "preact/hooks";
import { html } from "../lib/html.js";
import { bindingWords } from "./device-card.js";
import { DiceChoices } from "./dice-choices.js";

/** What the table waits for now, in words, with a button to stop waiting. */
export function Waiting({ state, send }) {
  if (!state.assigning) return null;
  return html`<div class="assigning" role="status" id="assigning">
    <b>${state.assigning.instruction}</b>
    <button type="button" class="secondary" onClick=${() => send("POST", "/api/setup/stop", {})}>Stop waiting</button>
  </div>`;
}

/** Ships without a tag first, each with a button to wait for its base; any other ship can get another tag. */
export function ShipBases({ state, send }) {
  const [other, setOther] = useState("");
  const wait = (ship) => send("POST", "/api/setup/tag", { ship });
  return html`<section id="ship-bases" class="panel" aria-labelledby="bases-h">
    <h2 id="bases-h">Ship bases</h2>
    <${Waiting} state=${state} send=${send} />
    ${
      state.untagged.length === 0
        ? html`<p class="muted">Every ship has a tag.</p>`
        : html`<p>Without a tag: press a ship, then tap its base on any reader.</p>
          <div class="buttons">${state.untagged.map((s) => html`<button type="button" onClick=${() => wait(s.id)}>${s.name}</button>`)}</div>`
    }
    <form class="row" onSubmit=${(e) => {
      e.preventDefault();
      if (other) wait(other);
    }}>
      <label><span>Another tag for</span>
        <select value=${other} onChange=${(e) => setOther(e.currentTarget.value)}>
          <option value="">a ship…</option>
          ${state.ships.map((s) => html`<option value=${s.id}>${s.name}</option>`)}
        </select></label>
      <button type="submit" class="secondary">Wait for its base</button>
    </form>
  </section>`;
}

/** Binds the next die rolled to the side, rolls and colours chosen here (the rule set's own, `state.ruleset.dice`). */
export function BindByRoll({ state, send }) {
  const [roles, setRoles] = useState(/** @type {string[]} */ ([]));
  const [colors, setColors] = useState(/** @type {string[]} */ ([]));
  const [side, setSide] = useState("");
  // the bindings as they were when a roll was asked for: the one that differs after it is the one the roll made
  const [before, setBefore] = useState(/** @type {string[] | null} */ (null));
  const submit = async (e) => {
    e.preventDefault();
    const body = {};
    if (roles.length) body.roles = roles;
    if (colors.length) body.colors = colors;
    if (side) body.side = side;
    const r = await send("POST", "/api/setup/die", body);
    if (r?.ok !== false) setBefore(state.bindings.map((b) => JSON.stringify(b)));
  };
  const made = before ? state.bindings.find((b) => !before.includes(JSON.stringify(b))) : undefined;
  const die = made && state.devices.find((d) => d.id === made.die);
  return html`<section id="bind-by-roll" class="panel" aria-labelledby="roll-bind-h">
    <h2 id="roll-bind-h">Bind a die by rolling it</h2>
    <form class="bind" onSubmit=${submit}>
      <label><span>Whose die</span><select value=${side} onChange=${(e) => setSide(e.currentTarget.value)}>
        <option value="">shared by the sides</option>
        ${state.players.map((p) => html`<option value=${p.side}>${p.side}'s</option>`)}
      </select></label>
      <${DiceChoices} dice=${state.ruleset.dice} roles=${roles} setRoles=${setRoles} colors=${colors} setColors=${setColors}
        id="roll-bind" />
      <button type="submit">Wait for a roll</button>
    </form>
    ${
      made
        ? html`<p class="bind-confirmed" id="bind-confirmed" role="status">
            ✔ <b>${die?.name ?? made.die}</b> is bound: ${bindingWords(made, state.ruleset.dice)}. Its card says so too.</p>`
        : before && state.assigning?.kind === "die"
          ? html`<p class="muted" role="status">Waiting: roll the die now.</p>`
          : null
    }
  </section>`;
}
