// The table's display: where the game is (phase), the action being set up (what to roll, the odds the rule set
// states), loud device trouble, the last result with its dice, the wind dial, the shown ship's log, the fleets.
// Preact renders from each pushed state; `body[data-version]` marks the frame that shows a state (tests and the
// latency bench read it). Each panel is its own component (components/): what a push leaves as it was (the pushed
// state shares every unchanged part with the last, lib/share.js) is not drawn again.
import { render } from "preact";
import { useLayoutEffect, useState } from "preact/hooks";
import { ActionPanel } from "./components/action-panel.js";
import { Announcer } from "./components/announce.js";
import { WindDial } from "./components/dial.js";
import { DisplayHeader } from "./components/display-header.js";
import { Fleet } from "./components/fleet.js";
import { MoveLine } from "./components/move-reach.js";
import { NightLog } from "./components/night-log.js";
import { Notices } from "./components/notices.js";
import { GameOver, ResultPanel } from "./components/result-panel.js";
import { ShipLog } from "./components/ship.js";
import { TableMap } from "./components/table-map.js";
import { useFit } from "./lib/fit.js";
import { html } from "./lib/html.js";
import { useTable } from "./lib/live.js";
import { drawnInFrame } from "./lib/per-frame.js";
import { useScreenAwake } from "./lib/screen.js";
import { stage, stagePainted } from "./lib/stages.js";

/** The version of the state drawn last: a frame asked for by an older state marks nothing. */
let latestDrawn = -1;

function Display() {
  stage("render");
  const { state, prefs } = useTable();
  useScreenAwake();
  useLayoutEffect(() => {
    if (!state) return;
    latestDrawn = state.version;
    // marks the frame that shows this state (tests wait for it; the latency bench reads the time): the next one, or
    // this one when the state is drawn in an animation frame (held there by lib/per-frame.js)
    const mark = () => {
      // a frame asked for by an older state, run after a newer state was drawn in this frame, marks nothing (compared
      // with the state drawn, not the page's mark: a restarted host counts its versions from 0 again)
      if (latestDrawn !== state.version) return;
      stage("frame");
      stagePainted();
      document.body.dataset.version = String(state.version);
      document.body.dataset.paintedAt = String(performance.timeOrigin + performance.now());
    };
    // (after the fit: the layout effects of this render all run first)
    if (drawnInFrame()) queueMicrotask(mark);
    else requestAnimationFrame(mark);
  }, [state?.version]);
  // before the fit (a layout effect too, declared first): the fit measures at the new scale
  useLayoutEffect(() => {
    document.documentElement.style.setProperty("--scale", String(prefs?.scale ?? state?.display.scale ?? 1));
    document.body.classList.toggle("theme-light", state?.display.theme === "light");
  }, [prefs?.scale, state?.display.scale, state?.display.theme]);
  // the layout fits its content after every change of the state, the scale or the window (lib/fit.js)
  const [expired, setExpired] = useState(0);
  useFit("#app", `${state?.version}|${prefs?.scale ?? state?.display.scale}|${expired}`);
  if (!state) return html`<main class="loading">Connecting to the table…</main>`;
  const title = `${state.title} — quarterdeck`;
  if (document.title !== title) document.title = title;
  return html`<${DisplayHeader} state=${state} logPage=${prefs?.log ?? null} />
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
    <${Announcer} state=${state} speech=${prefs?.speech === true} />`;
}

render(html`<${Display} />`, /** @type {HTMLElement} */ (document.getElementById("app")));
