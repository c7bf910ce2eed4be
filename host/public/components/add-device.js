// "Add a device" on /devices: search for what is within reach (dice over Bluetooth, NFC readers and the wind dial's
// board on USB serial, button pads on USB), each found device as a card with what it is and how strong its signal;
// identify it (the die blinks, tap a tag on the reader, press a button on the pad, the dial sweeps), give it a name
// (and a die its colour, one its family comes in), add it — or let it replace one added before. The devices added here are listed,
// each removed from its own card (device-card.js, with a confirmation); the whole set exports as a table file. On the demo table (fixed emulated devices) it says how to
// start a table that takes devices.
import { useEffect, useState } from "preact/hooks";
import { deviceKind } from "../lib/device-problems.js";
import { html } from "../lib/html.js";
import { api } from "../lib/live.js";
import { FieldError, useSend } from "../lib/use-send.js";

const LOOKED = { bluetooth: "Bluetooth (dice)", serial: "USB serial (NFC readers, the wind dial's board)", hid: "USB (button pads)" };
const IDENTIFY = {
  dice: ["Blink it", "Asking the die to blink…"],
  readers: ["Tap a tag on it", "Tap any tag on this reader now…"],
  pad: ["Press a button on it", "Press any button on the pad now…"],
  dial: ["Sweep the dial", "The dial is sweeping round the compass…"],
};
const PLACEHOLDER = { dice: "e.g. the black die", readers: "e.g. Dutch reader", pad: "e.g. the pad", dial: "e.g. the wind dial" };

/** Signal strength in words, with the figure. */
const signal = (rssi) => `${rssi >= -60 ? "strong" : rssi >= -75 ? "fair" : "weak"} signal (${rssi} dBm)`;

function FoundCard({ f, added, onAdded }) {
  const [said, setSaid] = useState(/** @type {any} */ (null));
  const [waiting, setWaiting] = useState(false);
  const [name, setName] = useState("");
  // a Pixels die says its colorway before it connects: its colour is chosen for it (devices/dice/colours.ts)
  const [color, setColor] = useState(f.color?.color ?? "");
  const [replaces, setReplaces] = useState("");
  const { send, refusal } = useSend();
  const slug = f.key.replace(/[^A-Za-z0-9]+/g, "-");
  const [label, prompt] = IDENTIFY[f.family];
  const identify = async () => {
    setWaiting(true);
    setSaid({ ok: true, said: prompt });
    const r = await send("POST", "/api/devices/found/identify", { key: f.key });
    setWaiting(false);
    setSaid(r.ok ? r.outcome : null);
  };
  const add = async (e) => {
    e.preventDefault();
    const body = {
      key: f.key,
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(color ? { color } : {}),
      ...(replaces ? { replaces } : {}),
    };
    const r = await send("POST", "/api/devices", body);
    if (r.ok) onAdded(f.key, r.id);
  };
  const same = added.filter((a) => a.family === f.family);
  return html`<li class="found-card" data-found=${f.key}>
    <div class="found-head"><b>${f.what}</b> ${f.rssi !== undefined ? html`<span class="muted">${signal(f.rssi)}</span>` : null}</div>
    <div class="muted">${f.detail}</div>
    ${f.onTable ? html`<p>On the table as <b>${f.onTable}</b>.</p>` : null}
    <div class="buttons"><button type="button" class="secondary" disabled=${waiting} onClick=${identify}>${label}</button></div>
    <p class=${said && !said.ok ? "trouble-small" : "muted"} aria-live="polite">${said?.said ?? ""}</p>
    ${
      f.onTable
        ? null
        : html`<form class="add-form" onSubmit=${add}>
      <label for=${`name-${slug}`}><span>Name</span>
        <input id=${`name-${slug}`} value=${name} maxlength="40" placeholder=${PLACEHOLDER[f.family]} onInput=${(e) => setName(e.currentTarget.value)} /></label>
      ${
        f.family === "dice"
          ? html`<label for=${`colour-${slug}`}><span>Colour</span>
          <select id=${`colour-${slug}`} value=${color} onChange=${(e) => setColor(e.currentTarget.value)}>
            <option value="">its own</option>
            ${(f.colors ?? []).map((c) => html`<option value=${c.color}>${c.label}</option>`)}
          </select></label>`
          : null
      }
      ${
        same.length
          ? html`<label for=${`replaces-${slug}`}><span>Replaces</span>
          <select id=${`replaces-${slug}`} value=${replaces} onChange=${(e) => setReplaces(e.currentTarget.value)}>
            <option value="">nothing: a new one</option>${same.map((a) => html`<option value=${a.id}>${a.name ?? a.id}</option>`)}
          </select></label>`
          : null
      }
      <button type="submit">${replaces ? "Replace" : "Add to the table"}</button>
    </form>`
    }
    <${FieldError} id=${`found-error-${slug}`} error=${refusal?.message} />
  </li>`;
}

function Added({ state, origins }) {
  const mine = state.devices.filter((d) => origins[d.id] === "added");
  if (!mine.length) return null;
  // each is removed from its own card above, with a confirmation: here, a link to it
  return html`<div class="added">
    <h3>Added on this page</h3>
    <ul class="added-list">${mine.map(
      (d) =>
        html`<li data-added=${d.id}><a href=${`#device-${d.id}`}><b>${d.name ?? d.id}</b></a> <span class="muted">${deviceKind(d)}</span></li>`,
    )}</ul>
  </div>`;
}

/** The table's device set-up (`GET /api/devices/setup`: whether devices can be added, where each came from), read again when the devices change. */
export function useDeviceSetup(state) {
  const [setup, setSetup] = useState(/** @type {any} */ (null));
  const ids = state?.devices.map((d) => d.id).join(" ") ?? "";
  useEffect(() => {
    api("GET", "/api/devices/setup").then((r) => r.ok && setSetup(r));
  }, [ids]);
  return setup;
}

/** The panel. */
export function AddDevice({ state, setup }) {
  const [search, setSearch] = useState(/** @type {any} */ (null));
  const [busy, setBusy] = useState(false);
  const { send, refusal } = useSend();
  if (!setup) return null;
  if (!setup.editable) {
    return html`<section class="panel add-device" aria-labelledby="add-h"><h2 id="add-h">Add a device</h2>
      <p>This is the demo table: its devices are emulated and fixed. To try adding devices from this page with the demo's
      emulators, start it with none on the table: <code>npm start -- --sim empty</code>; for a real table,
      <code>quarterdeck start --config table.yaml</code> (see docs/table-setup.md).</p></section>`;
  }
  const discover = async () => {
    setBusy(true);
    const r = await send("POST", "/api/devices/discover", { seconds: 3 });
    setBusy(false);
    if (r.ok) setSearch({ found: r.found, looked: r.looked });
  };
  const onAdded = (key) => setSearch((s) => s && { ...s, found: s.found.filter((f) => f.key !== key) });
  const added = state.devices.filter((d) => setup.origins[d.id] === "added").map((d) => ({ id: d.id, name: d.name, family: familyOf(d) }));
  return html`<section class="panel add-device" aria-labelledby="add-h">
    <h2 id="add-h">Add a device</h2>
    <p>Looks for dice over Bluetooth (wake them by picking them up), NFC readers and the wind dial's board on USB, and
      button pads. What you add works at once and is kept with the table.</p>
    <div class="buttons"><button type="button" id="discover" disabled=${busy} onClick=${discover}>${busy ? "Searching…" : "Search for devices"}</button>
      <a class="button secondary" href="/api/devices/table-file" download="devices.yaml">Export as a table file</a></div>
    <${FieldError} id="discover-error" error=${refusal?.message} />
    ${
      search
        ? html`<ul class="looked">${search.looked.map(
            (l) => html`<li class=${l.ok ? "" : "trouble-small"} data-looked=${l.what}><b>${LOOKED[l.what]}:</b> ${l.said}</li>`,
          )}</ul>
          ${search.found.length === 0 ? html`<p>Nothing new found.</p>` : null}
          <ul class="found-list">${search.found.map((f) => html`<${FoundCard} key=${f.key} f=${f} added=${added} onAdded=${onAdded} />`)}</ul>`
        : null
    }
    <${Added} state=${state} origins=${setup.origins} />
  </section>`;
}

/** The family a device of the view belongs to (for "replaces"). */
function familyOf(d) {
  if (d.kind === "die") return "dice";
  if (d.kind === "reader") return "readers";
  if (d.kind === "dial") return "dial";
  return "pad";
}
