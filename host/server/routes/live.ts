/**
 * `WS /api/live`: the whole table state on connect and on every change (`{"type":"state","state":…}`),
 * followed by what happened (`{"type":"event","event":…}`), and the display's preferences on connect and on every
 * change (`{"type":"display","display":{scale, speech}}`). Clients may send `{"type":"ping"}`, and the /camera page
 * `{"type":"camera.seen","markers":[…]}` (docs/reference/camera.md), answered `{"type":"camera.reported"}`, and
 * `{"type":"camera.shown","markers":[ids]}` (markers come into view: set-up by showing, not answered); a message over
 * the size limit closes the socket (1009), one too deep or not JSON is answered with an error. The messages that change
 * the table (`camera.seen`, `camera.shown`: all but `ping`) follow the rule of every write (auth.ts): from the table's
 * own machine, or on a socket opened with the token (`?token=`); else each is answered `auth.required` and changes
 * nothing. A client that stops
 * reading is dropped, with a log line, once more than `bufferBytes` wait to be sent to it.
 */
import type { Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { TableRuntime } from "../../compose.ts";
import { mayChangeTable, TOKEN_REQUIRED } from "../auth.ts";
import { JSON_LIMITS, parseBoundedJson } from "../json-limits.ts";
import { CameraSeenMessage, CameraShownMessage, ErrorReply, LiveClientMessage } from "../schemas.ts";
import type { TableApp } from "../typed-routes.ts";
import { stateMessage, type WireView } from "../view-serializer.ts";
import { type DisplayPrefsStore, displayMessage } from "./display-prefs.ts";

/** Bytes that may wait for a live client before it is dropped (a state is tens of KB). */
export const LIVE_BUFFER_BYTES = 4 * 1024 * 1024;

export interface LiveOptions {
  readonly table: TableRuntime;
  /** The display's preferences: sent on connect and on every change, on the same socket. */
  readonly prefs: DisplayPrefsStore;
  /** The table's token: a socket opened from another machine changes the table only with it. */
  readonly token: string;
  readonly bufferBytes?: number;
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
  const sockets = new Set<WebSocket>();
  const off = opts.table.onUpdate(({ view, events }) => {
    if (sockets.size === 0) return;
    // serialised once for every socket, by the view's response schema (the same bytes as GET /api/state)
    const state = stateText(view, app.log);
    if (state === null) return;
    const texts = [state, ...events.map((event) => JSON.stringify({ type: "event", event }))];
    for (const ws of sockets) deliver(ws, texts, limit, app.log);
  });
  const offPrefs = opts.prefs.onChange((p) => {
    const text = displayMessage(p);
    for (const ws of sockets) deliver(ws, [text], limit, app.log);
  });
  app.addHook("onClose", async () => {
    off();
    offPrefs();
  });

  app.route({
    method: "GET",
    url: "/api/live",
    // a plain GET is told to upgrade; the socket's messages are LiveServerMessage and LiveClientMessage (schemas.ts)
    schema: { response: { 426: ErrorReply } },
    handler: async (_req, reply) =>
      reply.code(426).send({
        ok: false as const,
        error: { code: "live.upgrade", message: "/api/live is a WebSocket; connect with ws:// or wss://.", path: "Upgrade" },
      }),
    wsHandler: (socket, req) => {
      // decided once, at the upgrade: the address and the token of a socket do not change while it is open
      const mayChange = mayChangeTable(req, opts.token);
      sockets.add(socket);
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
