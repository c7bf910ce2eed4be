// The display's notices strip, above the panels.
import { useEffect } from "preact/hooks";
import { html } from "../lib/html.js";

/** How long a notice that concerns no device still in trouble stays on the display. */
const NOTICE_MS = 15000;

/**
 * The notices, stacked in their own strip above the panels (never over the fleet or the instruction): each device
 * still out keeps its line — its drop-out sentence, with what to do meanwhile — until it is back; other notices
 * (a die not needed, a tag on no ship, a device back) stay 15 s each, newest first; and what the last undo undid
 * (in the state, so a page opened later says it too).
 */
export function Notices({ state, onExpire }) {
  const now = Date.now();
  const out = state.devices.filter((d) => !d.connected).map((d) => d.id);
  const troubles = out.flatMap((id) => {
    const said = state.notices.findLast((n) => n.device === id);
    return said && !said.text.endsWith("is back.") ? [{ key: `d-${id}`, level: "warn", text: said.text, device: id }] : [];
  });
  const fresh = state.notices
    .filter((n) => now - n.at < NOTICE_MS && !(n.device && out.includes(n.device)))
    .map((n, i) => ({ key: `n-${n.at}-${i}`, level: n.level, text: n.text, at: n.at }))
    .reverse()
    .slice(0, 3);
  const u = state.lastUndo;
  const undone =
    u && now - u.at < NOTICE_MS ? [{ key: "undo", level: "info", text: `Undone: #${u.number ?? u.seq} ${u.description}`, at: u.at }] : [];
  const lines = [...troubles, ...undone, ...fresh];
  // a line's 15 s run out: draw again then (the fit makes room for the panels again)
  useEffect(() => {
    const next = Math.min(...[...undone, ...fresh].map((n) => n.at + NOTICE_MS - now));
    if (!Number.isFinite(next)) return undefined;
    const t = setTimeout(onExpire, Math.max(50, next + 20));
    return () => clearTimeout(t);
  });
  return html`<ul id="notices" class=${`notices${lines.length ? " on" : ""}`} role="status" aria-label="notices">
    ${lines.map(
      (
        l,
      ) => html`<li key=${l.key} class=${`notice${l.level === "warn" ? " warn" : ""}${l.device ? " device" : ""}`} data-device=${l.device ?? ""}>
        ${l.text}
      </li>`,
    )}
  </ul>`;
}
