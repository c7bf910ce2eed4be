// /devices: every device's health (connected, battery, signal, last seen), identify-blink, binding a die
// to roles/colours/side (and unbinding it), switching a player to manual dice, and the emulators' controls on a demo table.
import { $, connectLive, fill, h, send } from "./live.js";

let state = null;
let editing = false;

const ago = (t) => (t ? `${Math.max(0, Math.round((Date.now() - t) / 1000))} s ago` : "—");
const list = (v) => v.split(/[\s,]+/).filter(Boolean);

function bindForm(d) {
  const b = state.bindings.find((x) => x.die === d.id) ?? {};
  const roles = h("input", { value: (b.roles ?? []).join(" "), placeholder: "any role", size: 9 });
  const colors = h("input", { value: (b.colors ?? []).join(" "), placeholder: d.color ?? "colour", size: 9 });
  const side = h(
    "select",
    {},
    h("option", { value: "" }, "shared"),
    ...state.players.map((p) => h("option", { value: p.side, selected: b.side === p.side }, p.side)),
  );
  const unbind =
    b.die &&
    h(
      "button",
      { type: "button", class: "secondary", onclick: () => send("DELETE", `/api/bindings/${encodeURIComponent(d.id)}`) },
      "Unbind",
    );
  const form = h("form", { class: "buttons" }, roles, colors, side, h("button", { type: "submit" }, "Bind"), unbind);
  form.onsubmit = (e) => {
    e.preventDefault();
    const body = { die: d.id, roles: list(roles.value), colors: list(colors.value) };
    if (side.value) body.side = side.value;
    send("POST", "/api/bindings", body);
  };
  return form;
}

function simControls(d) {
  if (!state.sim || !d.emulated || d.kind === "adapter") return null;
  const up = d.connected;
  const buttons = [
    h(
      "button",
      { class: "secondary", onclick: () => send("POST", `/api/sim/${up ? "disconnect" : "reconnect"}`, { device: d.id }) },
      up ? "Unplug" : "Plug in",
    ),
  ];
  if (d.kind === "die") {
    const face = h("input", { type: "number", min: 1, max: 6, value: 6, size: 2 });
    buttons.push(face, h("button", { onclick: () => send("POST", "/api/sim/roll", { die: d.id, face: Number(face.value) }) }, "Roll"));
  }
  if (d.kind === "reader") {
    const ship = h("select", {}, ...state.ships.map((s) => h("option", { value: s.tags[0] ?? "" }, s.name)));
    buttons.push(ship, h("button", { onclick: () => send("POST", "/api/sim/tap", { reader: d.id, uid: ship.value }) }, "Tap"));
  }
  return h("span", { class: "buttons" }, ...buttons);
}

function paint(s) {
  state = s;
  if (editing) return;
  const rows = s.devices.map((d) =>
    h(
      "tr",
      { "data-device": d.id },
      h("td", {}, h("b", {}, d.id), d.emulated ? " (emulated)" : ""),
      h("td", {}, `${d.kind} · ${d.family}${d.color ? ` · ${d.color}` : ""}`),
      h("td", { class: d.connected ? "" : "error" }, d.status, d.message ? h("div", { class: "muted" }, d.message) : null),
      h("td", {}, d.battery !== undefined ? `${d.battery}%` : "—"),
      h("td", {}, d.rssi !== undefined ? `${d.rssi} dBm` : "—"),
      h("td", {}, ago(d.lastSeen)),
      h(
        "td",
        { class: "device-actions" },
        d.kind === "die" || d.kind === "reader"
          ? h(
              "button",
              { class: "secondary", onclick: () => send("POST", `/api/devices/${encodeURIComponent(d.id)}/identify`, {}) },
              "Blink",
            )
          : null,
        d.kind === "die" ? bindForm(d) : null,
        simControls(d),
      ),
    ),
  );
  fill(
    $("devices"),
    h(
      "table",
      { class: "devices" },
      h("tr", {}, ...["Device", "Kind", "Status", "Battery", "Signal", "Last seen", ""].map((t) => h("th", {}, t))),
      ...rows,
    ),
  );
  $("dial").textContent = s.dial ? `Wind dial: ${s.dial.health.status}, servo at ${s.dial.angle ?? "—"}°` : "No wind dial.";
  fill(
    $("players"),
    h("h2", {}, "Players' dice"),
    ...s.players.map((p) =>
      h(
        "label",
        {},
        `${p.side}: `,
        h(
          "select",
          { onchange: (e) => send("POST", `/api/players/${encodeURIComponent(p.side)}`, { mode: e.target.value }) },
          ...["electronic", "manual", "software"].map((m) => h("option", { value: m, selected: m === p.mode }, m)),
        ),
      ),
    ),
  );
  document.body.dataset.version = String(s.version);
}

// A push must not wipe a form a person is filling in.
document.addEventListener("focusin", (e) => {
  editing = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement;
});
document.addEventListener("focusout", () => {
  editing = false;
});
connectLive(paint);
