// The /camera page's link to the table: the live socket (WS /api/live), open from the moment the page loads whether or
// not a camera runs, so the page says truly whether it reaches the table. It keeps what the page shows of the table —
// what the table waits for (a ship's marker shown to the camera), what it last said, its answer to the last report,
// which game and ships it holds — and carries the camera's reports (camera-run.js) while it is up.

import { socket } from "./lib/live.js";

/** The link's state in the table's words: `connecting` (first try), `up`, `down` (lost; trying again). */
export function linkWords(state) {
  if (state === "up") return "connected";
  if (state === "connecting") return "connecting…";
  return "not connected — is the host running? Trying again.";
}

/**
 * The page's one link to the table. `onUpdate(snap)` after every change: `state` (`connecting`, `up`, `down`),
 * `assigning` (what the table waits for), `notice` (what it last said), `lastReport` (its answer to the camera's
 * last report), `roster` (the game and its ships, as a key: when it changes, which marker is which ship may have).
 */
export class TableLink {
  constructor(onUpdate = (_snap) => {}) {
    /** @type {{ state: string, assigning: any, notice: { at?: number } & Record<string, any> | null, lastReport: any, roster: string }} */
    this.snap = { state: "connecting", assigning: null, notice: null, lastReport: null, roster: "" };
    this.listeners = new Set([onUpdate]);
    this.close = socket(
      "/api/live",
      (msg) => this.#heard(msg),
      (up) => this.#set({ state: up ? "up" : "down" }),
    );
  }

  /** Calls `listener(snap)` after every change, until the returned function is called. */
  subscribe(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sends a message; false while the link is down (the message is not kept: the caller keeps it). */
  send(message) {
    return this.close.send(message);
  }

  #set(patch) {
    this.snap = { ...this.snap, ...patch };
    for (const l of this.listeners) l(this.snap);
  }

  #heard(msg) {
    if (msg.type === "state") {
      const assigning = msg.state.assigning ?? null;
      const notice = msg.state.notices.at(-1) ?? null;
      const roster = `${msg.state.game ?? ""} ${(msg.state.ships ?? []).map((s) => s.id).join(",")}`;
      if (
        JSON.stringify(assigning) !== JSON.stringify(this.snap.assigning) ||
        notice?.at !== this.snap.notice?.at ||
        roster !== this.snap.roster
      )
        this.#set({ assigning, notice, roster });
    } else if (msg.type === "camera.reported") this.#set({ lastReport: { at: Date.now(), reported: msg.reported, unknown: msg.unknown } });
    else if (msg.type === "error") this.#set({ lastReport: { at: Date.now(), error: msg.error.message } });
  }
}
