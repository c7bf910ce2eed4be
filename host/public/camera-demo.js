// The demo's rendered table in place of a camera (docs/camera.md "On the demo"): on the demo, with no camera or when
// asked, /camera's workers are handed frames of the emulated table drawn as an overhead camera would see it
// (`GET /api/sim/camera-frame`: the models as their markers, the reference markers, a fixed pose, light blur and
// noise), so the whole chain — detect, measure, settle, the positions sent over the live socket — runs as from a
// camera. The host renders a frame again only when a ship moved; the page asks once a second (a 304 while nothing
// moved) and hands the frame it has to a free worker five times a second, so a ship settles as from a camera.

/** The frame asked for: 1280 × 720 (about 0.2 s to render on the host, and every marker read). */
export const DEMO_FRAME = { width: 1280, height: 720 };
/** How often the page asks the host whether the table changed, and how often a worker is handed a frame. */
export const DEMO_ASK_MS = 1000;
export const DEMO_FRAME_MS = 200;

/** Whether this host has the demo's rendered table (the demo's emulated table of models): its `/api/state` says `sim`. */
export async function hasDemoTable(fetcher = fetch) {
  try {
    const r = await fetcher("/api/state");
    return r.ok && (await r.json()).sim === true;
  } catch {
    return false;
  }
}

/**
 * Frames of the demo's rendered table, as `CameraFrames` gives a camera's (`next()`: `{image, at}`, the image an
 * `ImageBitmap` to transfer to a worker). `onView(url)` gets an object URL of each new frame, for the page to show.
 */
export class DemoFrames {
  /** @param {(url: string) => void} onView */
  constructor(onView, fetcher = (url, init) => fetch(url, init)) {
    this.onView = onView;
    this.fetcher = fetcher;
    this.stopped = false;
    /** @type {Blob | null} */
    this.blob = null;
    this.etag = "";
    this.url = "";
    this.askedAt = -Infinity;
    this.handedAt = -Infinity;
    /** Frames handed out in turn, whichever worker asks. */
    this.turn = Promise.resolve();
    /** What went wrong asking for the last frame, if anything (in words). */
    this.problem = "";
  }

  async #ask() {
    this.askedAt = performance.now();
    const { width, height } = DEMO_FRAME;
    try {
      const res = await this.fetcher(`/api/sim/camera-frame?width=${width}&height=${height}`, {
        cache: "no-store",
        headers: this.etag ? { "if-none-match": this.etag } : {},
      });
      if (res.status === 304) return;
      if (!res.ok) {
        this.problem = `The demo's rendered table is not available here (${res.status}).`;
        return;
      }
      this.problem = "";
      this.blob = await res.blob();
      this.etag = res.headers.get("etag") ?? "";
      if (this.url) URL.revokeObjectURL(this.url);
      this.url = URL.createObjectURL(this.blob);
      this.onView(this.url);
    } catch {
      this.problem = "The table cannot be reached for the demo's rendered view.";
    }
  }

  /** The next frame for a worker, at most one every DEMO_FRAME_MS; null once stopped. */
  next() {
    const mine = this.turn.then(async () => {
      const wait = this.handedAt + DEMO_FRAME_MS - performance.now();
      if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
      while (!this.stopped && (!this.blob || performance.now() - this.askedAt >= DEMO_ASK_MS)) {
        await this.#ask();
        if (this.blob) break;
        await new Promise((ok) => setTimeout(ok, DEMO_ASK_MS));
      }
      if (this.stopped || !this.blob) return null;
      this.handedAt = performance.now();
      return { image: await createImageBitmap(this.blob), at: this.handedAt };
    });
    this.turn = mine.then(
      () => {},
      () => {},
    );
    return mine;
  }

  stop() {
    this.stopped = true;
    if (this.url) URL.revokeObjectURL(this.url);
  }
}
