// The /camera page's engine, apart from its drawing: the browser's camera and the detection workers (the same modules
// as in Node: devices/camera/, bundled as /static/camera-worker.js); what they find goes to the table over the page's
// link (camera-link.js). Each worker is handed the
// camera's newest frame whenever it is free (camera-frames.js: a `VideoFrame` transferred as it is, whose pixels the
// worker reads itself, so the page's thread never touches them); the AprilTag library's WebAssembly is single-threaded, so with two
// workers (`?workers=N`) frames are measured two at a time. Each answer is drawn (the newest frame wins), the ships that
// settled in it are sent to the host as {"type": "camera.seen"} (docs/reference/camera.md) — once, though both
// workers see them settle — and a report the socket could not take is kept and sent when it is back.

import { readAnswer, tell } from "./camera-answers.js";
import { arrivals, expectedMarkers, sameAsSent, sentOf } from "./camera-arrivals.js";
import { DEMO_FRAME, DEMO_FRAME_MS, DemoFrames } from "./camera-demo.js";
import { CameraFrames, cameraProblem, grabMethod, RESOLUTIONS } from "./camera-frames.js";
import { FrameTimes, workerCount } from "./camera-pace.js";

/** @typedef {import("./camera-answers.js").FromWorker} FromWorker */

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
    this.times = new FrameTimes();
    /** The camera's own frames a second, when it says (the demo's: the rate its frames are handed out at). */
    /** @type {number | null} */
    this.cameraFps = null;
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
      worker.onmessage = (e) => this.#answer(worker, readAnswer(e.data));
      worker.onerror = (e) => this.#set({ phase: "error", message: `The detector failed: ${e.message}` });
      const expected = expectedMarkers(this.setup, this.link.snap.assigning);
      this.expected = JSON.stringify(expected);
      this.#set({ expected });
      tell(worker, { type: "start", apriltag: "/vendor/apriltag.js", area: this.setup.area, ...(expected ? { expected } : {}) });
      this.workers.push(worker);
    }
  }

  /** Tells the workers which markers to expect, when that changed (the roster, a marker given, a marker awaited). */
  #expect() {
    const expected = expectedMarkers(this.setup, this.link.snap.assigning);
    if (JSON.stringify(expected) === this.expected) return;
    this.expected = JSON.stringify(expected);
    for (const w of this.workers) tell(w, { type: "expected", expected });
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

  /** @param {Worker} worker @param {FromWorker} m */
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
    const stats = this.times.add(m, {
      now: performance.now(),
      cameraFps: this.cameraFps,
      workers: this.workers.length,
      demo: this.demo,
      resolution: this.resolution,
    });
    for (const s of m.settled) {
      if (s.id >= 10 && !sameAsSent(s, this.lastSent.get(s.id))) this.pending.set(s.id, sentOf(s));
    }
    this.#flush();
    // markers come into view: while a ship waits for hers, the host gives her the first (the first frame is the view
    // as it was, not markers shown)
    const table = this.link.snap.assigning;
    const waiting = table?.kind === "marker" ? table.ship : null;
    const held = new Set(this.setup.ships.filter((s) => s.ship !== waiting).map((s) => s.marker));
    const shown = arrivals(this.lastSeen, m.detected, m.at, held);
    if (shown.length && this.times.frames > 1 && waiting !== null) {
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
      tell(worker, { type: "frame", image: f.image, at: f.at }, [f.image]);
    } catch {
      // a browser that copies frames instead of transferring them: the copy went, this one is closed
      tell(worker, { type: "frame", image: f.image, at: f.at });
      f.image.close();
    }
  }
}
