// The /camera page's engine, apart from its drawing: the browser's camera and the detection workers (the same modules
// as in Node: devices/camera/, bundled as /static/camera-worker.js); what they find goes to the table over the page's
// link (camera-link.js). Each worker is handed the
// camera's newest frame whenever it is free (camera-frames.js: a `VideoFrame` transferred as it is, whose pixels the
// worker reads itself, so the page's thread never touches them); the AprilTag library's WebAssembly is single-threaded, so with two
// workers (`?workers=N`) frames are measured two at a time. Each answer is drawn (the newest frame wins), the ships that
// settled in it are sent to the host as {"type": "camera.seen"} (docs/reference/camera.md) — once, though both
// workers see them settle — and a report the socket could not take is kept and sent when it is back.

import { DEMO_FRAME, DEMO_FRAME_MS, DemoFrames } from "./camera-demo.js";
import { CameraFrames, grabMethod } from "./camera-frames.js";

/** The resolutions a person may ask the camera for; the camera gives the nearest it has. */
export const RESOLUTIONS = { "1280x720": [1280, 720], "1920x1080": [1920, 1080], "3840x2160": [3840, 2160] };

const round1 = (v) => Math.round(v * 10) / 10;

/**
 * How many workers: `?workers=N` (1–4), else two on a machine of four cores or more and one below (the page's own
 * thread grabs the frames and the browser decodes the video: on two cores a second worker gained nothing, measured in
 * docs/performance.md).
 */
export function workerCount(search = location.search, cores = navigator.hardwareConcurrency || 1) {
  const asked = Number(new URLSearchParams(search).get("workers"));
  if (Number.isInteger(asked) && asked >= 1 && asked <= 4) return asked;
  return cores >= 4 ? 2 : 1;
}

/** A ship marker unseen this long and then seen has come into view (set-up by showing it to the camera). */
export const ARRIVAL_GAP_MS = 1000;

/**
 * A marker another ship carries must be out of view this long before it counts as shown: a ship's marker on the
 * table hides for a second or two under a hand moving her (or in motion blur), and must not be taken for the marker
 * the table waits for. Ten seconds is what lifting a sticker off a base and showing it takes, not a hand passing.
 */
export const HELD_GAP_MS = 10_000;

/**
 * The ship markers of a frame taken at `at` that came into view: unseen for ARRIVAL_GAP_MS or more (or never seen);
 * for a marker in `held` (another ship's), unseen for HELD_GAP_MS or more. `lastSeen` (marker → when last seen) is
 * kept up to date.
 */
export function arrivals(lastSeen, detected, at, held = new Set()) {
  const out = [];
  for (const d of detected) {
    if (d.id < 10) continue;
    const before = lastSeen.get(d.id);
    const gap = held.has(d.id) ? HELD_GAP_MS : ARRIVAL_GAP_MS;
    if (before === undefined || at - before >= gap) out.push(d.id);
    lastSeen.set(d.id, Math.max(at, before ?? at));
  }
  return out;
}

/** Frames a second the page aims for: a ship is then sent within about a second of standing still. */
export const TARGET_FPS = 5;

/**
 * Whether the detection keeps up, in words: `keepsUp` when it measures TARGET_FPS frames a second or more, or every
 * frame of a camera slower than that; `words` says so, how soon a ship is sent after she stops (the settling's 0.6 s
 * of stillness and the frames around it) and, when it falls behind, what would help.
 */
export function pace(fps, cameraFps, resolution) {
  const keepsUp = fps >= TARGET_FPS || (cameraFps !== null && cameraFps > 0 && fps >= 0.8 * cameraFps);
  const sentIn = round1(0.6 + 2 / Math.max(fps, 0.1));
  const rate = `${fps.toFixed(1)} frames a second`;
  if (keepsUp) return { keepsUp, words: `Keeping up: ${rate}; a ship is sent about ${sentIn} s after she stops.` };
  const help =
    resolution === "3840x2160"
      ? "1920 × 1080 measures about four times faster."
      : "Close other programs on this computer, or run the camera page on a faster one.";
  return {
    keepsUp,
    words: `Falling behind: ${rate} (the aim is ${TARGET_FPS}); a ship is sent about ${sentIn} s after she stops. ${help}`,
  };
}

/**
 * The ship markers the detection workers are told to expect (the second look runs only when one of them, or a
 * reference marker, is missing, and reads only those): the game's ships' markers, given at the table or by roster
 * order. `null` — any marker — while the table waits for a ship's marker to be shown, which may be any marker.
 * @param {{ ships: { marker: number }[] }} setup
 * @param {{ kind: string; ship?: string } | null} [assigning]
 */
export function expectedMarkers(setup, assigning = null) {
  if (assigning?.kind === "marker") return null;
  return [...new Set(setup.ships.map((s) => s.marker))].sort((a, b) => a - b);
}

/** Whether a settled sighting says nothing new against the last one sent for its marker (the other worker's twin). */
const sameAsSent = (a, b) =>
  b !== undefined && Math.hypot(a.x - b.x, a.y - b.y) < 1 && Math.abs(((a.heading - b.heading + 540) % 360) - 180) < 0.5;
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** Why the browser gives this page no camera, in words a person can act on. */
export function cameraProblem(err) {
  if (!navigator.mediaDevices?.getUserMedia) {
    return "This browser gives no camera to this page: open it on the camera's machine as http://127.0.0.1:PORT/camera, or over https (start the host with --tls-cert and --tls-key).";
  }
  if (err?.name === "NotAllowedError")
    return "The camera was not allowed: allow it in the browser's site settings, then press Start again.";
  if (err?.name === "NotFoundError")
    return "No camera is connected to this device: plug one in (or open this page on the computer that has it), then press Start again.";
  if (err?.name === "NotReadableError") return "The camera is in use by another program: close it, then press Start again.";
  return `The camera could not start: ${err?.message ?? err}`;
}

/**
 * The looks beyond the detector's own within the finding's time (`secondMs`, `furtherMs`), each when it took a millisecond
 * or more, as the panel's words (docs/camera.md, "How a frame is measured"); `ms` writes a time.
 */
export function lookShares(s, ms = (v) => String(Math.round(v))) {
  const looks = [
    s.secondMs >= 1 ? `a second look ${ms(s.secondMs)}` : "",
    s.furtherMs >= 1 ? `a further look ${ms(s.furtherMs)}` : "",
  ].filter(Boolean);
  return looks.length ? `, of which ${looks.join(" and ")}` : "";
}

/**
 * Runs the camera: `onUpdate(snapshot)` after every measured frame and every change of phase. The snapshot: `phase`
 * (`starting`, `loading`, `running`, `error`), `message`, the last `frame` (the worker's answer), `stats` (frames,
 * mean detection ms, frames per second), `sent` (ship id → the last position sent) and `expected` (the ship markers
 * the workers were told to expect: `expectedMarkers`). What the table waits for and
 * says is the link's (`link.snap`: camera-link.js), which the page holds whether or not a camera runs.
 */
export class CameraRun {
  constructor({ video, setup, resolution, onUpdate, link, demo = false, onView = /** @type {(url: string) => void} */ ((_url) => {}) }) {
    this.video = video;
    /** Frames of the demo's rendered table instead of a camera (camera-demo.js); `onView` gets each new one's URL. */
    this.demo = demo;
    this.onView = onView;
    this.link = link;
    /** The markers last told to the workers (JSON), so they are told again only when it changes. */
    this.expected = "";
    this.setup = setup;
    this.resolution = resolution;
    this.onUpdate = onUpdate;
    this.snap = { phase: "starting", message: "Starting the camera…", frame: null, stats: null, sent: {} };
    this.pending = new Map();
    /** The workers' times of the last 20 frames: reading the pixels, detecting, the whole frame (ms). */
    this.times = [];
    this.doneAt = [];
    this.frames = 0;
    this.stopped = false;
    this.workers = [];
    this.drawnAt = -1;
    this.lastSent = new Map();
    this.lastSeen = new Map();
  }

  #set(patch) {
    this.snap = { ...this.snap, ...patch };
    this.onUpdate(this.snap);
  }

  async start() {
    if (this.demo) {
      this.source = new DemoFrames(this.onView);
      // the rate frames are handed out at is the "camera's": keeping up is measuring each of them
      this.cameraFps = 1000 / DEMO_FRAME_MS;
      this.#set({ message: `Using the demo's rendered table (${DEMO_FRAME.width} × ${DEMO_FRAME.height}), not a camera.` });
    } else if (!(await this.#camera())) return;
    if (this.stopped) {
      this.source?.stop();
      for (const t of this.stream?.getTracks() ?? []) t.stop();
      return;
    }
    this.#run();
  }

  /** Starts the browser's camera as the frames' source; false (the snapshot saying why) when there is none. */
  async #camera() {
    const [w, h] = RESOLUTIONS[this.resolution] ?? RESOLUTIONS["1920x1080"];
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error("no mediaDevices");
      this.stream = await navigator.mediaDevices.getUserMedia({
        video: { width: { ideal: w }, height: { ideal: h }, facingMode: { ideal: "environment" } },
        audio: false,
      });
    } catch (err) {
      this.#set({ phase: "error", message: cameraProblem(err) });
      return false;
    }
    this.video.srcObject = this.stream;
    await this.video.play().catch(() => {});
    this.source = new CameraFrames(this.stream, this.video, grabMethod());
    this.cameraFps = this.stream.getVideoTracks()[0]?.getSettings().frameRate ?? null;
    return true;
  }

  /** The link and the workers, whatever gives the frames. */
  #run() {
    // the link back up: what it could not take is sent; what the table waits for changed: the workers are told
    let assigning = JSON.stringify(this.link.snap.assigning);
    this.unlink = this.link.subscribe((l) => {
      if (l.state === "up") this.#flush();
      if (JSON.stringify(l.assigning) !== assigning) {
        assigning = JSON.stringify(l.assigning);
        this.#expect();
      }
    });
    this.#set({ phase: "loading", message: "Loading the marker detector (AprilTag, 225 KB)…" });
    for (let i = 0; i < workerCount(); i++) {
      const worker = new Worker("/static/camera-worker.js");
      worker.onmessage = (e) => this.#answer(worker, e.data);
      worker.onerror = (e) => this.#set({ phase: "error", message: `The detector failed: ${e.message}` });
      const expected = expectedMarkers(this.setup, this.link.snap.assigning);
      this.expected = JSON.stringify(expected);
      this.#set({ expected });
      worker.postMessage({ type: "start", apriltag: "/vendor/apriltag.js", area: this.setup.area, ...(expected ? { expected } : {}) });
      this.workers.push(worker);
    }
  }

  /** Tells the workers which markers to expect, when that changed (the roster, a marker given, a marker awaited). */
  #expect() {
    const expected = expectedMarkers(this.setup, this.link.snap.assigning);
    if (JSON.stringify(expected) === this.expected) return;
    this.expected = JSON.stringify(expected);
    for (const w of this.workers) w.postMessage({ type: "expected", expected });
    if (this.workers.length) this.#set({ expected });
  }

  /**
   * Takes the table's new set-up (a marker given to a ship by showing it): a marker that settled before it was a
   * ship's, or while it was another's, is sent again for the ship it is now (settling sends a ship only when she
   * moves, and she may lie still where she was shown).
   */
  setSetup(setup) {
    const before = new Map(this.setup.ships.map((s) => [s.marker, s.ship]));
    this.setup = setup;
    for (const s of setup.ships) {
      const last = this.lastSent.get(s.marker);
      if (last && before.get(s.marker) !== s.ship) this.pending.set(s.marker, last);
    }
    this.#expect();
    this.#flush();
  }

  stop() {
    this.stopped = true;
    for (const w of this.workers) w.terminate();
    this.source?.stop();
    this.unlink?.();
    for (const t of this.stream?.getTracks() ?? []) t.stop();
  }

  #answer(worker, m) {
    if (this.stopped) return;
    if (m.type === "error") {
      this.#set({ phase: "error", message: `The detector failed: ${m.message}` });
      return;
    }
    if (m.type === "ready") {
      const n = this.workers.length;
      this.#set({ phase: "running", message: `Detector ready (${Math.round(m.loadMs)} ms to load${n > 1 ? `; ${n} workers` : ""}).` });
      this.#next(worker);
      return;
    }
    if (m.type !== "frame") return;
    this.frames++;
    this.times = [
      ...this.times.slice(-19),
      {
        detect: m.detectMs,
        second: m.secondMs ?? 0,
        further: m.furtherMs ?? 0,
        grey: m.greyMs ?? 0,
        frame: (m.greyMs ?? 0) + (m.totalMs ?? m.detectMs),
      },
    ];
    this.doneAt = [...this.doneAt.slice(-10), performance.now()];
    const span = this.doneAt.length > 1 ? (this.doneAt.at(-1) - this.doneAt[0]) / 1000 : null;
    const fps = span ? (this.doneAt.length - 1) / span : null;
    const stats = {
      frames: this.frames,
      detectMs: mean(this.times.map((t) => t.detect)),
      secondMs: mean(this.times.map((t) => t.second)),
      furtherMs: mean(this.times.map((t) => t.further)),
      greyMs: mean(this.times.map((t) => t.grey)),
      frameMs: mean(this.times.map((t) => t.frame)),
      fps,
      cameraFps: this.cameraFps,
      workers: this.workers.length,
      demo: this.demo,
      pace: fps === null ? null : pace(fps, this.cameraFps, this.resolution),
      width: m.width,
      height: m.height,
    };
    for (const s of m.settled) {
      if (s.id >= 10 && !sameAsSent(s, this.lastSent.get(s.id)))
        this.pending.set(s.id, {
          id: s.id,
          x: round1(s.x),
          y: round1(s.y),
          heading: round1(s.heading),
          uncertainty: round1(s.uncertainty),
        });
    }
    this.#flush();
    // markers come into view: while a ship waits for hers, the host gives her the first (the first frame is the view
    // as it was, not markers shown)
    const table = this.link.snap.assigning;
    const waiting = table?.kind === "marker" ? table.ship : null;
    const held = new Set(this.setup.ships.filter((s) => s.ship !== waiting).map((s) => s.marker));
    const shown = arrivals(this.lastSeen, m.detected, m.at, held);
    if (shown.length && this.frames > 1 && waiting !== null) {
      this.link.send({ type: "camera.shown", markers: shown.slice(0, 40) });
    }
    // answers of two workers may cross: the view shows the newest frame
    if (m.at >= this.drawnAt) {
      this.drawnAt = m.at;
      this.#set({ frame: m, stats });
    } else this.#set({ stats });
    this.#next(worker);
  }

  #flush() {
    if (this.pending.size === 0) return;
    const markers = [...this.pending.values()];
    // at most 40 markers a message (the live socket takes messages of 4 KB)
    for (let i = 0; i < markers.length; i += 40) {
      if (!this.link.send({ type: "camera.seen", markers: markers.slice(i, i + 40) })) return;
      for (const m of markers.slice(i, i + 40)) {
        this.pending.delete(m.id);
        this.lastSent.set(m.id, m);
      }
    }
    const byMarker = new Map(this.setup.ships.map((s) => [s.marker, s.ship]));
    const sent = { ...this.snap.sent };
    for (const m of markers) if (byMarker.has(m.id)) sent[byMarker.get(m.id)] = m;
    this.#set({ sent });
  }

  /** Hands the camera's next frame to the worker (which is free). */
  async #next(worker) {
    const f = await this.source?.next();
    if (!f) return;
    if (this.stopped) {
      f.image.close();
      return;
    }
    try {
      worker.postMessage({ type: "frame", image: f.image, at: f.at }, [f.image]);
    } catch {
      // a browser that copies frames instead of transferring them: the copy went, this one is closed
      worker.postMessage({ type: "frame", image: f.image, at: f.at });
      f.image.close();
    }
  }
}
