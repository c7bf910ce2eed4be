// The night's log at the table (issue 26 item 6): every result of the game, a page at a time and newest first, each
// with its number, what happened and its dice under whose they were (the side, colour or role, and the die that
// rolled them). The display shows it over its panels while it is open (the display's `log` preference: the page
// shown, or null): from the table, the pad's Log button opens it on the newest results and each press goes a page
// older, closing it after the oldest; /control and a touch display page it with Older and Newer. A page is fetched
// from `GET /api/log`.
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { html } from "../lib/html.js";
import { api } from "../lib/live.js";
import { DiceRow } from "./dice.js";

const clock = (at) => new Date(at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

/** A page of the log (`null` while it loads), fetched again when the page or the table changes. */
export function useLogPage(page, version) {
  const [log, setLog] = useState(/** @type {any} */ (null));
  useEffect(() => {
    if (page === null || page === undefined) return;
    let live = true;
    // the server's page size (`LOG_PAGE_SIZE`), so a page is the same results on the display, /control and the pad
    api("GET", `/api/log?page=${page}`).then((r) => live && r.ok !== false && setLog(r));
    return () => {
      live = false;
    };
  }, [page, version]);
  return page === null || page === undefined ? null : log;
}

/** Which results a page holds, in words: "Results 4 to 6 of 23 · page 2 of 8". */
export function pageWords(log) {
  if (!log || log.total === 0) return "No result yet.";
  const newest = log.total - log.page * log.size;
  const oldest = Math.max(1, newest - log.size + 1);
  const which = newest === oldest ? `Result ${newest}` : `Results ${oldest} to ${newest}`;
  return `${which} of ${log.total} · page ${log.page + 1} of ${log.pages}`;
}

/** The entries of one page. */
export function LogEntries({ log }) {
  if (!log) return html`<p class="muted">Reading the log…</p>`;
  if (log.entries.length === 0) return html`<p class="muted">No result yet: the log fills as the game is played.</p>`;
  return html`<ol class="log-entries">
    ${log.entries.map(
      (r) => html`<li class="log-entry" key=${r.seq} data-number=${r.number}>
        <p class="log-line"><b>#${r.number}</b> <span class="muted">${clock(r.at)}</span> ${r.description}</p>
        ${r.dice.length > 0 ? html`<${DiceRow} dice=${r.dice} />` : html`<p class="muted">No dice.</p>`}
      </li>`,
    )}
  </ol>`;
}

/**
 * Older, Newer and Close for a page of the log; `go(page | null)` asks the table for it. Two quick presses go two
 * pages: each goes on from the page last asked for, not from the page shown, which arrives a push and a fetch later.
 */
export function LogButtons({ log, page, go }) {
  const asked = useRef(/** @type {number | null} */ (null));
  if (asked.current === page) asked.current = null;
  const last = log ? log.pages - 1 : page;
  const step = (by) => {
    const next = Math.min(Math.max((asked.current ?? page) + by, 0), last);
    asked.current = next;
    go(next);
  };
  return html`<div class="buttons log-buttons">
    <button type="button" class="secondary" disabled=${page >= last} onClick=${() => step(1)}>Older</button>
    <button type="button" class="secondary" disabled=${page <= 0} onClick=${() => step(-1)}>Newer</button>
    <button type="button" onClick=${() => go(null)}>Close the log</button>
  </div>`;
}

/** Whether a connected button box has a Log button (a pad's health lists its buttons' commands). */
export const padHasLog = (devices) => (devices ?? []).some((d) => d.kind === "pad" && d.connected && d.commands?.includes("log"));

/** What the box's Log button does next, for the overlay: "Log button: older results" / "… closes the log". */
const padWords = (log) =>
  log && log.page + 1 >= log.pages ? "The box's Log button closes the log." : "The box's Log button: older results.";

/** The display's overlay: over the panels while the log is open, never over the header. */
export function NightLog({ page, version, devices }) {
  const log = useLogPage(page, version);
  const open = page !== null && page !== undefined;
  // the overlay starts under the header, whatever height the layout gives the header at this size and scale
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const bottom = document.querySelector(".topbar")?.getBoundingClientRect().bottom ?? 0;
      document.documentElement.style.setProperty("--log-top", `${Math.round(bottom + 6)}px`);
    };
    place();
    addEventListener("resize", place);
    return () => removeEventListener("resize", place);
  }, [open, version]);
  if (!open) return null;
  const go = (p) => api("POST", "/api/display", { log: p });
  return html`<section id="night-log" class="night-log" role="dialog" aria-modal="false" aria-labelledby="night-log-h">
    <div class="night-log-head">
      <h2 id="night-log-h" class="kicker">The night's log</h2>
      <p class="log-page" id="log-page">${pageWords(log)}</p>
      ${padHasLog(devices) ? html`<p class="log-pad muted" id="log-pad">${padWords(log)}</p>` : null}
      <${LogButtons} log=${log} page=${log?.page ?? page} go=${go} />
    </div>
    <${LogEntries} log=${log} />
  </section>`;
}

/** /control's panel: opens the log on the display, pages it, and shows the same page on the phone. */
export function LogControl({ prefs, version }) {
  const page = prefs?.log ?? null;
  const log = useLogPage(page, version);
  const go = (p) => api("POST", "/api/display", { log: p });
  return html`<section id="log-control" class="panel" aria-labelledby="log-control-h">
    <h2 id="log-control-h">The night's log</h2>
    ${
      page === null
        ? html`<p class="muted">Every result of the game with its dice, a page at a time, on the display.</p>
          <button type="button" id="log-open" onClick=${() => go(0)}>Show the log on the display</button>`
        : html`<p class="log-page">${pageWords(log)}</p>
          <${LogButtons} log=${log} page=${log?.page ?? page} go=${go} />
          <${LogEntries} log=${log} />`
    }
  </section>`;
}

/** The display header's button that opens (or closes) the log, for a display people can touch. */
export function LogToggle({ page }) {
  const open = page !== null && page !== undefined;
  return html`<button type="button" class="screen-button log-toggle" aria-pressed=${open ? "true" : "false"}
    onClick=${() => api("POST", "/api/display", { log: open ? null : 0 })}>Log</button>`;
}
