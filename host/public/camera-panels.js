// The /camera page's panels: the camera's state (the frame, the time measuring takes, the fit, the link to the
// table), what the table waits for, and each ship's marker with where she was seen and sent.

import { linkWords } from "./camera-link.js";
import { lookShares } from "./camera-pace.js";
import { html } from "./lib/html.js";
import { api } from "./lib/live.js";

const r1 = (v) => (v === null || v === undefined ? "—" : (Math.round(v * 10) / 10).toFixed(1));
const ms = (v) => Math.round(Math.max(0, v)).toLocaleString("en");

const ago = (t) => (t ? `${Math.max(0, Math.round((Date.now() - t) / 1000))} s ago` : "");

/** Says in words that the view is the demo's rendered table, not a camera (docs/camera.md "On the demo"). */
const DEMO_WORDS =
  "This is the demo's rendered table, not a camera: the emulated ships drawn as their markers, seen from a fixed pose above the table, drawn again when a ship moves (drag one on the display's map). Everything after it — finding the markers, measuring, sending the ships — runs as with a camera.";

export function Status({ snap, setup, link, demo }) {
  const f = snap.frame;
  const m = f?.measurement;
  const s = snap.stats;
  const refs = f ? f.detected.filter((d) => d.id < 10).map((d) => d.id) : [];
  return html`<section class="panel camera-status" aria-labelledby="cam-status-h">
    <h2 id="cam-status-h">Camera</h2>
    <p class=${snap.phase === "error" ? "trouble-small" : ""} role="status">${snap.message}</p>
    ${demo ? html`<p class="camera-demo-words" id="camera-demo">${demo === "auto" ? "No camera here, so the demo's own view is used. " : ""}${DEMO_WORDS}</p>` : null}
    <dl
      class="camera-stats"
      data-frames=${s?.frames ?? 0}
      data-detect-ms=${s?.detectMs ?? ""}
      data-second-ms=${s?.secondMs ?? ""}
      data-further-ms=${s?.furtherMs ?? ""}
      data-expected=${snap.expected === undefined ? "" : snap.expected === null ? "any" : snap.expected.join(",")}
      data-frame-ms=${s?.frameMs ?? ""}
      data-grey-ms=${s?.greyMs ?? ""}
      data-fps=${s?.fps ?? ""}
      data-keeps-up=${s?.pace ? String(s.pace.keepsUp) : ""}
      data-size=${s ? `${s.width}x${s.height}` : ""}
    >
      <dt>Frame</dt><dd>${s ? `${s.width} × ${s.height}${s.demo ? ", rendered (the demo's table)" : s.cameraFps ? ` at ${Math.round(s.cameraFps)} a second` : ""}` : "—"}</dd>
      <dt>Measuring</dt><dd>${
        s?.frameMs
          ? `${ms(s.frameMs)} ms a frame${s.workers > 1 ? ` in each of ${s.workers} workers` : ""} (read ${ms(s.greyMs)}, find ${ms(s.detectMs)}${lookShares(s, ms)}, fit ${ms(s.frameMs - s.greyMs - s.detectMs)})`
          : "—"
      }</dd>
      <dt>Frames a second</dt><dd>${s?.fps ? s.fps.toFixed(1) : "—"}</dd>
      <dt>Area</dt><dd>${setup.area.width} × ${setup.area.height} mm</dd>
      <dt>References</dt><dd>${f ? (refs.length ? refs.join(", ") : "none seen") : "—"}</dd>
      <dt>Fit</dt><dd>${m ? (m.ok ? `${r1(m.fit.rms)} mm RMS over ${m.fit.points} markers${m.note ? ` — ${m.note}` : ""}` : m.message) : "—"}</dd>
      <dt>Table</dt><dd id="camera-link" data-link=${link.state} class=${link.state === "down" ? "trouble-small" : ""}>${linkWords(link.state)}${
        link.state === "up" && link.lastReport
          ? link.lastReport.error
            ? ` — refused: ${link.lastReport.error}`
            : ` — ${link.lastReport.reported} ${link.lastReport.reported === 1 ? "ship" : "ships"} sent ${ago(link.lastReport.at)}`
          : ""
      }</dd>
    </dl>
    ${s?.pace ? html`<p class=${s.pace.keepsUp ? "muted" : "trouble-small"} id="camera-pace">${s.pace.words}</p>` : null}
    ${m && !m.ok ? html`<p class="trouble-small">Put the corner markers 0–3 (and the edge markers 4–7) in view, flat and uncovered.</p>` : null}
  </section>`;
}

/** What the table waits for (a ship's marker to be shown to the camera) and what it last said, with a way to stop. */
export function Showing({ link }) {
  const waiting = link.assigning?.kind === "marker";
  const said = link.notice && Date.now() - link.notice.at < 30_000 ? link.notice : null;
  if (!waiting && !said) return null;
  return html`<div class="assigning camera-showing" role="status" id="camera-showing">
    ${waiting ? html`<b>${link.assigning.instruction}</b>` : null}
    ${said ? html`<span class=${said.level === "warn" ? "trouble-small" : "muted"} id="camera-notice">${said.text}</span>` : null}
    ${waiting ? html`<button type="button" class="secondary" onClick=${() => api("POST", "/api/setup/stop", {})}>Stop waiting</button>` : null}
  </div>`;
}

const showMarker = (ship) => api("POST", "/api/setup/marker", { ship });

export function Ships({ snap, setup }) {
  const m = snap.frame?.measurement;
  const seen = new Map(m?.ok ? m.markers.map((p) => [p.id, p]) : []);
  const refused = new Map(m?.ok ? m.refused.map((p) => [p.id, p.reason]) : []);
  return html`<section class="panel camera-ships" aria-labelledby="cam-ships-h">
    <h2 id="cam-ships-h">Ships</h2>
    <table class="camera-ships-table">
      <thead><tr><th>Marker</th><th>Ship</th><th>Seen now</th><th class="sent">Sent to the table</th><th>New marker</th></tr></thead>
      <tbody>
        ${setup.ships.map((s) => {
          const p = seen.get(s.marker);
          const sent = snap.sent[s.ship];
          return html`<tr data-ship=${s.ship} data-marker=${s.marker}>
            <td>${s.marker}</td>
            <td>${s.name}</td>
            <td>${p ? `${r1(p.x)}, ${r1(p.y)} mm · ${r1(p.heading)}°` : refused.get(s.marker) === "moving" ? "moving: placed once she stands still" : refused.has(s.marker) ? `not placed: ${refused.get(s.marker)}` : "not seen"}</td>
            <td class="sent" data-x=${sent?.x ?? ""} data-y=${sent?.y ?? ""} data-heading=${sent?.heading ?? ""}>
              ${sent ? `${r1(sent.x)}, ${r1(sent.y)} mm · ${r1(sent.heading)}°` : "—"}
            </td>
            <td><button type="button" class="secondary show-marker" aria-label=${`Show another marker for ${s.name}`} onClick=${() => showMarker(s.ship)}>Show</button></td>
          </tr>`;
        })}
        ${setup.unmarked.map(
          (s) => html`<tr data-ship=${s.ship} data-marker="">
            <td>—</td>
            <td>${s.name}</td>
            <td>no marker</td>
            <td class="sent">—</td>
            <td><button type="button" class="show-marker" aria-label=${`Show the marker for ${s.name}`} onClick=${() => showMarker(s.ship)}>Show</button></td>
          </tr>`,
        )}
      </tbody>
    </table>
    <p class="muted">
      Markers by roster order (print them with <code>quarterdeck markers</code>), or given here: press a ship's button, then
      put her marker in the camera's view. A ship is sent once she has stood still.
    </p>
  </section>`;
}
