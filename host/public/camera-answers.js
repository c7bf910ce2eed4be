// The /camera page's side of its worker's protocol (declared once, in devices/camera/worker-protocol.ts): what the page
// sends is typed by `tell`, and what the worker answers is read by `readAnswer` before the page uses it. A malformed
// answer becomes an `error` answer saying so — the page shows it and stays up — never a crash on a missing field.

/** @typedef {import("../../devices/camera/worker-protocol.ts").ToWorker} ToWorker */
/** @typedef {import("../../devices/camera/worker-protocol.ts").FromWorker} FromWorker */
/** @typedef {import("../../devices/camera/worker-protocol.ts").FrameAnswer} FrameAnswer */

/** Sends the worker a message of the protocol (the compiler checks it), transferring `transfer`. */
export function tell(
  /** @type {{ postMessage(m: unknown, transfer?: Transferable[]): void }} */ worker,
  /** @type {ToWorker} */ message,
  transfer = /** @type {Transferable[]} */ ([]),
) {
  worker.postMessage(message, transfer);
}

const isObject = (/** @type {unknown} */ v) => typeof v === "object" && v !== null && !Array.isArray(v);
const isNumber = (/** @type {unknown} */ v) => typeof v === "number" && !Number.isNaN(v);
const isPoint = (/** @type {any} */ p) => isObject(p) && isNumber(p.x) && isNumber(p.y);
const isMarker = (/** @type {any} */ m) =>
  isObject(m) && Number.isInteger(m.id) && Array.isArray(m.corners) && m.corners.length === 4 && m.corners.every(isPoint);
const isSighting = (/** @type {any} */ s) =>
  isObject(s) && Number.isInteger(s.id) && ["x", "y", "heading", "uncertainty"].every((k) => isNumber(s[k]));
const isPlaced = (/** @type {any} */ m) => isObject(m) && Number.isInteger(m.id) && ["x", "y", "heading"].every((k) => isNumber(m[k]));

/** Why a frame answer's measurement cannot be drawn, or "" when it can. */
function measurementProblem(/** @type {any} */ m) {
  if (!isObject(m) || typeof m.ok !== "boolean") return "its measurement has no ok";
  if (!m.ok) return typeof m.message === "string" ? "" : "its failed measurement has no message";
  if (!Array.isArray(m.markers) || !m.markers.every(isPlaced)) return "its measurement's markers are not placed ships";
  if (!Array.isArray(m.refused) || !isObject(m.fit) || !isNumber(m.fit.rms)) return "its measurement has no fit or refusals";
  return "";
}

/** Why a frame answer is malformed, or "" when the page can use it. */
function frameProblem(/** @type {any} */ m) {
  for (const k of ["width", "height", "at", "greyMs", "detectMs", "secondMs", "furtherMs", "totalMs"]) {
    if (!isNumber(m[k])) return `its ${k} is not a number`;
  }
  if (!Array.isArray(m.detected) || !m.detected.every(isMarker)) return "its detected markers are not markers with four corners";
  if (!Array.isArray(m.settled) || !m.settled.every(isSighting)) return "its settled ships are not sightings";
  return measurementProblem(m.measurement);
}

/**
 * The worker's answer as the protocol declares it, or an `error` answer saying what was wrong with it.
 * @param {unknown} data
 * @returns {FromWorker}
 */
export function readAnswer(data) {
  const m = /** @type {any} */ (data);
  const wrong = (/** @type {string} */ why) =>
    /** @type {FromWorker} */ ({ type: "error", message: `the detector sent an answer the page cannot read: ${why}` });
  if (!isObject(m)) return wrong("it is not an object");
  if (m.type === "ready") return isNumber(m.loadMs) ? { type: "ready", loadMs: m.loadMs } : wrong("its loadMs is not a number");
  if (m.type === "error")
    return typeof m.message === "string" ? { type: "error", message: m.message.slice(0, 500) } : wrong("its message is not words");
  if (m.type !== "frame") return wrong(`no answer has the type ${JSON.stringify(String(m.type)).slice(0, 40)}`);
  const problem = frameProblem(m);
  return problem ? wrong(problem) : /** @type {FrameAnswer} */ (m);
}
