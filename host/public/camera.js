// /camera: the page on the device that holds the camera above the table (the display's computer with a USB webcam, or
// a phone on a stand). It shows what the camera sees with the markers found drawn on it — the reference markers that
// calibrate it, each ship's marker with her name — for setting the camera up, and sends each ship to the table once
// she has stood still (docs/camera.md). The work is in camera-run.js; this file lays the page out, its overlay drawn by
// camera-overlay.js and its panels by camera-panels.js.

import { render } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { hasDemoTable } from "./camera-demo.js";
import { RESOLUTIONS } from "./camera-frames.js";
import { TableLink } from "./camera-link.js";
import { drawOverlay } from "./camera-overlay.js";
import { Ships, Showing, Status } from "./camera-panels.js";
import { CameraRun } from "./camera-run.js";
import { html } from "./lib/html.js";
import { adoptTokenFromUrl, api } from "./lib/live.js";

adoptTokenFromUrl();

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
