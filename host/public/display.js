// The table's display: where the game is (phase), the action being set up (what to roll, the odds the rule set
// states), loud device trouble, the last result with its dice, the wind dial, the shown ship's log, the fleets.
// Preact renders from each pushed state; `body[data-version]` marks the frame that shows a state (tests and the
// latency bench read it).
import { render } from "preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { ChoiceOptions, choiceHow, PadChoice } from "./components/choice.js";
import { WindDial } from "./components/dial.js";
import { DiceRow, MarkTally } from "./components/dice.js";
import { Measured } from "./components/measured.js";
import { MoveLine } from "./components/move-reach.js";
import { LogToggle, NightLog } from "./components/night-log.js";
import { Odds } from "./components/odds.js";
import { ShipCard, ShipLog } from "./components/ship.js";
import { TableMap } from "./components/table-map.js";
import { factLine, factValue } from "./lib/facts.js";
import { useFit } from "./lib/fit.js";
import { actionName, shipName, valueWords } from "./lib/format.js";
import { html } from "./lib/html.js";
import { useTable } from "./lib/live.js";
import { useScreenAwake } from "./lib/screen.js";
import { stage, stagePainted } from "./lib/stages.js";
import { diceTrouble, onlyShown, padHas, phaseView } from "./lib/table.js";

/** One phase in the row; the first of its side's run carries the side's name ("Player 2: fire removal"). */
function Phase({ phase, now, label }) {
  return html`<li class=${now ? "phase now" : "phase"} aria-current=${now ? "step" : undefined}>
    ${label ? html`<span class="phase-group-label">${label}:</span> ` : null}<span class="phase-name">${phase.name}</span>
  </li>`;
}

function PhaseStrip({ state }) {
  const ph = phaseView(state);
  if (ph.count === 0) return null;
  // the current side's run is spelled out, phase by phase; another side's run is one entry
  const items = ph.groups.flatMap((g) =>
    g.label === null || g.now
      ? g.phases.map((p, i) => html`<${Phase} key=${p.index} phase=${p} now=${p.index === ph.index} label=${i === 0 ? g.label : null} />`)
      : [
          html`<li key=${`g${g.phases[0]?.index}`} class="phase-group" title=${g.phases.map((p) => p.name).join(", ")}>
            ${g.label}: ${g.phases.length} phases
          </li>`,
        ],
  );
  return html`<nav class="phases" aria-label="phases of the turn">
    <span class="phase-now" id="phase"><span id="turn">Turn ${state.turn}</span> · Phase ${ph.index + 1} of ${ph.count}</span>
    <ol class="phase-order" id="phase-order">${items}</ol>
    ${state.aside ? html`<span class="phase-aside" id="aside">Waiting: ${state.aside.title}</span>` : null}
  </nav>`;
}

function Health({ devices }) {
  const bad = devices.filter((d) => !d.connected);
  return html`<div class="health" role="status" aria-label="device health">
    ${
      bad.length === 0
        ? html`<span class="dev ok"><i></i>${devices.length} devices OK</span>`
        : bad.map((d) => html`<span class="dev bad" title=${d.message ?? d.status}><i></i>${d.name ?? d.id} ${d.status}</span>`)
    }
  </div>`;
}

function Trouble({ state }) {
  const t = diceTrouble(state);
  if (!t) return null;
  return html`<div class="trouble" role="alert"><b>${t.title}</b><span>${t.remedy}</span></div>`;
}

function fieldText(state, p) {
  // a field left empty (null: "following no ship") says nothing; a ship chosen in a field of its own is named
  const isShip = (x) => typeof x === "string" && state.ships.some((s) => s.id === x);
  return p.fields
    .filter((f) => f.type !== "ship" && p.action[f.name] !== undefined && p.action[f.name] !== null)
    .map((f) => {
      const v = p.action[f.name];
      const shown = Array.isArray(v) ? v.map((x) => shipName(state, x)).join(", ") : isShip(v) ? shipName(state, v) : valueWords(f, v);
      return `${f.label}: ${shown}`;
    })
    .join(" · ");
}

function Waiting({ followUps }) {
  if (!followUps.length) return null;
  return html`<div class="waiting"><h3 class="kicker">Then the rules demand</h3>
    <ol>${followUps.map((f) => html`<li>${f.purpose}</li>`)}</ol></div>`;
}

function ActionPanel({ state }) {
  const p = state.pending;
  if (state.assigning) {
    // set-up by touch comes first: a tap or a roll now goes to it, not to the game
    return html`<h2 class="kicker">Setting up the table</h2>
      <div class="instruction" id="instruction" data-needed="">${state.assigning.instruction}</div>
      <p class="choice-how">Stop waiting from the control page or the games page.</p>`;
  }
  if (state.choice) {
    const c = state.choice;
    // the pad answers too: one option (Next choice shows them in turn, Confirm gives it) or ticks several
    const byPad = padHas(state, "next-choice");
    return html`<h2 class="kicker">The rules ask</h2>
      <div class="instruction" id="instruction" data-needed="">${c.purpose}</div>
      ${
        // a choice about the table: what its positions say (on the map too), for the players to confirm
        c.map?.figure
          ? html`<p class="measured-fields" id="choice-measured"><span class="measured-kicker">Measured on the table: </span><b>${
              c.map.within.map((id) => shipName(state, id)).join(", ") || "none"
            }</b> (${c.map.figure})</p>`
          : null
      }
      <p class="choice-how">${choiceHow(c, byPad)}</p>
      <${ChoiceOptions} choice=${c} />
      <${Waiting} followUps=${state.followUps.slice(1)} />`;
  }
  if (!p) {
    // a phase where a tap sets nothing up: what the phase is for, then what a tap does
    return html`<h2 class="kicker">Ready</h2>
      ${
        // what the phase is for is the instruction (kept when the display compacts); what a tap does, a note after it
        state.phase.purpose
          ? html`<div class="instruction" id="instruction">${state.phase.purpose}</div>
              <div class="phase-note" id="tap-note">Tap a ship to see its log</div>`
          : html`<div class="instruction" id="instruction">Tap a ship to see its log</div>`
      }`;
  }
  const shipFields = p.fields.filter((f) => f.type === "ship");
  if (onlyShown(state)) {
    const first = shipName(state, p.action[shipFields[0].name]);
    return html`<h2 class="kicker">Showing ${first}</h2>
      <div class="instruction" id="instruction" data-needed="">
        ${actionName(state, p.type)} from ${first}: tap the ${shipFields[1].label.toLowerCase()}.
      </div>
      <${Recent} history=${state.history} />`;
  }
  const who = shipFields
    .map((f) => p.action[f.name])
    .filter((x) => typeof x === "string")
    .map((id) => shipName(state, id));
  const idle = who.length === 0 && p.dice.length === 0 && p.origin === "table";
  return html`<h2 class="kicker">${p.origin === "follow-up" ? `The rules demand: ${p.purpose}` : actionName(state, p.type)}</h2>
    ${
      // an action played in another phase is allowed, with a note; not while the panel only waits for a first tap
      p.outsidePhase && !idle ? html`<p class="phase-note" id="phase-note" role="note">${p.outsidePhase}</p>` : null
    }
    ${who.length ? html`<div class="action-ships">${who.join(" → ")}</div>` : null}
    ${idle || p.measured?.fields.length ? null : html`<div class="action-fields">${fieldText(state, p)}</div>`}
    <${Measured} measured=${p.measured} />
    <div id="instruction" class=${`instruction${p.error && !p.choosing ? " refused" : ""}`} data-needed=${p.needed ?? ""}>${p.instruction}</div>
    ${
      p.dice.length
        ? html`<div class="gathered"><h3 class="kicker" id="dice-count">Dice so far (${p.dice.length}, ${p.needed} to go)</h3><${DiceRow} dice=${p.dice} /></div>`
        : null
    }
    <${PadChoice} pending=${p} />
    ${
      shipFields.length === 0 && p.dice.length === 0 && state.focus?.ship
        ? html`<p class="shown-hint" id="shown-hint">Showing ${state.focus.ship.name}. To fire from ${state.focus.ship.name}, tap the target; this roll waits.</p>`
        : null
    }
    <${Trouble} state=${state} />
    ${
      p.plan?.length
        ? html`<ul class="plan">${p.plan.map((e) => html`<li>${e.count} × ${e.color ? `${e.color} ` : ""}${e.die} — ${e.purpose}</li>`)}</ul>`
        : null
    }
    <${Odds} odds=${p.odds} />
    ${idle ? html`<${Recent} history=${state.history} />` : null}
    ${p.origin === "follow-up" ? html`<${Waiting} followUps=${state.followUps.slice(1)} />` : null}`;
}

/** The end of the game: who won, how it ended, each side's ships (each counted once), and the report. */
function GameOver({ state }) {
  const e = state.ended;
  return html`<h2 class="kicker">${e.by === "rules" ? "The rules end the game" : "The organiser ended the game"}</h2>
    <div class="instruction game-over" id="game-over">${e.headline}</div>
    <p class="game-over-reason" id="game-over-reason">${e.reason}</p>
    <ul class="game-over-sides" aria-label="ships by side">
      ${e.sides.map(
        (t) =>
          html`<li><b>${t.side}</b>: ${t.afloat} of ${t.ships} afloat${
            t.lost.length
              ? html` — lost ${Object.entries(t.out)
                  .map(([w, n]) => `${n} ${w}`)
                  .join(", ")} (${t.lost.map((l) => l.name).join(", ")})`
              : null
          }</li>`,
      )}
    </ul>
    <p class="choice-how"><a href=${`/api/games/${state.game}/report`}>The after-action report</a> · <a href="/games">Games</a></p>`;
}

/** What the set-up costs a side that the players may not expect, until the first result. */
function SetupWarnings({ warnings }) {
  if (!warnings?.length) return null;
  return html`<div class="trouble-small setup-warnings" id="setup-warnings" role="note">
    <b>Before you start</b>
    <ul>${warnings.map((w) => html`<li>${w}</li>`)}</ul>
  </div>`;
}

function Recent({ history }) {
  if (!history.length) return null;
  return html`<ol class="history" aria-label="recent results">
    ${history
      .slice(-4)
      .reverse()
      .map((r) => html`<li>#${r.number ?? r.seq} ${r.description}</li>`)}
  </ol>`;
}

function ResultPanel({ state }) {
  const r = state.last;
  // before the first result, the room is for what the set-up costs a side (said until then)
  if (!r)
    return html`<h2 class="kicker">Last result</h2><p class="muted">No action resolved yet.</p>
      <${SetupWarnings} warnings=${state.setupWarnings} />`;
  const def = state.ruleset.actions.find((a) => a.type === r.action.type);
  const who = (def?.fields ?? [])
    .filter((f) => f.type === "ship" && typeof r.action[f.name] === "string")
    .map((f) => shipName(state, r.action[f.name]))
    .join(" → ");
  return html`<h2 class="kicker">#${r.number ?? r.seq} · ${actionName(state, r.action.type)}${who ? ` · ${who}` : ""}</h2>
    <p class=${`result-text${r.description.length > 90 ? " long" : ""}`} id="result-text">${r.description}</p>
    <ul class="result-outcome" data-outcome=${JSON.stringify(r.outcome)} aria-label="the result in figures">
      ${(r.facts ?? []).map((f) => html`<${Fact} fact=${f} />`)}
    </ul>
    <${MarkTally} dice=${r.dice} />
    <${DiceRow} dice=${r.dice} />`;
}

/** One fact of a result by its kind: its label, then its value in the rule set's words (a row per ship, each its own). */
function Fact({ fact }) {
  if (fact.kind === "rows")
    return html`<li data-kind="rows"><span>${fact.label}</span>
      <ul>
        ${fact.value.map((row) => html`<li>${row.label ? html`<span>${row.label}:</span> ` : null}<b>${row.facts.map(factLine).join(", ")}</b></li>`)}
      </ul>
    </li>`;
  const value = factValue(fact);
  return html`<li data-kind=${fact.kind}><span>${fact.label}</span>${value ? html` <b>${value}</b>` : null}</li>`;
}

function Fleet({ state }) {
  const p = state.pending;
  const shown = onlyShown(state);
  const roleOf = (id) => (p && !shown ? p.fields.find((f) => f.type === "ship" && p.action[f.name] === id) : undefined);
  const sides = [...new Set(state.ships.map((s) => s.side))];
  return sides.map(
    (side) => html`<section class="fleet-side" aria-label=${side}>
      <h2>${side}</h2>
      <div class="fleet-ships">
        ${state.ships
          .filter((s) => s.side === side)
          .map((s) => {
            const f = roleOf(s.id);
            return html`<${ShipCard} key=${s.id} view=${s} role=${f?.name} roleLabel=${f?.label} shown=${state.focus?.ship?.id === s.id} />`;
          })}
      </div>
    </section>`,
  );
}

/** How long a notice that concerns no device still in trouble stays on the display. */
const NOTICE_MS = 15000;

/**
 * The notices, stacked in their own strip above the panels (never over the fleet or the instruction): each device
 * still out keeps its line — its drop-out sentence, with what to do meanwhile — until it is back; other notices
 * (a die not needed, a tag on no ship, a device back) stay 15 s each, newest first; and what the last undo undid
 * (in the state, so a page opened later says it too).
 */
function Notices({ state, onExpire }) {
  const now = Date.now();
  const out = state.devices.filter((d) => !d.connected).map((d) => d.id);
  const troubles = out.flatMap((id) => {
    const said = state.notices.findLast((n) => n.device === id);
    return said && !said.text.endsWith("is back.") ? [{ key: `d-${id}`, level: "warn", text: said.text, device: id }] : [];
  });
  const fresh = state.notices
    .filter((n) => now - n.at < NOTICE_MS && !(n.device && out.includes(n.device)))
    .map((n, i) => ({ key: `n-${n.at}-${i}`, level: n.level, text: n.text, at: n.at }))
    .reverse()
    .slice(0, 3);
  const u = state.lastUndo;
  const undone =
    u && now - u.at < NOTICE_MS ? [{ key: "undo", level: "info", text: `Undone: #${u.number ?? u.seq} ${u.description}`, at: u.at }] : [];
  const lines = [...troubles, ...undone, ...fresh];
  // a line's 15 s run out: draw again then (the fit makes room for the panels again)
  useEffect(() => {
    const next = Math.min(...[...undone, ...fresh].map((n) => n.at + NOTICE_MS - now));
    if (!Number.isFinite(next)) return undefined;
    const t = setTimeout(onExpire, Math.max(50, next + 20));
    return () => clearTimeout(t);
  });
  return html`<ul id="notices" class=${`notices${lines.length ? " on" : ""}`} role="status" aria-label="notices">
    ${lines.map(
      (
        l,
      ) => html`<li key=${l.key} class=${`notice${l.level === "warn" ? " warn" : ""}${l.device ? " device" : ""}`} data-device=${l.device ?? ""}>
        ${l.text}
      </li>`,
    )}
  </ul>`;
}

/** Speaks each new result (and undo) when speech is switched on from /control. */
function useSpeech(enabled, text) {
  useEffect(() => {
    if (!enabled || !text || !("speechSynthesis" in window)) return;
    speechSynthesis.cancel();
    speechSynthesis.speak(new SpeechSynthesisUtterance(text));
  }, [enabled, text]);
}

function Display() {
  stage("render");
  const { state, prefs } = useTable();
  const undone = state?.lastUndo ?? null;
  // the result on screen when this page first saw the table (undefined until then): only later ones are announced
  const lastSeq = useRef(/** @type {number | null | undefined} */ (undefined));
  const [announce, setAnnounce] = useState("");
  useScreenAwake();
  useLayoutEffect(() => {
    if (!state) return;
    // marks the frame that shows this state (tests wait for it; the latency bench reads the time)
    requestAnimationFrame(() => {
      stage("frame");
      stagePainted();
      document.body.dataset.version = String(state.version);
      document.body.dataset.paintedAt = String(performance.timeOrigin + performance.now());
    });
  }, [state?.version]);
  const seq = state?.last?.seq ?? null;
  const loaded = state !== null;
  useEffect(() => {
    if (!loaded) return;
    if (lastSeq.current !== undefined && seq !== null && seq !== lastSeq.current && state?.last) {
      if (seq > (lastSeq.current ?? 0)) setAnnounce(`#${state.last.number ?? seq}: ${state.last.description}`);
    }
    lastSeq.current = seq;
  }, [seq, loaded]);
  useEffect(() => {
    if (undone) setAnnounce(`Undone: ${undone.description}`);
  }, [undone?.seq, undone?.at]);
  // the end of the game is said once when it comes (not on a page opened after it)
  const endSaid = useRef(/** @type {string | null | undefined} */ (undefined));
  const endText = state?.ended ? `${state.ended.headline}. ${state.ended.reason}` : null;
  useEffect(() => {
    if (!loaded) return;
    if (endSaid.current !== undefined && endText && endText !== endSaid.current) setAnnounce(endText);
    endSaid.current = endText ?? null;
  }, [endText, loaded]);
  useSpeech(prefs?.speech === true, announce);
  // before the fit (a layout effect too, declared first): the fit measures at the new scale
  useLayoutEffect(() => {
    document.documentElement.style.setProperty("--scale", String(prefs?.scale ?? state?.display.scale ?? 1));
    document.body.classList.toggle("theme-light", state?.display.theme === "light");
  }, [prefs?.scale, state?.display.scale, state?.display.theme]);
  // the layout fits its content after every change of the state, the scale or the window (lib/fit.js)
  const [expired, setExpired] = useState(0);
  useFit("#app", `${state?.version}|${prefs?.scale ?? state?.display.scale}|${expired}`);
  if (!state) return html`<main class="loading">Connecting to the table…</main>`;
  document.title = `${state.title} — quarterdeck`;
  return html`<header class="topbar">
      <h1 id="title">${state.title}</h1>
      <span class="ruleset">${state.ruleset.title}</span>
      <${PhaseStrip} state=${state} />
      <${Health} devices=${state.devices} />
      <${ScreenButtons} />
      <${LogToggle} page=${prefs?.log ?? null} />
      <a class="games-link" href="/games">Games</a>
      <a class="games-link" href="/control">Control</a>
      <a class="games-link" href="/devices">Devices</a>
    </header>
    <${Notices} state=${state} onExpire=${() => setExpired((x) => x + 1)} />
    <${NightLog} page=${prefs?.log ?? null} version=${state.version} devices=${state.devices} />
    <main class=${`display-grid${state.table ? " with-map" : ""}`}>
      <section id="action" tabindex="0" class=${`panel action${state.ended ? " ended" : ""}`} aria-label=${state.ended ? "game over" : "action being set up"}>
        ${state.ended ? html`<${GameOver} state=${state} />` : html`<${MoveLine} move=${state.move} state=${state} /><${ActionPanel} state=${state} />`}
      </section>
      <div class="mid-col">
        ${
          state.table
            ? html`<section id="map" class="panel map" aria-label="map of the table"><${TableMap} state=${state} movable=${state.sim} /></section>`
            : null
        }
        <aside id="wind-ship" tabindex="0" class="panel aside" aria-label="wind and the shown ship">
          <${WindDial} wind=${state.wind} angle=${state.dial?.angle ?? null} />
          <div id="focus">
            ${state.focus?.ship ? html`<${ShipLog} view=${state.focus.ship} log=${state.focus.log} />` : html`<p class="muted">Tap a ship to see its log.</p>`}
          </div>
        </aside>
      </div>
      <section id="result" tabindex="0" class="panel result" data-seq=${state.last ? String(state.last.seq) : ""} aria-label="last result">
        <${ResultPanel} state=${state} />
      </section>
    </main>
    <footer id="fleet" class="fleet" tabindex="0" aria-label="The fleets"><${Fleet} state=${state} /></footer>
    <div class="sr-only" aria-live="polite" aria-atomic="true" id="announce">${announce}</div>`;
}

function ScreenButtons() {
  const full = () =>
    (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {});
  return html`<button class="screen-button" type="button" title="Full screen" onClick=${full}>
    <span aria-hidden="true">⤢</span><span class="sr-only">Full screen</span>
  </button>`;
}

render(html`<${Display} />`, /** @type {HTMLElement} */ (document.getElementById("app")));
