// /control (a phone or tablet at the table): choose the action and its inputs, type dice, roll in
// software, answer the rules' choices, confirm, undo, next phase, and each player's dice mode.
import { $, connectLive, fill, h, pct, send, shipName } from "./live.js";

let state = null;
let editing = false;

function input(field, value, ships) {
  const name = field.name;
  if (field.type === "ship") {
    return h(
      "select",
      { name },
      h("option", { value: "" }, "—"),
      ...ships.map((s) => h("option", { value: s.id, selected: s.id === value }, `${s.name} (${s.side})`)),
    );
  }
  if (field.type === "ships") {
    return h(
      "span",
      { class: "buttons" },
      ...ships.map((s) =>
        h(
          "label",
          {},
          h("input", { type: "checkbox", name, value: s.id, checked: Array.isArray(value) && value.includes(s.id) }),
          ` ${s.name}`,
        ),
      ),
    );
  }
  if (field.type === "boolean") return h("input", { type: "checkbox", name, checked: value === true });
  if (field.type === "enum") {
    return h(
      "select",
      { name },
      h("option", { value: "" }, "—"),
      ...(field.values ?? []).map((v) => h("option", { value: v, selected: v === value }, String(v))),
    );
  }
  return h("input", {
    type: field.type === "number" ? "number" : "text",
    name,
    value: value ?? "",
    min: field.min,
    max: field.max,
    step: "any",
    inputmode: field.type === "number" ? "decimal" : undefined,
  });
}

function readForm(form, fields) {
  const values = {};
  for (const f of fields) {
    if (f.type === "boolean") values[f.name] = form.elements[f.name].checked;
    else if (f.type === "ships") values[f.name] = [...form.querySelectorAll(`input[name="${f.name}"]:checked`)].map((i) => i.value);
    else {
      const raw = form.elements[f.name].value;
      if (raw === "") continue;
      const enumNumber = f.type === "enum" && (f.values ?? []).every((v) => typeof v === "number");
      values[f.name] = f.type === "number" || enumNumber ? Number(raw) : raw;
    }
  }
  return values;
}

/** The rule set's odds summary in one line: "expected hits 4.33 · condition drops 45%". */
function oddsLine(summary) {
  return Object.entries(summary)
    .filter(([, v]) => typeof v === "number")
    .map(([k, v]) => {
      const name = k
        .replace(/^p(?=[A-Z])/, "")
        .replace(/([A-Z])/g, " $1")
        .toLowerCase()
        .trim();
      return `${name} ${/^p[A-Z]/.test(k) || (v > 0 && v < 1) ? pct(v) : Math.round(v * 100) / 100}`;
    })
    .join(" · ");
}

function paintAction() {
  const p = state.pending;
  const actions = state.ruleset.actions;
  const type = p?.type ?? actions[0]?.type;
  const def = actions.find((a) => a.type === type);
  const typeSelect = h(
    "select",
    { id: "type", onchange: (e) => send("POST", "/api/draft", { type: e.target.value }) },
    ...actions.map((a) => h("option", { value: a.type, selected: a.type === type }, a.type)),
  );
  const form = h("form", { id: "fields", onfocusin: () => (editing = true), onfocusout: () => (editing = false) });
  if (def) {
    form.append(
      ...def.fields.map((f) => h("label", {}, `${f.label}${f.optional ? " (optional)" : ""} `, input(f, p?.action[f.name], state.ships))),
      h("button", { type: "submit" }, "Set"),
    );
  }
  form.onsubmit = (e) => {
    e.preventDefault();
    editing = false;
    if (p?.origin === "follow-up") send("POST", "/api/actions", { action: { type, ...readForm(form, def.fields) } });
    else send("POST", "/api/draft", { type, values: readForm(form, def.fields) });
  };
  fill(
    $("action"),
    h("h2", {}, p?.origin === "follow-up" ? `The rules demand: ${p.purpose}` : "Action"),
    p?.origin === "follow-up" ? null : h("label", {}, "Type ", typeSelect),
    h("p", { class: "muted" }, def?.description ?? ""),
    form,
    h("p", { class: p?.error ? "error" : "instruction-small", id: "instruction" }, p?.instruction ?? ""),
    p?.odds ? h("p", { class: "muted", id: "odds" }, oddsLine(p.odds.summary)) : null,
  );
}

function buildDice() {
  const entry = h("input", { id: "dice-values", placeholder: "e.g. 4 6 1", inputmode: "numeric", autocomplete: "off" });
  fill(
    $("dice"),
    h("h2", {}, "Dice"),
    h("p", { id: "dice-needed" }),
    h(
      "form",
      {
        onsubmit: async (e) => {
          e.preventDefault();
          const values = entry.value
            .split(/[\s,]+/)
            .filter(Boolean)
            .map(Number);
          if ((await send("POST", "/api/dice", { values })).ok) entry.value = "";
        },
      },
      entry,
      h("button", { type: "submit" }, "Enter dice"),
    ),
    h(
      "div",
      { class: "buttons" },
      h("button", { onclick: () => send("POST", "/api/dice/software", {}) }, "Roll for me"),
      h("button", { onclick: () => send("POST", "/api/confirm", {}) }, "Confirm"),
      h("button", { class: "secondary", onclick: () => send("POST", "/api/cancel", {}) }, "Cancel"),
      h("button", { class: "danger", onclick: () => send("POST", "/api/undo", {}) }, "Undo last"),
      h("button", { class: "secondary", onclick: () => send("POST", "/api/phase/next", {}) }, "Next phase"),
    ),
  );
}

function paintDice() {
  const p = state.pending;
  $("dice-needed").textContent = p?.needed
    ? `${p.needed} still needed (${p.mode} dice for ${p.roller ?? "this roll"})`
    : "No dice needed now.";
}

/** Rebuilds a section only when what it shows changed, so a push never wipes what a person is filling in. */
function rebuildOnChange(id, key, build) {
  const el = $(id);
  const k = JSON.stringify(key);
  if (el.dataset.key === k) return;
  el.dataset.key = k;
  build();
}

function paintChoice() {
  const c = state.choice;
  if (!c) {
    fill($("choice"));
    return;
  }
  const multi = c.max > 1;
  const form = h(
    "form",
    {},
    h("h2", {}, c.purpose),
    ...c.options.map((o, i) =>
      h(
        "label",
        {},
        h("input", { type: multi ? "checkbox" : "radio", name: "opt", value: String(i), checked: !multi && i === 0 }),
        ` ${o.label}`,
      ),
    ),
    h("button", { type: "submit" }, "Choose"),
  );
  form.onsubmit = (e) => {
    e.preventDefault();
    const picked = [...form.querySelectorAll("input:checked")].map((i) => c.options[Number(i.value)].value);
    send("POST", "/api/choose", { value: multi ? picked : picked[0] });
  };
  fill($("choice"), form);
}

function paintShips() {
  fill(
    $("ships"),
    h("h2", {}, "Ships (tap here when a base has no reader)"),
    h(
      "div",
      { class: "buttons ship-buttons" },
      ...state.ships.map((s) => h("button", { onclick: () => send("POST", "/api/tap", { ship: s.id }) }, `${s.name}`)),
    ),
  );
}

function paintPlayers() {
  fill(
    $("players"),
    h("h2", {}, "Players' dice"),
    ...state.players.map((p) =>
      h(
        "label",
        {},
        `${p.side} `,
        h(
          "select",
          { onchange: (e) => send("POST", `/api/players/${encodeURIComponent(p.side)}`, { mode: e.target.value }) },
          ...["electronic", "manual", "software"].map((m) => h("option", { value: m, selected: m === p.mode }, m)),
        ),
      ),
    ),
  );
}

function paint(s) {
  state = s;
  $("last").textContent = s.last ? `#${s.last.seq}: ${s.last.description}` : "";
  $("phase").textContent = s.phase.name ? `Phase: ${s.phase.name}` : "";
  $("focus").textContent = s.focus?.ship ? `Showing ${shipName(s, s.focus.ship.id)}` : "";
  if (!editing) paintAction();
  paintDice();
  rebuildOnChange("choice", s.choice, paintChoice);
  rebuildOnChange(
    "ships",
    s.ships.map((x) => [x.id, x.name]),
    paintShips,
  );
  rebuildOnChange("players", s.players, paintPlayers);
  document.body.dataset.version = String(s.version);
}

buildDice();
connectLive(paint);
