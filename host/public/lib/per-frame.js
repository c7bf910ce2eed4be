// The live socket's states handed to the page at most once per frame. A state is the whole table, so of the states
// that came in while the page was busy (drawing the last one, under load, in a flood of readings) only the newest is
// read and drawn: a state never waits behind a stale one. Every other message (an event, the display's preferences)
// is handed on, in the order it came.

/** Whether a message, as the host writes it (host/server/routes/live.ts: `{"type":"state","state":…}`), is a whole state. */
export const isState = (data) => data.startsWith('{"type":"state"');

/**
 * The messages to hand on, in order, of those that came in together: all but the states a later state replaces.
 * @template {{ data: string }} M
 * @param {M[]} held
 * @returns {M[]}
 */
export function latestOnly(held) {
  const last = held.findLastIndex((m) => isState(m.data));
  return held.filter((m, i) => i >= last || !isState(m.data));
}

/** True while the messages of an animation frame are handed on (a page that marks its painted frame marks this one). */
let inFrame = false;
/** Whether what is drawn now is drawn inside an animation frame (by a batch `perFrame` handed on in it). */
export const drawnInFrame = () => inFrame;

/** The longest a message is held when no frame comes (a page in a background tab draws no frames). */
const HOLD_MS = 250;

/**
 * A gate for messages: a state goes to `take` at once when no state has gone since the last frame; else it is held
 * until the next frame, with whatever comes after it, and they go then together, a state followed by a later one left
 * out (`latestOnly`). Events and preferences with nothing held go at once.
 * @param {(batch: { data: string, at: number }[]) => void} take
 * @returns {(data: string, at: number) => void}
 */
export function perFrame(take) {
  /** @type {{ data: string, at: number }[]} */
  let held = [];
  let frame = 0;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const wait = () => {
    frame = requestAnimationFrame(() => flush(true));
    timer = setTimeout(() => flush(false), HOLD_MS);
  };
  const flush = (/** @type {boolean} */ inAFrame) => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    frame = 0;
    if (held.length === 0) return;
    const batch = latestOnly(held);
    held = [];
    inFrame = inAFrame;
    take(batch);
    // after what the batch set in motion (Preact draws in a microtask queued by the batch's setState)
    queueMicrotask(() => {
      inFrame = false;
    });
    wait();
  };
  return (data, at) => {
    // a state after one already drawn since the last frame waits for the next; anything after it waits too (in order)
    if (held.length > 0 || (frame !== 0 && isState(data))) {
      held.push({ data, at });
      return;
    }
    take([{ data, at }]);
    if (frame === 0 && isState(data)) wait();
  };
}
