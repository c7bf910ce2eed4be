// The table's display: the action being set up (what to roll, exact odds), the last result with the dice
// that made it, the wind dial, the tapped ship's log, the fleets and the device strip. Repainted from the
// whole state on every push; `body[data-version]` says which state is on screen.
import { windDial } from "./dial.js";
import { diceRow } from "./dice.js";
import { $, connectLive, fill, h, outcomeFacts, pct, shipName, words } from "./live.js";
import { shipCard, shipLog } from "./ship.js";

const dial = windDial();
$("dial").append(dial.el);

function fieldText(state, p) {
  return p.fields
    .filter((f) => f.type !== "ship" && p.action[f.name] !== undefined)
    .map((f) => {
      const v = p.action[f.name];
      const shown = typeof v === "boolean" ? (v ? "yes" : "no") : Array.isArray(v) ? v.map((x) => shipName(state, x)).join(", ") : v;
      return `${f.label}: ${shown}`;
    })
    .join(" · ");
}

/** The outcome field the bars are drawn by: the first number that varies (hits), else the first varying field. */
function axisOf(outcomes) {
  const keys = Object.keys(outcomes[0]?.outcome ?? {});
  const distinct = (k) => new Set(outcomes.map((o) => JSON.stringify(o.outcome[k]))).size;
  const varies = keys.filter((k) => distinct(k) > 1 && distinct(k) <= 30);
  const numeric = varies.find((k) => outcomes.every((o) => typeof o.outcome[k] === "number"));
  // else the first field of words (a hit "G" / "S" / none) before yes/no fields and lists
  const words = varies.find((k) => outcomes.every((o) => o.outcome[k] === null || typeof o.outcome[k] === "string"));
  return numeric ?? words ?? varies[0] ?? null;
}

function summaryItems(summary) {
  return Object.entries(summary)
    .filter(([, v]) => typeof v === "number")
    .map(([k, v]) =>
      h(
        "span",
        { class: "odds-sum" },
        `${words(k)}: `,
        h("b", {}, /^p[A-Z]/.test(k) || (v > 0 && v < 1) ? pct(v) : String(Math.round(v * 100) / 100)),
      ),
    );
}

function oddsBars(odds) {
  if (!odds) return null;
  const axis = axisOf(odds.outcomes);
  const groups = new Map();
  for (const o of odds.outcomes) {
    const key = axis === null ? "all" : JSON.stringify(o.outcome[axis]);
    groups.set(key, (groups.get(key) ?? 0) + o.p);
  }
  const label = (v) => (v === null || v === false ? "none" : v === true ? "yes" : Array.isArray(v) ? v.join(" ") || "none" : String(v));
  const rows = [...groups].map(([k, p]) => ({ label: axis === null ? "" : label(JSON.parse(k)), p })).filter((r) => r.p > 0);
  if (rows.every((r) => /^-?\d+$/.test(r.label))) rows.sort((a, b) => Number(a.label) - Number(b.label));
  const max = Math.max(...rows.map((r) => r.p));
  const mode = rows.find((r) => r.p === max);
  const summary = summaryItems(odds.summary);
  // with many columns only the likelier ones carry a percentage, so the labels do not run together
  const labelled = (r) => rows.length <= 12 || r.p >= 0.05;
  return h(
    "div",
    { class: "odds" },
    h("div", { class: "kicker" }, `Odds${axis ? ` of ${words(axis)}` : ""} before the roll`),
    axis && mode && rows.length > 1
      ? h("div", { class: "odds-head" }, "Most likely: ", h("b", {}, `${mode.label} ${words(axis)}`), ` (${pct(mode.p)})`)
      : null,
    h(
      "div",
      {
        class: "odds-bars",
        role: "img",
        "aria-label": rows.map((r) => `${axis ? `${words(axis)} ${r.label}` : ""} ${pct(r.p)}`).join("; "),
      },
      ...rows.map((r) =>
        h(
          "div",
          { class: `odds-col${r === mode ? " mode" : ""}`, "data-value": r.label, "data-p": r.p },
          h("span", { class: "odds-p" }, labelled(r) ? pct(r.p) : ""),
          h("div", { class: "odds-bar", style: `height:${Math.max(2, (r.p / max) * 100)}%` }),
          h("span", { class: "odds-label" }, r.label),
        ),
      ),
    ),
    summary.length ? h("div", { class: "odds-summary" }, ...summary) : null,
  );
}

/** What the rules demand after the current roll or choice, in order. */
function waitingList(followUps) {
  if (!followUps.length) return null;
  return h(
    "div",
    { class: "waiting" },
    h("div", { class: "kicker" }, "Then the rules demand"),
    h("ol", { class: "history" }, ...followUps.map((f) => h("li", {}, f.purpose))),
  );
}

function paintAction(state) {
  const p = state.pending;
  const box = $("action");
  if (state.choice) {
    const c = state.choice;
    const many = c.max > 1 ? (c.min === 0 ? "any of" : `${c.min === c.max ? c.min : `${c.min}–${c.max}`} of`) : "one of";
    fill(
      box,
      h("div", { class: "kicker" }, "The rules ask"),
      h("div", { class: "instruction" }, c.purpose),
      h("p", { class: "choice-how" }, `Choose ${many} these on /control:`),
      h("ul", { class: "choice-options", "aria-label": "options" }, ...(c.options ?? []).map((o) => h("li", {}, o.label))),
      waitingList(state.followUps.slice(1)),
    );
    return;
  }
  if (!p) {
    fill(box, h("div", { class: "kicker" }, "Ready"), h("div", { class: "instruction" }, "Tap a ship"));
    return;
  }
  const ships = p.fields.filter((f) => f.type === "ship").map((f) => p.action[f.name]);
  const who = ships.filter((x) => x !== undefined).map((id) => shipName(state, id));
  const idle = who.length === 0 && p.dice.length === 0 && p.origin === "table";
  fill(
    box,
    h("div", { class: "kicker" }, p.origin === "follow-up" ? `The rules demand: ${p.purpose}` : p.type.replace(/-/g, " ")),
    who.length ? h("div", { class: "action-ships" }, who.join(" → ")) : null,
    idle ? null : h("div", { class: "action-fields" }, fieldText(state, p)),
    h("div", { id: "instruction", class: `instruction${p.error ? " refused" : ""}`, "data-needed": p.needed ?? "" }, p.instruction),
    p.plan?.length
      ? h(
          "div",
          { class: "plan" },
          ...p.plan.map((e) => h("span", {}, `${e.count} × ${e.die}${e.color ? ` ${e.color}` : ""} — ${e.purpose}`)),
        )
      : null,
    oddsBars(p.odds),
    idle && state.history.length
      ? h(
          "ol",
          { class: "history", "aria-label": "recent results" },
          ...state.history
            .slice(-6)
            .reverse()
            .map((r) => h("li", {}, `#${r.seq} ${r.description}`)),
        )
      : null,
    p.origin === "follow-up" ? waitingList(state.followUps.slice(1)) : null,
    p.dice.length
      ? h("div", { class: "gathered" }, h("div", { class: "kicker" }, `Dice so far (${p.dice.length}, ${p.needed} to go)`), diceRow(p.dice))
      : null,
  );
}

function paintResult(state) {
  const r = state.last;
  const box = $("result");
  box.dataset.seq = r ? String(r.seq) : "";
  if (!r) {
    fill(box, h("div", { class: "kicker" }, "Last result"), h("p", { class: "muted" }, "No action resolved yet."));
    return;
  }
  const def = state.ruleset.actions.find((a) => a.type === r.action.type);
  const who = (def?.fields ?? [])
    .filter((f) => f.type === "ship" && typeof r.action[f.name] === "string")
    .map((f) => shipName(state, r.action[f.name]))
    .join(" → ");
  fill(
    box,
    h("div", { class: "kicker" }, `#${r.seq} · ${r.action.type.replace(/-/g, " ")}${who ? ` · ${who}` : ""}`),
    h("p", { class: `result-text${r.description.length > 70 ? " long" : ""}`, id: "result-text" }, r.description),
    h(
      "ul",
      { class: "result-outcome", "data-outcome": JSON.stringify(r.outcome), "aria-label": "the result in figures" },
      ...outcomeFacts(r.outcome, (v) => state.ships.some((s) => s.id === v)).map((f) =>
        h("li", {}, h("span", {}, f.label), f.value ? h("b", {}, f.value) : null),
      ),
    ),
    markTally(r.dice),
    diceRow(r.dice),
  );
}

/** "5 hit · 5 missed" over the dice of a result, when the rule set marks its dice. */
function markTally(dice) {
  const hits = dice.filter((d) => d.mark === "hit").length;
  const misses = dice.filter((d) => d.mark === "miss").length;
  if (hits + misses === 0) return null;
  return h(
    "div",
    { class: "mark-tally", "data-hits": hits, "data-misses": misses },
    h("span", { class: "tally-hit" }, `✔ ${hits} hit`),
    h("span", { class: "tally-miss" }, `✖ ${misses} missed`),
  );
}

function paintFleet(state) {
  const p = state.pending;
  const roleOf = (id) =>
    p ? p.fields.filter((f) => f.type === "ship" && p.action[f.name] === id).map((f) => `role-${f.name}`)[0] : undefined;
  const sides = [...new Set(state.ships.map((s) => s.side))];
  fill(
    $("fleet"),
    ...sides.map((side) =>
      h(
        "section",
        { class: "fleet-side" },
        h("h3", {}, side),
        h("div", { class: "fleet-ships" }, ...state.ships.filter((s) => s.side === side).map((s) => shipCard(s, roleOf(s.id)))),
      ),
    ),
  );
}

function paintHealth(state) {
  const items = state.devices.map((d) =>
    h(
      "span",
      { class: `dev ${d.connected ? "ok" : "bad"}`, title: d.message ?? d.status },
      h("i", {}),
      d.id,
      d.battery !== undefined ? ` ${d.battery}%` : "",
    ),
  );
  fill($("health"), ...items);
}

function paint(state) {
  document.title = `${state.title} — quarterdeck`;
  $("title").textContent = state.title;
  $("ruleset").textContent = state.ruleset.title;
  $("phase").textContent = state.phase.name ? `Phase: ${state.phase.name}` : "";
  paintAction(state);
  paintResult(state);
  dial.update(state.wind, state.dial?.angle ?? null);
  $("dial").hidden = state.wind === null;
  const focus = state.focus?.ship;
  fill($("focus"), focus ? shipLog(focus, state.focus.log) : h("p", { class: "muted" }, "Tap a ship to see its log."));
  paintFleet(state);
  paintHealth(state);
  const last = state.notices[state.notices.length - 1];
  $("notice").textContent = last && Date.now() - last.at < 15000 ? last.text : "";
  document.body.classList.toggle("theme-light", state.display.theme === "light");
  document.documentElement.style.setProperty("--scale", String(state.display.scale));
  // Marks the frame that shows this state (tests wait for it; the latency bench reads the time).
  requestAnimationFrame(() => {
    document.body.dataset.version = String(state.version);
    document.body.dataset.paintedAt = String(performance.timeOrigin + performance.now());
  });
}

connectLive(paint);
