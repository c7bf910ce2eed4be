// /camera: the page on the device that holds the camera above the table (the display's computer with a USB webcam, or
// a phone on a stand). It shows what the camera sees with the markers found drawn on it — the reference markers that
// calibrate it, each ship's marker with her name — for setting the camera up, and sends each ship to the table once
// she has stood still (docs/camera.md). The work is in camera-run.js; this file draws it.

import { render } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { hasDemoTable } from "./camera-demo.js";
import { linkWords, TableLink } from "./camera-link.js";
import { CameraRun, lookShares, RESOLUTIONS } from "./camera-run.js";
import { html } from "./lib/html.js";
import { adoptTokenFromUrl, api } from "./lib/live.js";
import { placeLabels } from "./lib/map-labels.js";

adoptTokenFromUrl();

const r1 = (v) => (v === null || v === undefined ? "—" : (Math.round(v * 10) / 10).toFixed(1));
const ms = (v) => Math.round(Math.max(0, v)).toLocaleString("en");

const ago = (t) => (t ? `${Math.max(0, Math.round((Date.now() - t) / 1000))} s ago` : "");

/** Draws the markers of the last frame over the video: references blue, ships placed green, refused orange. */
function drawOverlay(canvas, frame, setup) {
  const ctx = canvas.getContext("2d");
  const rect = canvas.getBoundingClientRect();
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(rect.width * dpr);
  canvas.height = Math.round(rect.height * dpr);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (!frame) return;
  const sx = canvas.width / frame.width;
  const sy = canvas.height / frame.height;
  const placed = new Set(frame.measurement.ok ? frame.measurement.markers.map((m) => m.id) : []);
  const names = new Map(setup.ships.map((s) => [s.marker, s.name]));
  ctx.lineWidth = Math.max(2, 3 * dpr);
  // labels in proportion to the view (15 px on a large screen, 10 px on a phone), so a full table stays readable
  const px = Math.max(10, Math.min(15, rect.width / 70));
  ctx.font = `700 ${Math.round(px * dpr)}px "DejaVu Sans", sans-serif`;
  for (const m of frame.detected) {
    const colour = m.id < 10 ? "#56b4e9" : placed.has(m.id) ? "#009e73" : "#e69f00";
    ctx.strokeStyle = colour;
    ctx.beginPath();
    m.corners.forEach((c, i) => {
      if (i) ctx.lineTo(c.x * sx, c.y * sy);
      else ctx.moveTo(c.x * sx, c.y * sy);
    });
    ctx.closePath();
    ctx.stroke();
    // the top edge (the bow's side) drawn thicker
    ctx.beginPath();
    ctx.moveTo(m.corners[0].x * sx, m.corners[0].y * sy);
    ctx.lineTo(m.corners[1].x * sx, m.corners[1].y * sy);
    ctx.lineWidth *= 2;
    ctx.stroke();
    ctx.lineWidth /= 2;
  }
  drawLabels(ctx, frame, names, { sx, sy, px: px * dpr, width: canvas.width, height: canvas.height, placed });
}

/**
 * The markers' labels ("ref 3", "13 Royal James"), placed as the map places ships' names (`lib/map-labels.js`):
 * beside each marker where no other label or marker is, a row out with a leader line where that is free, the id
 * alone where a whole label finds no room — never one over another (the demo's fleets stand a base apart).
 */
function drawLabels(ctx, frame, names, { sx, sy, px, width, height, placed }) {
  const items = frame.detected.map((m, i) => {
    const xs = m.corners.map((c) => c.x * sx);
    const ys = m.corners.map((c) => c.y * sy);
    const name = m.id < 10 ? `ref ${m.id}` : `${m.id} ${names.get(m.id) ?? "(no ship)"}`;
    const r = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / 2;
    // a marker's core is kept clear, as before the map's names kept whole bases clear (lib/map-labels.js hx, hy)
    const sxC = xs.reduce((a, b) => a + b, 0) / 4;
    return { id: i, marker: m.id, name, sx: sxC, sy: ys.reduce((a, b) => a + b, 0) / 4, r, hx: r * 0.5, hy: r * 0.5 };
  });
  const measure = (text) => ctx.measureText(text).width + 4;
  const labels = placeLabels(items, { unit: 1, fontPx: px, bounds: { x0: 0, y0: 0, x1: width, y1: height }, measure });
  const drawn = [];
  for (const l of labels) {
    const m = items[l.id];
    const colour = m.marker < 10 ? "#56b4e9" : placed.has(m.marker) ? "#009e73" : "#e69f00";
    const text = l.short ? String(m.marker) : m.name;
    const w = measure(text);
    const x0 = l.anchor === "middle" ? l.x - w / 2 : l.anchor === "start" ? l.x : l.x - w;
    if (l.leader) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = Math.max(1, px / 8);
      ctx.beginPath();
      ctx.moveTo(l.leader.x1, l.leader.y1);
      ctx.lineTo(l.leader.x2, l.leader.y2);
      ctx.stroke();
    }
    ctx.fillStyle = "rgba(0,0,0,0.7)";
    ctx.fillRect(x0, l.box.y0, w, l.box.y1 - l.box.y0);
    ctx.fillStyle = colour;
    ctx.textAlign = "left";
    ctx.fillText(text, x0 + 2, l.y);
    drawn.push({ text, x0, y0: l.box.y0, x1: x0 + w, y1: l.box.y1 });
  }
  // what was written where, for a test to read (a canvas keeps no text)
  ctx.canvas.dataset.labels = JSON.stringify(drawn);
}

/** Says in words that the view is the demo's rendered table, not a camera (docs/camera.md "On the demo"). */
const DEMO_WORDS =
  "This is the demo's rendered table, not a camera: the emulated ships drawn as their markers, seen from a fixed pose above the table, drawn again when a ship moves (drag one on the display's map). Everything after it — finding the markers, measuring, sending the ships — runs as with a camera.";

function Status({ snap, setup, link, demo }) {
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
function Showing({ link }) {
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

function Ships({ snap, setup }) {
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

function CameraPage() {
  const params = new URLSearchParams(location.search);
  const [setup, setSetup] = useState(/** @type {any} */ (null));
  const [problem, setProblem] = useState(/** @type {any} */ (null));
  const [resolution, setResolution] = useState(RESOLUTIONS[params.get("res")] ? params.get("res") : "1920x1080");
  const [snap, setSnap] = useState(
    /** @type {{ phase: string; message: string; sent: Record<string, unknown>; frame?: any; stats?: any; expected?: number[] | null }} */ ({
      phase: "starting",
      message: "Starting…",
      sent: {},
    }),
  );
  const [runs, setRuns] = useState(0);
  // the demo's rendered table instead of a camera: false, "asked" (the button or ?source=demo) or "auto" (no camera)
  const [demo, setDemo] = useState(/** @type {false | "asked" | "auto"} */ (params.get("source") === "demo" ? "asked" : false));
  const [demoHost, setDemoHost] = useState(false);
  const [view, setView] = useState("");
  useEffect(() => {
    hasDemoTable().then(setDemoHost);
  }, []);
  // on the demo, a camera that cannot start gives way to the demo's rendered table, once (`?source=camera`: never)
  const gaveWay = useRef(params.get("source") === "camera");
  useEffect(() => {
    if (snap.phase === "error" && !demo && demoHost && !gaveWay.current) {
      gaveWay.current = true;
      setDemo("auto");
    }
  }, [snap.phase, demoHost, demo]);
  const video = useRef(null);
  const overlay = useRef(null);
  const running = useRef(/** @type {CameraRun | null} */ (null));
  // the link to the table, open from the start whether or not a camera runs
  const [link, setLink] = useState(
    /** @type {any} */ ({ state: "connecting", assigning: null, notice: null, lastReport: null, roster: "" }),
  );
  const table = useRef(/** @type {TableLink | null} */ (null));
  useEffect(() => {
    table.current = new TableLink(setLink);
    return () => table.current?.close();
  }, []);
  useEffect(() => {
    api("GET", "/api/camera").then((r) => (r.area ? setSetup(r) : setProblem(r.error?.message ?? "The table did not answer.")));
  }, []);
  // the camera restarts only for another area or resolution; a marker given to a ship changes the set-up in place
  const area = setup ? `${setup.area.width}x${setup.area.height}` : null;
  useEffect(() => {
    if (!setup || !table.current) return undefined;
    setView("");
    const run = new CameraRun({
      video: video.current,
      setup,
      resolution,
      onUpdate: setSnap,
      link: table.current,
      demo: demo !== false,
      onView: setView,
    });
    running.current = run;
    run.start();
    return () => run.stop();
  }, [area, resolution, runs, demo !== false]);
  useEffect(() => {
    if (running.current && setup) running.current.setSetup(setup);
  }, [setup]);
  // which marker is which ship, asked again when the table stops waiting for a marker (one was given), says something
  // or holds another game or other ships
  const asked = `${JSON.stringify(link.assigning ?? null)} ${link.notice?.at ?? ""} ${link.roster}`;
  useEffect(() => {
    if (!setup) return;
    api("GET", "/api/camera").then((r) => r.area && setSetup(r));
  }, [asked]);
  useEffect(() => {
    if (overlay.current && setup) drawOverlay(overlay.current, snap.frame, setup);
  }, [snap.frame, setup]);
  if (problem) return html`<main class="page"><h1>Camera</h1><p class="trouble-small">${problem}</p></main>`;
  if (!setup) return html`<main class="page">Connecting to the table…</main>`;
  return html`<main class="page wide camera-page">
    <h1>Camera <nav class="links"><a href="/">display</a> <a href="/devices">devices</a> <a href="/control">control</a></nav></h1>
    <div class="camera-grid">
      <div class="camera-main">
        <div class="camera-view" data-phase=${snap.phase} data-source=${demo ? "demo" : "camera"}>
          <video ref=${video} muted playsinline autoplay aria-label="The camera's view of the table" hidden=${demo !== false}></video>
          ${demo && view ? html`<img src=${view} alt="The demo's rendered table (not a camera)" />` : null}
          <canvas ref=${overlay} aria-hidden="true"></canvas>
          ${snap.phase === "error" ? html`<p class="camera-none">No picture from a camera: see “Camera” for what to do.</p>` : null}
        </div>
        ${demo ? html`<p class="camera-demo-tag">The demo's rendered table — not a camera</p>` : null}
      </div>
      <div class="camera-side">
        <${Status} snap=${snap} setup=${setup} link=${link} demo=${demo} />
        <form class="camera-controls" onSubmit=${(e) => {
          e.preventDefault();
          setRuns((n) => n + 1);
        }}>
          ${
            demo
              ? null
              : html`<label><span>Resolution</span>
                  <select value=${resolution} onChange=${(e) => setResolution(e.currentTarget.value)}>
                    ${Object.keys(RESOLUTIONS).map((k) => html`<option value=${k}>${k.replace("x", " × ")}</option>`)}
                  </select>
                </label>`
          }
          <button type="submit">Start again</button>
          ${
            demoHost
              ? html`<button type="button" class="secondary" id="camera-use-demo" onClick=${() => setDemo(demo ? false : "asked")}>
                  ${demo ? "Use a camera instead" : "Use the demo's rendered table"}
                </button>`
              : null
          }
        </form>
      </div>
    </div>
    <${Showing} link=${link} />
    <${Ships} snap=${snap} setup=${setup} />
  </main>`;
}

render(html`<${CameraPage} />`, /** @type {HTMLElement} */ (document.getElementById("app")));
