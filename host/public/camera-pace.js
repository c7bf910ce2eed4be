// How the /camera page's detection keeps up: how many workers it runs, the frames a second it aims for, the timing of
// the last frames in the panel's words (`FrameTimes`, `pace`, `lookShares`).

const round1 = (v) => Math.round(v * 10) / 10;
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

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
 * The workers' times of the last 20 frames (reading the pixels, detecting, the whole frame, ms) and when the last 11
 * were done, as the panel's `stats`.
 */
export class FrameTimes {
  constructor() {
    /** @type {{ detect: number, second: number, further: number, grey: number, frame: number }[]} */
    this.times = [];
    /** @type {number[]} */
    this.doneAt = [];
    this.frames = 0;
  }

  /**
   * Takes a frame's answer, done at `now` (ms); gives the stats so far.
   * @param {import("./camera-answers.js").FrameAnswer} m
   * @param {{ now: number, cameraFps: number | null, workers: number, demo: boolean, resolution: string }} at
   */
  add(m, { now, cameraFps, workers, demo, resolution }) {
    this.frames++;
    this.times = [
      ...this.times.slice(-19),
      { detect: m.detectMs, second: m.secondMs, further: m.furtherMs, grey: m.greyMs, frame: m.greyMs + m.totalMs },
    ];
    this.doneAt = [...this.doneAt.slice(-10), now];
    const first = this.doneAt[0] ?? now;
    const span = this.doneAt.length > 1 ? (now - first) / 1000 : null;
    const fps = span ? (this.doneAt.length - 1) / span : null;
    return {
      frames: this.frames,
      detectMs: mean(this.times.map((t) => t.detect)),
      secondMs: mean(this.times.map((t) => t.second)),
      furtherMs: mean(this.times.map((t) => t.further)),
      greyMs: mean(this.times.map((t) => t.grey)),
      frameMs: mean(this.times.map((t) => t.frame)),
      fps,
      cameraFps,
      workers,
      demo,
      pace: fps === null ? null : pace(fps, cameraFps, resolution),
      width: m.width,
      height: m.height,
    };
  }
}
