// Shared by the pages: the live connection to the host, API calls (with the table's token when this page
// is not on the table's own machine), and small DOM helpers. Plain ES modules, no build step.

/** Creates an element: h("div", {class: "x", "data-id": 3}, child, "text"). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElementNS(
    ["svg", "circle", "line", "path", "text", "g", "polygon", "rect"].includes(tag)
      ? "http://www.w3.org/2000/svg"
      : "http://www.w3.org/1999/xhtml",
    tag,
  );
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return el;
}

const TOKEN_KEY = "quarterdeck.token";
const local = ["127.0.0.1", "localhost", "[::1]"].includes(location.hostname);

/** Replaces an element's children, skipping null/undefined/false. */
export function fill(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

/** Calls the API; resolves with the JSON reply (errors included: `{ok:false, error}`). */
export async function api(method, url, body) {
  const headers = { "content-type": "application/json" };
  const token = localStorage.getItem(TOKEN_KEY);
  if (!local && token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? (method === "GET" ? undefined : "{}") : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({ ok: false, error: { code: "http", message: res.statusText, path: url } }));
  if (res.status === 401) {
    const given = prompt("This table needs its token (printed when the host started):");
    if (given) {
      localStorage.setItem(TOKEN_KEY, given.trim());
      return api(method, url, body);
    }
  }
  return json;
}

/** The page's element with this id. */
export const $ = (id) => document.getElementById(id);

/** Calls the API (see `api`) and shows its error in the page's `#error` line, or clears the line on success. */
export async function send(method, url, body) {
  const r = await api(method, url, body);
  $("error").textContent = r.ok === false ? r.error.message : "";
  return r;
}

/** Connects to /api/live and calls onState(state) on every change, onEvent(event) for each event; reconnects. */
export function connectLive(onState, onEvent = () => {}) {
  let delay = 250;
  const open = () => {
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/live`);
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type === "state") onState(msg.state);
      else if (msg.type === "event") onEvent(msg.event);
    };
    ws.onopen = () => {
      delay = 250;
      document.body.classList.remove("offline");
    };
    ws.onclose = () => {
      document.body.classList.add("offline");
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 5000);
    };
  };
  open();
}

/** A camelCase key as words for players: "levelsLost" → "levels lost", "pDestroyed" → "destroyed". */
export const words = (key) =>
  key
    .replace(/^p(?=[A-Z])/, "")
    .replace(/([A-Z])/g, " $1")
    .toLowerCase()
    .trim();

/**
 * An outcome as facts a player reads, from the rule set's outcome fields alone: numbers ("hits 6"), yes-fields
 * that hold ("first broadside"; a "no" is left out), short words that are not ship ids, and a before/after pair
 * as a change ("condition fresh → worn"). Ship ids are in the heading; the sentence is the rule set's own.
 */
export function outcomeFacts(outcome, isShip = () => false) {
  const facts = [];
  const shown = new Set();
  for (const [k, v] of Object.entries(outcome)) {
    if (shown.has(k)) continue;
    const pair = /^(.*)Before$/.exec(k);
    if (pair && typeof v === "string" && typeof outcome[`${pair[1]}After`] === "string") {
      const after = outcome[`${pair[1]}After`];
      shown.add(`${pair[1]}After`);
      facts.push({ label: words(pair[1]), value: after === v ? v : `${v} → ${after}` });
    } else if (typeof v === "boolean") {
      if (v) facts.push({ label: words(k), value: "" });
    } else if (typeof v === "number") {
      facts.push({ label: words(k), value: String(v) });
    } else if (typeof v === "string" && v.length <= 24 && !isShip(v)) {
      facts.push({ label: words(k), value: v });
    } else if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "number")) {
      facts.push({ label: words(k), value: v.join(" ") });
    }
  }
  return facts;
}

/** A probability as a percentage for players: 0.1234 → "12.3%". */
export const pct = (p) => `${p < 0.001 && p > 0 ? "<0.1" : (p * 100).toFixed(p < 0.1 ? 1 : 0)}%`;

/** A name for a ship id from the state. */
export const shipName = (state, id) => state.ships.find((s) => s.id === id)?.name ?? id;
