// /devices: what needs attention first (a summary of the devices' problems, each in words with its remedy), then
// every device as a card (state, battery, signal, identify by blinking, a name, a die's binding), binding a die by
// rolling it, adding a device found within reach (components/add-device.js), ships' bases, each player's dice mode,
// letting phones join and pairing one (components/phones-access.js), and on a demo table the emulators' controls in a
// panel of their own. Laid out for a 390 px phone first.
import { render } from "preact";
import { AddDevice, useDeviceSetup } from "./components/add-device.js";
import { DeviceCard } from "./components/device-card.js";
import { Phones } from "./components/phones-access.js";
import { Players } from "./components/players.js";
import { BindByRoll, ShipBases } from "./components/setup-touch.js";
import { SimPanel } from "./components/sim-panel.js";
import { deviceKind, problemOf, summaryLine } from "./lib/device-problems.js";
import { html } from "./lib/html.js";
import { adoptTokenFromUrl, useTable } from "./lib/live.js";
import { WithRefusals } from "./lib/use-send.js";

adoptTokenFromUrl();

/** The line everyone reads first: how many devices need attention, and each one's problem with its remedy. */
function Summary({ devices }) {
  const troubled = devices.map((d) => [d, problemOf(d)]).filter(([, p]) => p);
  return html`<section id="summary" class=${`panel device-summary${troubled.length ? " attention" : ""}`} aria-labelledby="summary-h">
    <h2 id="summary-h">${summaryLine(devices)}</h2>
    ${
      troubled.length
        ? html`<ul class="problems">${troubled.map(
            ([d, p]) =>
              html`<li key=${d.id}><a href=${`#device-${d.id}`}>${d.name ?? d.id}</a> (${deviceKind(d)}): <b>${p.problem}</b> ${p.remedy}</li>`,
          )}</ul>`
        : null
    }
  </section>`;
}

function Devices() {
  const { state } = useTable();
  const setup = useDeviceSetup(state);
  if (!state) return html`<main class="page">Connecting to the table…</main>`;
  document.body.dataset.version = String(state.version);
  return html`<main class="page wide devices-page">
    <h1>Devices <nav class="links"><a href="/">display</a> <a href="/control">control</a> <a href="/games">games</a></nav></h1>
    <${Summary} devices=${state.devices} />
    <section id="devices" aria-labelledby="devices-h">
      <h2 id="devices-h" class="sr-only">Every device</h2>
      <ul class="device-list">${state.devices.map(
        (d) => html`<${DeviceCard} key=${d.id} d=${d} state=${state} removable=${setup?.origins?.[d.id] === "added"} />`,
      )}</ul>
    </section>
    <${AddDevice} state=${state} setup=${setup} />
    <${WithRefusals} id="bind-error" part=${BindByRoll} state=${state} />
    <${WithRefusals} id="bases-error" part=${ShipBases} state=${state} />
    <${WithRefusals} id="players-error" part=${Players} state=${state} />
    <${Phones} />
    <${SimPanel} state=${state} />
  </main>`;
}

render(html`<${Devices} />`, /** @type {HTMLElement} */ (document.getElementById("app")));
