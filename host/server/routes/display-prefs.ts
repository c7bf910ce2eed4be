/**
 * The display's preferences a person changes from `/control` while playing: its scale, whether results are
 * spoken, and the page of the night's log it shows (`log`: null while the log is closed, 0 the newest results).
 * `GET /api/display`, `POST /api/display {scale?, speech?, log?}`; the live socket (`WS /api/live`) sends
 * `{"type":"display","display":{scale, speech, log}}` on connect and on every change. Kept in memory: a restart
 * returns to the table configuration's `display.scale`.
 */
import { Type } from "@sinclair/typebox";
import { replies, type TableApp } from "../typed-routes.ts";

export const DisplayPrefsBody = Type.Object(
  {
    scale: Type.Optional(Type.Number({ minimum: 0.5, maximum: 3 })),
    speech: Type.Optional(Type.Boolean()),
    log: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 100_000 }), Type.Null()])),
  },
  { additionalProperties: false },
);

export interface DisplayPrefs {
  readonly scale: number;
  readonly speech: boolean;
  /** The page of the night's log the display shows over its panels (0 the newest), or null while it is closed. */
  readonly log: number | null;
}

/** The display's preferences, held in memory, with listeners told of every change (the live socket sends them). */
export class DisplayPrefsStore {
  #prefs: DisplayPrefs;
  readonly #listeners = new Set<(p: DisplayPrefs) => void>();

  /** Starts from the table configuration's scale, speech off. */
  constructor(scale: number) {
    this.#prefs = { scale, speech: false, log: null };
  }

  get(): DisplayPrefs {
    return this.#prefs;
  }

  set(patch: Partial<DisplayPrefs>): DisplayPrefs {
    this.#prefs = { ...this.#prefs, ...patch };
    for (const l of this.#listeners) l(this.#prefs);
    return this.#prefs;
  }

  /** Calls `listener` on every change; returns the unsubscribe. */
  onChange(listener: (p: DisplayPrefs) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/**
 * The page of the night's log after a press of the pad's Log button: a closed log opens on the newest results, each
 * press goes a page older, and the press after the oldest page closes it — one button pages back through every result.
 */
export const nextLogPage = (current: number | null, pages: number): number | null =>
  current === null ? 0 : current + 1 < pages ? current + 1 : null;

/** `{"type":"display","display":{scale, speech, log}}`, as the live socket sends it. */
export const displayMessage = (p: DisplayPrefs): string => JSON.stringify({ type: "display", display: p });

export interface DisplayPrefsOptions {
  readonly prefs: DisplayPrefsStore;
}

/** The display's preferences as `GET /api/display` and `POST /api/display` answer them. */
const DisplayPrefsReply = Type.Object(
  {
    ok: Type.Literal(true),
    scale: Type.Number(),
    speech: Type.Boolean(),
    log: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: "The log's page shown (0 the newest), or null: closed" }),
  },
  { additionalProperties: false },
);

export async function displayPrefsRoutes(app: TableApp, opts: DisplayPrefsOptions): Promise<void> {
  app.get("/api/display", { schema: { response: replies({ 200: DisplayPrefsReply }) } }, async () => ({
    ok: true as const,
    ...opts.prefs.get(),
  }));
  app.post("/api/display", { schema: { body: DisplayPrefsBody, response: replies({ 200: DisplayPrefsReply }) } }, async (req) => ({
    ok: true as const,
    ...opts.prefs.set(req.body),
  }));
}
