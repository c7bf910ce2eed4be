// /devices: pairing a phone (a QR code of the control page with the table's token), every device's health
// (connected, battery, signal, last seen), identify-blink, binding a die to roles/colours/side (and unbinding it),
// each player's dice mode, and the emulators' controls on a demo table.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { Players } from "./components/players.js";
import { BindByRoll, ShipBases } from "./components/setup-touch.js";
import { html } from "./lib/html.js";
import { adoptTokenFromUrl, api, useTable } from "./lib/live.js";

adoptTokenFromUrl();

const ago = (t) => (t ? `${Math.max(0, Math.round((Date.now() - t) / 1000))} s ago` : "—");
const list = (v) => v.split(/[\s,]+/).filter(Boolean);

function Pairing() {
  const [p, setP] = useState(null);
  useEffect(() => {
    api("GET", "/api/pairing").then(setP);
  }, []);
  if (!p) return null;
  if (!p.ok) return html`<section class="panel pairing"><h2>Pair a phone</h2><p>${p.error.message}</p></section>`;
  return html`<section class="panel pairing" aria-labelledby="pair-h">
    <h2 id="pair-h">Pair a phone</h2>
    <img class="qr" alt="QR code of the control page with this table's token" src=${`data:image/svg+xml;charset=utf-8,${encodeURIComponent(p.svg)}`} />
    <div>
      <p>Scan with the phone's camera: it opens the control page, paired with this table.</p>
      ${
        p.reachable
          ? null
          : html`<p class="trouble-small"><b>A phone cannot reach this table yet:</b> it listens on this machine only. Start it with <code>--host 0.0.0.0</code> so phones on the same network can connect.</p>`
      }
    </div>
  </section>`;
}

function BindForm({ die, state, send }) {
  const b = state.bindings.find((x) => x.die === die.id) ?? {};
  const [roles, setRoles] = useState((b.roles ?? []).join(" "));
  const [colors, setColors] = useState((b.colors ?? []).join(" "));
  const [side, setSide] = useState(b.side ?? "");
  const submit = (e) => {
    e.preventDefault();
    const body = { die: die.id, roles: list(roles), colors: list(colors) };
    if (side) body.side = side;
    send("POST", "/api/bindings", body);
  };
  return html`<form class="bind" onSubmit=${submit}>
    <label><span>Roles</span><input value=${roles} placeholder="any role" onInput=${(e) => setRoles(e.currentTarget.value)} /></label>
    <label><span>Colours</span><input value=${colors} placeholder=${die.color ?? "colour"} onInput=${(e) => setColors(e.currentTarget.value)} /></label>
    <label><span>Side</span><select value=${side} onChange=${(e) => setSide(e.currentTarget.value)}>
      <option value="">shared</option>
      ${state.players.map((p) => html`<option value=${p.side}>${p.side}</option>`)}
    </select></label>
    <button type="submit">Bind</button>
    ${b.die ? html`<button type="button" class="secondary" onClick=${() => send("DELETE", `/api/bindings/${encodeURIComponent(die.id)}`)}>Unbind</button>` : null}
  </form>`;
}

/** A friendly name for a device ("the black die with the chip"); an empty one takes it away. */
function NameForm({ d, send }) {
  const [name, setName] = useState(d.name ?? "");
  return html`<form class="name-form" onSubmit=${(e) => {
    e.preventDefault();
    send("PUT", `/api/devices/${encodeURIComponent(d.id)}/name`, { name });
  }}>
    <label><span class="sr-only">Name for ${d.id}</span>
      <input value=${name} maxlength="40" placeholder="name it" onInput=${(e) => setName(e.currentTarget.value)} /></label>
    <button type="submit" class="secondary">Name</button>
  </form>`;
}

/** At or below this a battery is shown as low (the display says so once, too). */
const LOW_BATTERY = 15;

function SimControls({ d, state, send }) {
  const [face, setFace] = useState(6);
  const [uid, setUid] = useState(state.ships[0]?.tags[0] ?? "");
  if (!state.sim || !d.emulated || d.kind === "adapter") return null;
  return html`<span class="buttons">
    <button type="button" class="secondary" onClick=${() => send("POST", `/api/sim/${d.connected ? "disconnect" : "reconnect"}`, { device: d.id })}>
      ${d.connected ? "Unplug" : "Plug in"}</button>
    ${
      d.kind === "die"
        ? html`<label class="inline"><span class="sr-only">Face for ${d.id}</span>
            <input type="number" min="1" max="6" value=${face} onInput=${(e) => setFace(Number(e.currentTarget.value))} /></label>
          <button type="button" onClick=${() => send("POST", "/api/sim/roll", { die: d.id, face })}>Roll</button>`
        : null
    }
    ${
      d.kind === "reader"
        ? html`<label class="inline"><span class="sr-only">Ship to tap on ${d.id}</span>
            <select value=${uid} onChange=${(e) => setUid(e.currentTarget.value)}>
              ${state.ships.map((s) => html`<option value=${s.tags[0] ?? ""}>${s.name}</option>`)}
            </select></label>
          <button type="button" onClick=${() => send("POST", "/api/sim/tap", { reader: d.id, uid })}>Tap</button>`
        : null
    }
  </span>`;
}

function Devices() {
  const [error, setError] = useState("");
  const { state } = useTable();
  const send = async (method, url, body) => {
    const r = await api(method, url, body);
    setError(r.ok === false ? r.error.message : "");
    return r;
  };
  if (!state) return html`<main class="page">Connecting to the table…</main>`;
  document.body.dataset.version = String(state.version);
  return html`<main class="page wide">
    <h1>Devices <nav class="links"><a href="/">display</a> <a href="/control">control</a> <a href="/games">games</a></nav></h1>
    <p id="error" class="error" role="alert">${error}</p>
    <${Pairing} />
    <p id="dial">${state.dial ? `Wind dial: ${state.dial.health.status}, servo at ${state.dial.angle ?? "—"}°` : "No wind dial."}</p>
    <section id="devices" class="panel">
      <table class="devices">
        <thead><tr>${["Device", "Kind", "Status", "Battery", "Signal", "Last seen", "Actions"].map((t) => html`<th scope="col">${t}</th>`)}</tr></thead>
        <tbody>
          ${state.devices.map(
            (d) => html`<tr key=${d.id} data-device=${d.id}>
              <td><b>${d.name ?? d.id}</b>${d.name ? html` <span class="muted">${d.id}</span>` : null}${d.emulated ? " (emulated)" : ""}
                <${NameForm} key=${`${d.id}:${d.name ?? ""}`} d=${d} send=${send} /></td>
              <td>${d.kind} · ${d.family}${d.color ? ` · ${d.color}` : ""}</td>
              <td class=${d.connected ? "" : "error"}>${d.status}${d.message ? html`<div class="muted">${d.message}</div>` : null}</td>
              <td class=${d.battery !== undefined && d.battery <= LOW_BATTERY ? "error" : ""}>${
                d.battery === undefined ? "—" : d.battery <= LOW_BATTERY ? html`<b>${d.battery}% — low: charge it</b>` : `${d.battery}%`
              }</td>
              <td>${d.rssi !== undefined ? `${d.rssi} dBm` : "—"}</td>
              <td>${ago(d.lastSeen)}</td>
              <td><div class="device-actions">
                ${
                  d.kind === "die" || d.kind === "reader"
                    ? html`<button type="button" class="secondary" onClick=${() => send("POST", `/api/devices/${encodeURIComponent(d.id)}/identify`, {})}>Blink</button>`
                    : null
                }
                ${d.kind === "die" ? html`<${BindForm} die=${d} state=${state} send=${send} />` : null}
                <${SimControls} d=${d} state=${state} send=${send} />
              </div></td>
            </tr>`,
          )}
        </tbody>
      </table>
    </section>
    <${BindByRoll} state=${state} send=${send} />
    <${ShipBases} state=${state} send=${send} />
    <${Players} state=${state} send=${send} />
  </main>`;
}

render(html`<${Devices} />`, document.getElementById("app"));
