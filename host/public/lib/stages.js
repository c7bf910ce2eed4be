// When each stage of the last update ran on this page, on the page's clock (`performance.now()`): the state received
// on the live socket, handled (parsed, shared with the last one, handed to Preact), the display's render begun, its
// fit begun and done, its frame begun, and that frame painted. The latency bench (bench/page-stages.ts) reads
// `window.__qdStages` after each update, to say where the time between a state received and its frame went.
// Overwritten by each update: nothing grows.

/** @type {Record<string, number>} */
const stages = {};
/** @type {any} */ (window).__qdStages = stages;

/**
 * Notes that `name` ran at `at` (now by default), the first time it runs in an update; `received` starts one (the
 * last one's cleared), for the state of `version`.
 */
export function stage(name, at = performance.now(), version = undefined) {
  if (name === "received") {
    for (const k of Object.keys(stages)) delete stages[k];
    if (version !== undefined) stages.version = version;
  }
  stages[name] ??= at;
}

/** Notes `painted` once the frame that has just begun is painted (the first task after it). */
export function stagePainted() {
  const ch = new MessageChannel();
  ch.port1.onmessage = () => stage("painted");
  ch.port2.postMessage(0);
}
