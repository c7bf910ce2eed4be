// The emulators' controls, on a demo table only (`state.sim`), in their own panel apart from the real devices' list:
// unplug and plug in any emulated device, roll an emulated die to a face, tap a ship's tag on an emulated reader.
import { useState } from "preact/hooks";
import { deviceKind } from "../lib/device-problems.js";
import { html } from "../lib/html.js";
import { FieldError, useSend } from "../lib/use-send.js";

function SimRow({ d, state, send }) {
  const [face, setFace] = useState(6);
  const [uid, setUid] = useState(state.ships[0]?.tags[0] ?? "");
  const id = (f) => `sim-${f}-${d.id}`;
  return html`<li class="sim-row" data-sim=${d.id}>
    <span class="sim-name"><b>${d.name ?? d.id}</b> <span class="muted">${deviceKind(d)}</span></span>
    <span class="buttons">
      <button type="button" class="secondary" onClick=${() => send("POST", `/api/sim/${d.connected ? "disconnect" : "reconnect"}`, { device: d.id })}>
        ${d.connected ? "Unplug" : "Plug in"}</button>
      ${
        d.kind === "die"
          ? html`<label class="inline" for=${id("face")}><span class="sr-only">Face for ${d.name ?? "this die"}</span>
              <input id=${id("face")} type="number" min="1" max="6" value=${face} onInput=${(e) => setFace(Number(e.currentTarget.value))} /></label>
            <button type="button" onClick=${() => send("POST", "/api/sim/roll", { die: d.id, face })}>Roll</button>`
          : null
      }
      ${
        d.kind === "reader"
          ? html`<label class="inline" for=${id("ship")}><span class="sr-only">Ship to tap on ${d.name ?? "this reader"}</span>
              <select id=${id("ship")} value=${uid} onChange=${(e) => setUid(e.currentTarget.value)}>
                ${state.ships.map((s) => html`<option value=${s.tags[0] ?? ""}>${s.name}</option>`)}
              </select></label>
            <button type="button" onClick=${() => send("POST", "/api/sim/tap", { reader: d.id, uid })}>Tap</button>`
          : null
      }
    </span>
  </li>`;
}

/** The "Emulated devices" panel; nothing on a table with real hardware. */
export function SimPanel({ state }) {
  const { send, refusal } = useSend();
  if (!state.sim) return null;
  const emulated = state.devices.filter((d) => d.emulated && d.kind !== "adapter");
  if (emulated.length === 0) return null;
  return html`<section id="emulators" class="panel" aria-labelledby="emulators-h">
    <h2 id="emulators-h">Emulated devices</h2>
    <p class="muted">This is a demo table: every device is emulated. Unplug one to see what the table does, roll a die to a face, tap a ship's tag on a reader.</p>
    <ul class="sim-list">${emulated.map((d) => html`<${SimRow} key=${d.id} d=${d} state=${state} send=${send} />`)}</ul>
    <${FieldError} id="emulators-error" error=${refusal?.message} />
  </section>`;
}
