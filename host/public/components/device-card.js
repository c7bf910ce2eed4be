// One device on /devices, as a card that fits a phone: what it is, its state in words, a problem with its remedy,
// and what can be done with it (identify a die by its blink, name it, bind it, remove one added from this page, with
// a confirmation). Its refusals are shown in the card.
import { useState } from "preact/hooks";
import { deviceKind, LOW_BATTERY, problemOf, statusWords } from "../lib/device-problems.js";
import { html } from "../lib/html.js";
import { FieldError, useSend } from "../lib/use-send.js";
import { DiceChoices } from "./dice-choices.js";

const ago = (t) => {
  if (!t) return "never";
  const s = Math.max(0, Math.round((Date.now() - t) / 1000));
  return s < 5 ? "just now" : s < 120 ? `${s} s ago` : `${Math.round(s / 60)} min ago`;
};
const signal = (rssi) => `${rssi >= -70 ? "good" : rssi >= -85 ? "fair" : "weak"} (${rssi} dBm)`;
/** Binds this die to a side, rolls and colours — the rule set's own choices, `state.ruleset.dice` — or unbinds it. */
function BindForm({ die, state, send }) {
  const b = state.bindings.find((x) => x.die === die.id) ?? {};
  const [roles, setRoles] = useState(/** @type {string[]} */ (b.roles ?? []));
  const [colors, setColors] = useState(/** @type {string[]} */ (b.colors ?? []));
  const [side, setSide] = useState(b.side ?? "");
  const id = (f) => `${f}-${die.id}`;
  const submit = (e) => {
    e.preventDefault();
    const body = { die: die.id, roles, colors };
    if (side) body.side = side;
    send("POST", "/api/bindings", body);
  };
  return html`<form class="bind" onSubmit=${submit}>
      <label for=${id("side")}><span>Whose die</span><select id=${id("side")} value=${side} onChange=${(e) => setSide(e.currentTarget.value)}>
        <option value="">shared by the sides</option>
        ${state.players.map((p) => html`<option value=${p.side}>${p.side}'s</option>`)}
      </select></label>
      <${DiceChoices} dice=${state.ruleset.dice} roles=${roles} setRoles=${setRoles} colors=${colors} setColors=${setColors}
        id=${id("bind")} ownColor=${die.color} />
      <div class="buttons">
        <button type="submit">Bind</button>
        ${b.die ? html`<button type="button" class="secondary" onClick=${() => send("DELETE", `/api/bindings/${encodeURIComponent(die.id)}`)}>Unbind</button>` : null}
      </div>
    </form>`;
}

/** A die's binding in words, by the rule set's labels: "Dutch · Black · ROF die", or null when it is not bound. */
export const bindingWords = (b, dice) => {
  if (!b) return null;
  const label = (list, key, v) => list?.find((d) => d[key] === v)?.label ?? v;
  return [
    b.side ?? "either side",
    ...(b.colors ?? []).map((c) => label(dice?.colors, "color", c)),
    ...(b.roles ?? []).map((r) => label(dice?.roles, "role", r)),
  ].join(" · ");
};

/**
 * A friendly name for a device ("the black die with the chip"), starting from the name it has (the table file's, or
 * its family and number); an empty one takes a given name away.
 */
function NameForm({ d, send }) {
  const [name, setName] = useState(d.name ?? "");
  return html`<form class="name-form" onSubmit=${(e) => {
    e.preventDefault();
    send("PUT", `/api/devices/${encodeURIComponent(d.id)}/name`, { name });
  }}>
    <label for=${`name-${d.id}`}><span class="sr-only">Name for ${d.name ?? "this device"}</span>
      <input id=${`name-${d.id}`} value=${name} maxlength="40" placeholder="name it" onInput=${(e) => setName(e.currentTarget.value)} /></label>
    <button type="submit" class="secondary">Name</button>
  </form>`;
}

/** The problem of a device, in words, with its remedy; the driver's own message folded away. */
export function Problem({ d }) {
  const p = problemOf(d);
  if (!p) return null;
  return html`<div class="device-problem">
    <p><b>${p.problem}</b> ${p.remedy}</p>
    ${p.detail ? html`<details><summary>Technical detail</summary><p class="detail">${p.detail}</p></details>` : null}
  </div>`;
}

/** One device's card. */
/**
 * Remove on a device added from this page, asked twice: the first press says what goes ("the table stops reading
 * it"), the second removes it (`DELETE /api/devices/:id`), Keep it puts the question away.
 */
function RemoveDevice({ d, send }) {
  const [asking, setAsking] = useState(false);
  const name = d.name ?? d.id;
  if (!asking) return html`<button type="button" class="secondary remove-device" onClick=${() => setAsking(true)}>Remove</button>`;
  return html`<div class="remove-confirm" role="alertdialog" aria-label=${`Remove ${name}?`}>
    <p><b>Remove ${name} from the table?</b> The table stops reading it; add it again from Search for devices.</p>
    <div class="buttons">
      <button type="button" class="danger" onClick=${() => send("DELETE", `/api/devices/${encodeURIComponent(d.id)}`)}>Remove it</button>
      <button type="button" class="secondary" onClick=${() => setAsking(false)}>Keep it</button>
    </div>
  </div>`;
}

/** One device's card; `removable`: it was added from this page, so Remove is on it. */
export function DeviceCard({ d, state, removable = false }) {
  const { send, refusal, setRefusal } = useSend();
  const [said, setSaid] = useState("");
  const identify = async () => {
    const r = await send("POST", `/api/devices/${encodeURIComponent(d.id)}/identify`, {});
    setSaid(r.ok ? "It blinks now: look for it." : "");
    if (!r.ok)
      setRefusal({
        code: "device.unknown",
        path: "id",
        message: "This die cannot blink (a die read from its adverts only): roll it and watch which card updates.",
      });
  };
  const problem = problemOf(d);
  const bound =
    d.kind === "die"
      ? bindingWords(
          state.bindings.find((b) => b.die === d.id),
          state.ruleset.dice,
        )
      : null;
  const lowBattery = d.battery !== undefined && d.battery <= LOW_BATTERY;
  return html`<li class=${`device-card${problem ? " attention" : ""}`} id=${`device-${d.id}`} data-device=${d.id} data-problem=${problem ? "true" : "false"}>
    <div class="device-head">
      <h3 class="device-name" title=${`Its id in the table file: ${d.id}`}>${d.name ?? d.id}</h3>
      <span class=${`device-status ${d.connected ? "ok" : "bad"}`}>${statusWords(d)}</span>
    </div>
    <p class="muted">${deviceKind(d)}${d.emulated ? " · emulated" : ""}</p>
    <${Problem} d=${d} />
    <dl class="device-facts">
      ${d.battery !== undefined ? html`<div><dt>Battery</dt><dd class=${lowBattery ? "error" : ""}>${d.battery} %</dd></div>` : null}
      ${d.rssi !== undefined ? html`<div><dt>Signal</dt><dd>${signal(d.rssi)}</dd></div>` : null}
      ${bound ? html`<div><dt>Bound to</dt><dd>${bound}</dd></div>` : null}
      ${d.kind === "dial" && state.dial?.angle != null ? html`<div><dt>Pointing</dt><dd>${state.dial.angle}°</dd></div>` : null}
      ${d.lastSeen !== undefined ? html`<div><dt>Last heard</dt><dd>${ago(d.lastSeen)}</dd></div>` : null}
    </dl>
    <div class="device-actions">
      ${d.kind === "die" ? html`<button type="button" class="secondary" onClick=${identify}>Identify</button>` : null}
      <details class="device-setup">
        <summary>${d.kind === "die" ? "Name it, bind it" : "Name it"}</summary>
        <${NameForm} key=${`${d.id}:${d.name ?? ""}`} d=${d} send=${send} />
        ${d.kind === "die" ? html`<${BindForm} die=${d} state=${state} send=${send} />` : null}
      </details>
    </div>
    ${removable ? html`<${RemoveDevice} d=${d} send=${send} />` : null}
    ${said ? html`<p class="muted" role="status">${said}</p>` : null}
    <${FieldError} id=${`error-${d.id}`} error=${refusal?.message} />
  </li>`;
}
