// The display's fit: nothing a player reads is clipped, and nothing scrolls. The layout gives each panel the room its
// content asks for (CSS does most of it: panels that grow and shrink, lists in columns, dice that wrap); when a panel
// still overflows — a small screen, a large text scale, a fifteen-dice result, a fifteen-entry choice — the fit
// compacts the display step by step, least needed first, until every panel holds its content: the fleet strip
// compacts, then the ship log, the odds chart, the type of the instruction and the result (never under 1rem), a long
// choice's, the panels' padding, the details of the action, the map, the aside (the action then stands over the
// result), the headings' capitals, the older notices; while a choice is asked, last, the result. What the table needs
// most (the instruction, the dice still needed and those in, the odds headline, the last result with its dice) goes
// last. Each step is a class on the display's root (`fit-<name>`), so style.css says what it does.
//
// The steps that shape the display's frame last — the fleet strip's forms and the map's narrower column: an update adds
// them when it needs them but never takes them off. A result after a broadside set up would otherwise unfold the strip's
// cards and widen the map, and lay out the whole display again (the panels change height and width, the map is drawn
// again at its new size) in the frame that should show the result. Once the table has been quiet for SETTLE_MS, the
// display is fitted again without them (`settleLater`): the strip unfolds then. The notices strip keeps its height
// the same way when its lines go (lib/fit-strip.js).
import { useLayoutEffect } from "preact/hooks";
import { measure, REGIONS } from "./fit-measure.js";
import { holdStrip, noteStrip, releaseStrip } from "./fit-strip.js";
import { stage } from "./stages.js";

const MAIN = ["action", "result", "aside"];
const ALL = ["top", "notices", ...MAIN, "fleet"];
// what frees room for the panels that matter most
const ABOVE = ["action", "result", "top", "notices"];

/**
 * The steps, least needed first; a step is taken only while one of the regions it helps overflows. `map` marks the
 * steps that only help while the map takes a column; `phone` those a phone's display (one column that scrolls) takes.
 */
export const STEPS = [
  { name: "fleet-compact", helps: [...ABOVE, "fleet"], lasting: true },
  { name: "log-short", helps: ["aside"] },
  { name: "odds-sparse", helps: ["action"], phone: true },
  { name: "odds-short", helps: ["action"] },
  // smaller type (never under 1rem) before a panel narrows or goes
  { name: "text-tight", helps: ["action", "result"], phone: true },
  // a long choice (eighteen critical entries, fifteen ships and ranges) in plain 1rem type, more to a row
  { name: "choice-tight", helps: ["action"] },
  // the panels' padding and gaps, which grow with the type: at 200 % on a small screen they are a line of text each
  { name: "pad-tight", helps: [...ABOVE, "aside", "fleet", "mid"] },
  { name: "map-narrow", helps: ["action", "result"], map: true, lasting: true },
  { name: "top-short", helps: [...ABOVE, "aside", "fleet", "mid"] },
  { name: "dial-small", helps: ["aside"] },
  { name: "action-extras", helps: ["action"] },
  { name: "dice-small", helps: ["result", "action"] },
  { name: "fleet-names", helps: [...ABOVE, "aside", "fleet", "mid"], lasting: true },
  { name: "no-odds-chart", helps: ["action"], phone: true },
  { name: "no-map", helps: [...MAIN, "mid"], map: true },
  { name: "no-aside", helps: [...MAIN, "mid"] },
  // with the map and the aside gone: the action over the result, each the whole width (the action as tall as it needs)
  { name: "stack", helps: MAIN },
  { name: "result-short", helps: ["result"] },
  { name: "no-fleet", helps: [...ABOVE, "aside", "mid"], lasting: true },
  { name: "dice-bare", helps: ["result", "action"] },
  { name: "action-min", helps: ["action"] },
  { name: "gathered-count", helps: ["action"] },
  { name: "action-tight", helps: ["action"] },
  { name: "top-min", helps: [...ABOVE, "mid"] },
  { name: "notices-short", helps: [...ALL, "mid"] },
  // the last resort at the largest type on the smallest screen: the sentences in plain 1rem type
  { name: "text-min", helps: ["action", "result"] },
  // and the last of all: the panels' headings in plain type (not spaced capitals, a line shorter), the notices and the
  // gaps between the rows tighter
  { name: "plain", helps: [...ALL, "mid"] },
  // a device still out keeps its line; of the other notices only the newest stays
  { name: "notices-min", helps: [...ALL, "mid"] },
  // while the rules ask a choice (and only then), the last result's dice go: its sentence says what happened
  { name: "result-sentence", helps: ["action"] },
  // and then the result itself: the rules' question says what happened ("Redoutable blew up: which ships …")
  { name: "result-off", helps: ["action"] },
];

/** The regions the fit being made has walked (lib/fit-measure.js reads again only what changed), and its measures. */
const walkedInFit = new Set();
let measuresInFit = 0;

/** The display's misfit now (one layout), noting the regions walked to tell it. */
function measured(root) {
  const m = measure(root);
  measuresInFit++;
  for (const name of m.walked) walkedInFit.add(name);
  return m;
}

/** What the last fit was made for: the window's size and the text scale; another one fits from scratch. */
const sizeKey = () => `${window.innerWidth}x${window.innerHeight}|${document.documentElement.style.getPropertyValue("--scale")}`;

/** How much each region holds: its text's length and its boxes' count (no layout read). */
function amounts(root) {
  /** @type {Record<string, number>} */
  const out = {};
  for (const [region, sel] of Object.entries(REGIONS)) {
    const el = root.querySelector(sel);
    out[region] = el ? (el.textContent ?? "").length + 10 * el.getElementsByTagName("*").length : 0;
  }
  return out;
}

/**
 * A fit's key: the screen (window, scale, a move under way), the lasting steps it started with and whether the notices
 * strip was held, the amounts held.
 */
const fitKey = ({ screen, stay, hold }, held) => `${screen}|${stay.join(" ")}${hold ? "|held" : ""}|${Object.values(held).join(",")}`;

/**
 * The fits made, by what they depend on (fitKey) — the screen, the lasting steps and how much each region holds — each
 * with the steps it kept (the newest 24); and, per root, the last fit's screen and amounts.
 */
const fits = new Map();
const lastFit = new WeakMap();
const FITS_KEPT = 24;

/**
 * Undoes each step in `taken` (the most needed first) that the display does no worse without; returns the misfit
 * left. A step undone stays undone.
 */
function undoNeedless(root, taken, now) {
  let left = now;
  for (const name of [...taken].reverse()) {
    root.classList.remove(`fit-${name}`);
    const without = measured(root).px;
    if (without > left) root.classList.add(`fit-${name}`);
    else left = without;
  }
  return left;
}

/**
 * The steps in the order they are taken. In a movement phase (a move under way or a reach drawn: issue 43) the map
 * is what the move's words point at ("within the shaded area on the map"), so the aside (the dial, the ship's card)
 * goes before it does.
 */
function stepsFor(moving) {
  if (!moving) return STEPS;
  const aside = STEPS.filter((s) => s.name === "no-aside");
  return STEPS.flatMap((s) => (s.name === "no-map" ? [...aside, s] : s.name === "no-aside" ? [] : [s]));
}
const isMoving = (root) => root.querySelector("#move-line, #map-reach") !== null;

const keptOn = (root) => STEPS.map((s) => s.name).filter((name) => root.classList.contains(`fit-${name}`));
const LASTING = new Set(STEPS.filter((s) => s.lasting).map((s) => s.name));

/** How long the table stays quiet (no update, no resize) before the lasting steps an update kept are tried off. */
export const SETTLE_MS = 1000;
const settles = new WeakMap();

/**
 * After an update that kept lasting steps it may no longer need (`due`): fits again once nothing has changed for
 * SETTLE_MS; `#app[data-fit-settle="due"]` says one is waiting (a screenshot of the settled display waits for it to go).
 * Every fit calls this, so the wait starts again at each update.
 */
function settleLater(root, due) {
  clearTimeout(settles.get(root));
  settles.delete(root);
  if (!due) {
    if (root.dataset.fitSettle !== undefined) delete root.dataset.fitSettle;
    return;
  }
  if (root.dataset.fitSettle !== "due") root.dataset.fitSettle = "due";
  settles.set(
    root,
    setTimeout(() => {
      settles.delete(root);
      delete root.dataset.fitSettle;
      if (root.isConnected) fitDisplay(root, true);
    }, SETTLE_MS),
  );
}

/**
 * Notes the fit made: the steps on the root now, and the steps this content takes on this `screen` (the window and the
 * scale) starting from the lasting steps `stay`; when some were kept (they may be needless), a settle is due.
 */
function record(root, at, held, why, how) {
  const kept = keptOn(root);
  noteStrip(root);
  // each written only when it changes (a DOM write for nothing is a mutation and a style check for nothing)
  const set = (k, v) => {
    if (root.dataset[k] !== v) root.dataset[k] = v;
  };
  set("fit", kept.join(" "));
  // how this fit was made: "known" content, the "kept" steps, those "tried" undone, or from "scratch"
  set("fitHow", how);
  // which regions overflowed when each step was taken: for whoever asks why a panel is compact
  if (why !== null) set("fitWhy", why.join(" "));
  // which regions had to be read again: the others changed in nothing that could make them overflow
  set("fitWalked", [...walkedInFit].join(" "));
  // how many layouts it took (each class changed and checked is one)
  set("fitMeasures", String(measuresInFit));
  settleLater(root, at.stay.length > 0 || at.hold);
  const key = fitKey(at, held);
  fits.delete(key);
  fits.set(key, kept);
  if (fits.size > FITS_KEPT) fits.delete(fits.keys().next().value);
  lastFit.set(root, { screen: at.screen, held });
  return kept;
}

/**
 * Fits the display in the viewport: clears the steps, takes them one by one while a region they help overflows
 * (not one that leaves the display worse off), then undoes each step taken, the most needed first, that the display
 * does no worse without (when nothing fits, a step that did not help — the action over the result, with a tall
 * action — goes again). Runs before the browser paints, so no frame shows the overflow. Returns the steps kept.
 *
 * Each class changed costs a layout of the page, so a fit is kept by what it depends on: the window's size, the text
 * scale and how much each region holds (its text and boxes). Content seen before takes the steps it was given, checked
 * with one layout. Otherwise, on the same screen and scale, the steps the last fit kept stay when the display fits
 * with them; they are tried undone (a layout each) only when a region holds less than before, since only then can one
 * have become needless. A display that does not fit, a new size or a new scale is fitted from scratch.
 *
 * On an update (not `settling`), the lasting steps on now (the fleet strip's forms) stay on the same screen and scale
 * whatever the content takes; when one may be needless, the display is fitted again once the table is quiet.
 */
export function fitDisplay(root, settling = false) {
  walkedInFit.clear();
  measuresInFit = 0;
  const moving = isMoving(root);
  const screen = `${sizeKey()}${moving ? "|moving" : ""}`;
  const last = lastFit.get(root);
  const stay = settling || last?.screen !== screen ? [] : keptOn(root).filter((name) => LASTING.has(name));
  const held = amounts(root);
  // the notices strip held at its height when it holds less than at the last fit (released by a settle or a new screen)
  if (settling || last?.screen !== screen) releaseStrip(root);
  const hold = !settling && last?.screen === screen && holdStrip(root, (held.notices ?? 0) < (last.held.notices ?? 0));
  const at = { screen, stay, hold };
  const known = fits.get(fitKey(at, held));
  if (known) {
    // only the classes that differ change: a class removed and put back would restyle what it styles, for nothing
    for (const { name } of STEPS) root.classList.toggle(`fit-${name}`, known.includes(name));
    if (measured(root).px === 0) return record(root, at, held, null, "known");
  }
  if (!known && last?.screen === screen && measured(root).px === 0) {
    // a settle tries every step (the lasting ones too); an update, those that may be needless and do not last
    const shrank = settling || Object.keys(held).some((r) => (held[r] ?? 0) < (last.held[r] ?? 0));
    const tried = keptOn(root).filter((name) => !stay.includes(name));
    if (shrank) undoNeedless(root, tried, 0);
    return record(root, at, held, null, shrank ? "tried" : "kept");
  }
  root.classList.remove(...STEPS.map((s) => `fit-${s.name}`));
  for (const name of stay) root.classList.add(`fit-${name}`);
  // from scratch, the strip takes its own height (a held strip may be what does not fit)
  releaseStrip(root);
  at.hold = false;
  const withMap = root.querySelector("#map") !== null;
  const phone = !window.matchMedia("(min-width: 701px)").matches;
  const taken = [];
  const why = [];
  let now = measured(root);
  for (const step of stepsFor(moving)) {
    if (now.px === 0) break;
    if ((step.map && !withMap) || (phone && !step.phone) || stay.includes(step.name)) continue;
    const bad = step.helps.filter((r) => now.over.has(r));
    if (bad.length === 0) continue;
    root.classList.add(`fit-${step.name}`);
    const after = measured(root);
    // a step that leaves the display worse off is not taken (the action over the result when the action is tall)
    if (after.px > now.px) {
      root.classList.remove(`fit-${step.name}`);
      continue;
    }
    now = after;
    why.push(`${step.name}:${bad.join("+")}`);
    taken.push(step.name);
  }
  undoNeedless(root, taken, now.px);
  return record(root, at, held, why, "scratch");
}

/** Fits `#app`-like root on every change of `key` (the state's version, the scale) and when the window's size changes. */
export function useFit(rootSelector, key) {
  useLayoutEffect(() => {
    const root = document.querySelector(rootSelector);
    stage("fit");
    if (root) fitDisplay(root);
    stage("fitted");
  }, [key]);
  useLayoutEffect(() => {
    let frame = 0;
    const again = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const root = document.querySelector(rootSelector);
        if (root) fitDisplay(root);
      });
    };
    window.addEventListener("resize", again);
    return () => window.removeEventListener("resize", again);
  }, []);
}
