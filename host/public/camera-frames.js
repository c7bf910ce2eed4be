// The camera's frames for /camera's workers, their pixels never read on the page's thread. Where the browser has a
// track processor (chromium: `MediaStreamTrackProcessor`) each frame the camera gives is a `VideoFrame`, handed to
// a worker as it is (transferred, not copied); the worker copies its luma plane (devices/camera/video-frame.ts).
// Elsewhere the video is grabbed with `createImageBitmap`, which the worker draws to its own canvas. Drawing the
// video to a canvas here and reading it back (what the page did before) took 20 ms a 1920×1080 frame and 156 ms a
// 3840×2160 one on the page's thread, which also draws the view and keeps the socket (docs/performance.md).

/**
 * How frames are taken: `track` (a `VideoFrame` per camera frame) where the browser can, else `bitmap`;
 * `?grab=bitmap` asks for the fallback (to compare them).
 * @param {string} [search] @param {{ MediaStreamTrackProcessor?: unknown, VideoFrame?: unknown }} [scope]
 */
export function grabMethod(search = location.search, scope = /** @type {any} */ (globalThis)) {
  if (new URLSearchParams(search).get("grab") === "bitmap") return "bitmap";
  return typeof scope.MediaStreamTrackProcessor === "function" && typeof scope.VideoFrame === "function" ? "track" : "bitmap";
}

/**
 * The newest frame not yet handed out, to whichever worker asks first: two workers get two different frames, and a
 * frame no worker took before the next came is closed at once (a camera keeps a few frames' buffers; holding old
 * ones would stall it).
 */
export class CameraFrames {
  /** @param {MediaStream} stream @param {HTMLVideoElement} video @param {"track" | "bitmap"} method */
  constructor(stream, video, method) {
    this.video = video;
    this.method = method;
    this.stopped = false;
    /** @type {{ image: VideoFrame, at: number } | null} */
    this.latest = null;
    /** @type {((f: { image: VideoFrame, at: number } | null) => void)[]} */
    this.waiting = [];
    /** Frames the camera gave (track only), for its rate. */
    this.given = 0;
    if (method === "track") {
      // a clone of the track: stopping the processor leaves the view playing, and the other way round
      this.track = stream.getVideoTracks()[0]?.clone();
      // @ts-expect-error chromium's processor, not in TypeScript's DOM types
      const processor = new MediaStreamTrackProcessor({ track: this.track });
      this.reader = processor.readable.getReader();
      this.#read();
    }
  }

  async #read() {
    while (!this.stopped) {
      const { value, done } = await this.reader.read().catch(() => ({ value: undefined, done: true }));
      if (done || !value) break;
      this.given++;
      const frame = { image: /** @type {VideoFrame} */ (value), at: performance.now() };
      const wants = this.waiting.shift();
      if (wants) wants(frame);
      else {
        this.latest?.image.close();
        this.latest = frame;
      }
    }
    for (const w of this.waiting.splice(0)) w(null);
  }

  /** The next frame (`image` to transfer to a worker, `at` when it was taken), or null once stopped. */
  async next() {
    if (this.stopped) return null;
    if (this.method === "track") {
      const f = this.latest;
      this.latest = null;
      return f ?? new Promise((ok) => this.waiting.push(ok));
    }
    while (!this.video.videoWidth) {
      await new Promise((ok) => setTimeout(ok, 100));
      if (this.stopped) return null;
    }
    const at = performance.now();
    return { image: await createImageBitmap(this.video), at };
  }

  stop() {
    this.stopped = true;
    this.reader?.cancel().catch(() => {});
    this.track?.stop();
    this.latest?.image.close();
    this.latest = null;
  }
}

/** The resolutions a person may ask the camera for; the camera gives the nearest it has. */
export const RESOLUTIONS = { "1280x720": [1280, 720], "1920x1080": [1920, 1080], "3840x2160": [3840, 2160] };

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
