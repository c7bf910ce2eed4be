// The pages' link to the host: the live state and the display's preferences (a Preact hook over WS /api/live that
// reconnects), and API calls carrying the table's token when the page is not on the table's machine.

import { useEffect, useRef, useState } from "preact/hooks";
import { perFrame } from "./per-frame.js";
import { shareEqual } from "./share.js";
import { stage } from "./stages.js";

/** @typedef {import("../../server/view-schema.ts").TableView} TableView */

const TOKEN_KEY = "quarterdeck.token";

/** Keeps a token handed over in the URL fragment (`/control#token=…`, from the pairing QR code), then hides it. */
export function adoptTokenFromUrl() {
  const m = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (!m) return;
  localStorage.setItem(TOKEN_KEY, decodeURIComponent(m[1] ?? ""));
  history.replaceState(null, "", location.pathname + location.search);
}

const isLocal = () => ["127.0.0.1", "localhost", "[::1]"].includes(location.hostname);

/** The token to send, if this page is beyond the table's machine and has one. */
const token = () => (isLocal() ? null : localStorage.getItem(TOKEN_KEY));

/** Calls the API; resolves with the JSON reply (errors included: `{ok:false, error}`). */
export async function api(method, url, body) {
  const headers = { "content-type": "application/json" };
  const t = token();
  if (t) headers.authorization = `Bearer ${t}`;
  let res;
  try {
    res = await fetch(url, { method, headers, body: method === "GET" ? undefined : JSON.stringify(body ?? {}) });
  } catch {
    return { ok: false, error: { code: "http", message: "The table cannot be reached.", path: url } };
  }
  const json = await res.json().catch(() => ({ ok: false, error: { code: "http", message: res.statusText, path: url } }));
  if (res.status === 401) {
    const given = prompt("This table needs its token (printed when the host started, or scan the code on /devices):");
    if (given) {
      localStorage.setItem(TOKEN_KEY, given.trim());
      return api(method, url, body);
    }
  }
  return json;
}

/**
 * Opens a WebSocket to `path` that reconnects with backoff; calls onMessage(parsed, the time it was received) and
 * onOpen(up); with `frames`, at most once per frame, a state replaced by a later one not read (lib/per-frame.js).
 * Returns its closer, which also carries `send(message)` (false while the socket is down: the message is not kept).
 */
export function socket(path, onMessage, onOpen, frames = false) {
  const each = (/** @type {string} */ data, /** @type {number} */ at) => onMessage(JSON.parse(data), at);
  const receive = frames
    ? perFrame((batch) => {
        for (const m of batch) each(m.data, m.at);
      })
    : each;
  let delay = 250;
  let ws = null;
  let closed = false;
  const open = () => {
    const t = token();
    const q = t ? `?token=${encodeURIComponent(t)}` : "";
    ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}${q}`);
    ws.onmessage = (m) => receive(m.data, m.timeStamp);
    ws.onopen = () => {
      delay = 250;
      onOpen(true);
    };
    ws.onclose = () => {
      onOpen(false);
      if (closed) return;
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 5000);
    };
  };
  open();
  const close = () => {
    closed = true;
    ws?.close();
  };
  close.send = (message) => {
    if (ws?.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(message));
    return true;
  };
  return close;
}

/**
 * The table state pushed by the host: `{state, online, prefs}` (`prefs`: the display's scale and speech, on the same
 * socket); `onEvent` sees each event once (undo, focus…). Marks `body.offline` while the connection is down. States
 * that come faster than the page draws are drawn the newest only (lib/per-frame.js); events and preferences all come.
 */
export function useTable(onEvent = (/** @type {unknown} */ _event) => {}) {
  const [state, setState] = useState(/** @type {TableView | null} */ (null));
  const [prefs, setPrefs] = useState(/** @type {TableView["display"] | null} */ (null));
  const [online, setOnline] = useState(false);
  const eventRef = useRef(onEvent);
  eventRef.current = onEvent;
  useEffect(
    () =>
      socket(
        "/api/live",
        (msg, at) => {
          // unchanged parts keep their identity, so memoised components (ship cards) skip them
          if (msg.type === "state") {
            stage("received", at, msg.state.version);
            setState((prev) => shareEqual(prev, msg.state));
            stage("handled");
          } else if (msg.type === "display") setPrefs(msg.display);
          else if (msg.type === "event") eventRef.current(msg.event);
        },
        (up) => {
          setOnline(up);
          document.body.classList.toggle("offline", !up);
        },
        true,
      ),
    [],
  );
  return { state, online, prefs };
}
