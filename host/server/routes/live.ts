/**
 * `WS /api/live`: the whole table state on connect and on every change (`{"type":"state","state":…}`),
 * followed by what happened (`{"type":"event","event":…}`), and the display's preferences on connect and on every
 * change (`{"type":"display","display":{scale, speech}}`). Clients may send `{"type":"ping"}`, and the /camera page
 * `{"type":"camera.seen","markers":[…]}` (docs/reference/camera.md), answered `{"type":"camera.reported"}`, and
 * `{"type":"camera.shown","markers":[ids]}` (markers come into view: set-up by showing, not answered); a message over
 * the size limit closes the socket (1009), one too deep or not JSON is answered with an error. The messages that change
 * the table (`camera.seen`, `camera.shown`: all but `ping`) follow the rule of every write (auth.ts): from the table's
 * own machine, or on a socket opened with the token (`?token=`); else each is answered `auth.required` and changes
 * nothing. A client that stops reading is dropped, with a log line, once more than `bufferBytes` wait to be sent to it.
 * The state is written by its response schema's one serialiser, kept here beside the socket (it is on the die's path)
 * and shared with `GET /api/state` and the commands' replies.
 */

import type { Writable } from "node:stream";
import SerializerSelector from "@fastify/fast-json-stringify-compiler";
import type { Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { TableRuntime } from "../../compose.ts";
import { mayChangeTable, TOKEN_REQUIRED } from "../auth.ts";
import { JSON_LIMITS, parseBoundedJson } from "../json-limits.ts";
import { lazyRouteSerializer } from "../lazy-compilers.ts";
import { upgradeOnly } from "../live-sockets.ts";
import { CameraSeenMessage, CameraShownMessage, ErrorReply, LiveClientMessage } from "../schemas.ts";
import { serializerSchema } from "../serializer-schema.ts";
import type { Frozen, TableApp } from "../typed-routes.ts";
import { type TableView, TableViewSchema } from "../view-schema.ts";
import { type DisplayPrefsStore, displayMessage } from "./display-prefs.ts";

/** Bytes that may wait for a live client before it is dropped (a state is tens of KB). */
export const LIVE_BUFFER_BYTES = 4 * 1024 * 1024;

// ——— The table state on the wire: its one serialiser ———
// `GET /api/state`, the command replies that carry the state (`{"ok":true,"state":…}`) and this socket's
// `{"type":"state","state":…}` all write the view with the same function, compiled once (on first use, not at start)
// from its response schema, `TableViewSchema`, by fastify's own fast-json-stringify compiler: every client gets the
// same bytes for the same view, and only what the schema declares (view-schema.ts keeps every object exact or openly
// open, so nothing the pages read is dropped). It lives beside the socket it serves on the die's path.

/** The table state as the serialiser takes it: the compiler checks that the session's view fits its schema's type. */
export type WireView = Frozen<TableView>;

type Write = (doc: unknown) => string;
type RuleSetPart = WireView["ruleset"];

/** The state's two serialisers: its rule set's part (the same all game long), and the rest. */
interface Compiled {
  readonly ruleset: Write;
  readonly rest: Write;
}
let compiled: Compiled | null = null;

function compile(): Compiled {
  const schema = serializerSchema(TableViewSchema);
  const { ruleset, ...rest } = schema.properties as Record<string, unknown>;
  const write = (part: unknown, url: string): Write =>
    SerializerSelector()()({ schema: part, method: "GET", url, httpStatus: "200" }) as Write;
  return {
    ruleset: write(ruleset, "/api/state#ruleset"),
    // the rest is exact too: it writes no `ruleset` (additionalProperties: false), which is spliced in first
    rest: write({ ...schema, properties: rest, required: (schema.required as string[]).filter((k) => k !== "ruleset") }, "/api/state"),
  };
}

/**
 * The rule set's part written once per game: it is most of the state's bytes (every action's fields and words) and
 * does not change while its actions, dice and phases' names are the same objects and words (the view takes them from
 * the rule set as they are).
 */
const rulesetWritten = new WeakMap<object, { readonly key: string; readonly dice: object; readonly json: string }>();
function rulesetJson(c: Compiled, r: RuleSetPart): string {
  const key = `${r.id}\n${r.title}\n${r.description}\n${r.phases.join("\n")}`;
  const kept = rulesetWritten.get(r.actions);
  if (kept && kept.key === key && kept.dice === r.dice) return kept.json;
  const json = flattened(c.ruleset(r));
  rulesetWritten.set(r.actions, { key, dice: r.dice, json });
  return json;
}

/**
 * `s` with its characters in one piece. The serialiser builds a string by thousands of appends, which V8 keeps as a
 * tree of pieces until something needs it whole; a kept string that stays a tree is walked again, piece by piece, in
 * every message it is copied into (a 9 KB rule set part: ~0.1 ms of the die's path a change). Converting it to a
 * number makes V8 join it in place, once.
 */
function flattened(s: string): string {
  Number(s);
  return s;
}

/** The table state as JSON, by its schema. Throws (a programmer's error) on a view its schema does not describe. */
export function serializeView(view: WireView): string {
  compiled ??= compile();
  const rest = compiled.rest(view);
  return `{"ruleset":${rulesetJson(compiled, view.ruleset)},${rest.slice(1)}`;
}

/** The live socket's state message. */
export const stateMessage = (view: WireView): string => `{"type":"state","state":${serializeView(view)}}`;

/**
 * A reply that carries the state (`{"ok":true,"state":…}`, with an added device's id, a request's measured fields): the
 * state by `serializeView`, the reply's few other fields (`ok`, ids, figures) by JSON.stringify.
 */
export function stateReply(reply: { readonly state: WireView }): string {
  const { state, ...rest } = reply;
  const others = JSON.stringify(rest);
  return others === "{}" ? `{"state":${serializeView(state)}}` : `${others.slice(0, -1)},"state":${serializeView(state)}}`;
}

type Compiler = (route: { readonly httpStatus?: string }) => (doc: unknown) => string;
/** fastify's own compiler for the error replies, which name the one error schema by reference: made on first use. */
const errorReplies = lazyRouteSerializer({ ErrorReply });
/**
 * A route's `serializerCompiler`: `ok` for its 200 reply, fastify's own compiler for the others (its error replies),
 * compiled on the route's first error reply, not at start.
 */
export const for200 =
  (ok: (doc: never) => string): Compiler =>
  (route) =>
    route.httpStatus === "200" ? (ok as (doc: unknown) => string) : (errorReplies(route as never) as (doc: unknown) => string);

/** The `serializerCompiler` of `GET /api/state`: `serializeView`, never a copy. */
export const viewSerializer: Compiler = for200(serializeView);
/** The `serializerCompiler` of the routes whose reply carries the state: the state by `serializeView`. */
export const stateReplySerializer: Compiler = for200(stateReply);

export interface LiveOptions {
  readonly table: TableRuntime;
  /** The display's preferences: sent on connect and on every change, on the same socket. */
  readonly prefs: DisplayPrefsStore;
  /** The table's token: a socket opened from another machine changes the table only with it. */
  readonly token: string;
  readonly bufferBytes?: number;
}

/**
 * What a socket's frames are written to (corked, its writes go out together when uncorked), or null when the request
 * has none of its own (a socket injected in tests: its frames go out one by one).
 */
type Connection = Pick<Writable, "cork" | "uncork"> | null;

/**
 * A change's messages to one socket in one write: the connection is corked while its frames are queued, so the
 * state and its events reach the kernel as one `writev` (one wake-up of the page's network thread, not one per
 * message; on a two-core table computer the woken reader can take the core the host is on).
 */
function deliverAll(ws: WebSocket, connection: Connection, texts: readonly string[], limit: number, log: FastifyBaseLogger): void {
  connection?.cork();
  try {
    deliver(ws, texts, limit, log);
  } finally {
    connection?.uncork();
  }
}

/** Sends the texts, or drops a client that has too much waiting; never throws (the club board's socket uses it too). */
export function deliver(ws: WebSocket, texts: readonly string[], limit: number, log: FastifyBaseLogger): void {
  if (ws.readyState !== ws.OPEN) return;
  if (ws.bufferedAmount > limit) {
    log.warn({ buffered: ws.bufferedAmount, limit }, "dropped a live client that stopped reading");
    ws.terminate();
    return;
  }
  try {
    for (const t of texts) ws.send(t);
  } catch (err) {
    log.warn({ err }, "a live client could not be sent to; dropped it");
    ws.terminate();
  }
}

export async function liveRoutes(app: TableApp, opts: LiveOptions): Promise<void> {
  const limit = opts.bufferBytes ?? LIVE_BUFFER_BYTES;
  /** Each live socket, with the connection under it (one write for all of a change's messages: see `deliverAll`). */
  const sockets = new Map<WebSocket, Connection>();
  const off = opts.table.onUpdate((update) => {
    // no page open: the view (built at its first read) is not built for nobody
    if (sockets.size === 0) return;
    // serialised once for every socket, by the view's response schema (the same bytes as GET /api/state)
    const state = stateText(update.view, app.log);
    if (state === null) return;
    const texts = [state, ...update.events.map((event) => JSON.stringify({ type: "event", event }))];
    for (const [ws, connection] of sockets) deliverAll(ws, connection, texts, limit, app.log);
  });
  const offPrefs = opts.prefs.onChange((p) => {
    const text = displayMessage(p);
    for (const ws of sockets.keys()) deliver(ws, [text], limit, app.log);
  });
  app.addHook("onClose", async () => {
    off();
    offPrefs();
  });

  app.route({
    // a plain GET is told to upgrade; the socket's messages are LiveServerMessage and LiveClientMessage (schemas.ts)
    ...upgradeOnly("/api/live"),
    wsHandler: (socket, req) => {
      // decided once, at the upgrade: the address and the token of a socket do not change while it is open
      const mayChange = mayChangeTable(req, opts.token);
      // the upgraded request's connection is the one the socket writes its frames to
      sockets.set(socket, (req.raw.socket as Writable | undefined) ?? null);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => sockets.delete(socket));
      const state = stateText(opts.table.view(), app.log);
      deliver(socket, [...(state === null ? [] : [state]), displayMessage(opts.prefs.get())], limit, app.log);
      socket.on("message", (data) => {
        const parsed = parseBoundedJson(String(data), JSON_LIMITS, "message");
        const reply = (m: unknown) => deliver(socket, [JSON.stringify(m)], limit, app.log);
        if (!parsed.ok || !Value.Check(LiveClientMessage, parsed.value)) {
          const error = parsed.ok ? { code: "input.invalid", message: liveProblem(parsed.value), path: "message" } : parsed.error;
          reply({ type: "error", error });
          return;
        }
        const msg: Static<typeof LiveClientMessage> = parsed.value;
        if (msg.type === "ping") {
          reply({ type: "pong" });
          return;
        }
        if (!mayChange) {
          reply({ type: "error", error: { ...TOKEN_REQUIRED } });
          return;
        }
        if (msg.type === "camera.shown") {
          opts.table.cameraShown(msg.markers);
          return;
        }
        const r = opts.table.reportCamera(msg.markers);
        reply(r.ok ? { type: "camera.reported", ...r.value } : { type: "error", error: r.error });
      });
    },
  });
}

/**
 * The state message, or null (logged) when the view does not fit its schema: a programmer's error, which must not stop
 * the table's updates (the session's listeners run on the die's path) — the pages keep their last state meanwhile.
 */
function stateText(view: WireView, log: FastifyBaseLogger): string | null {
  try {
    return stateMessage(view);
  } catch (err) {
    log.error({ err }, "the table state does not fit its schema (host/server/view-schema.ts); not sent");
    return null;
  }
}

/** What is wrong with a message that is JSON but none of those a client may send, naming the field. */
function liveProblem(m: unknown): string {
  if ((m as { type?: unknown } | null)?.type === "camera.seen") {
    const e = Value.Errors(CameraSeenMessage, m).First();
    return `camera.seen${e?.path.replaceAll("/", ".") ?? ""}: ${e?.message ?? "not a camera report"} (docs/reference/camera.md).`;
  }
  if ((m as { type?: unknown } | null)?.type === "camera.shown") {
    const e = Value.Errors(CameraShownMessage, m).First();
    return `camera.shown${e?.path.replaceAll("/", ".") ?? ""}: ${e?.message ?? "not a list of markers"} (docs/reference/camera.md).`;
  }
  return 'Send {"type":"ping"}, {"type":"camera.seen",…}, {"type":"camera.shown",…} or nothing.';
}
