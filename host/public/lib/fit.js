// The display's fit: nothing a player reads is clipped, and nothing scrolls. The layout gives each panel the room its
// content asks for (CSS does most of it: panels that grow and shrink, lists in columns, dice that wrap); when a panel
// still overflows — a small screen, a large text scale, a twelve-dice result, an eighteen-entry choice — the fit
// compacts the display step by step, least needed first, until every panel holds its content: the fleet strip
// compacts, then the ship log, the odds chart, the details of the action, the aside, the map. What the table needs
// most (the instruction, the dice still needed and those in, the odds headline, the last result with its dice) goes
// last. Each step is a class on the display's root (`fit-<name>`), so style.css says what it does.
import { useLayoutEffect } from "preact/hooks";

/** The panels the fit watches, by the selector of each. */
const REGIONS = {
  top: ".topbar",
  notices: "#notices",
  action: "#action",
  result: "#result",
  aside: "#wind-ship",
  fleet: "#fleet",
};
const MAIN = ["action", "result", "aside"];
const ALL = ["top", "notices", ...MAIN, "fleet"];
// what frees room for the panels that matter most
const ABOVE = ["action", "result", "top", "notices"];

/**
 * The steps, least needed first; a step is taken only while one of the regions it helps overflows. `map` marks the
 * steps that only help while the map takes a column; `phone` those a phone's display (one column that scrolls) takes.
 */
export const STEPS = [
  { name: "fleet-compact", helps: [...ABOVE, "fleet"] },
  { name: "log-short", helps: ["aside"] },
  { name: "odds-sparse", helps: ["action"], phone: true },
  { name: "odds-short", helps: ["action"] },
  { name: "map-narrow", helps: ["action", "result"], map: true },
  { name: "top-short", helps: [...ABOVE, "aside", "fleet"] },
  { name: "dial-small", helps: ["aside"] },
  { name: "action-extras", helps: ["action"] },
  { name: "dice-small", helps: ["result", "action"] },
  { name: "fleet-names", helps: [...ABOVE, "aside", "fleet"] },
  { name: "no-odds-chart", helps: ["action"], phone: true },
  { name: "no-map", helps: MAIN, map: true },
  { name: "no-aside", helps: MAIN },
  { name: "result-short", helps: ["result"] },
  { name: "no-fleet", helps: [...ABOVE, "aside"] },
  { name: "dice-bare", helps: ["result", "action"] },
  { name: "action-min", helps: ["action"] },
  { name: "gathered-count", helps: ["action"] },
  { name: "action-tight", helps: ["action"] },
  { name: "notices-short", helps: ALL },
];

/** An element whose content is wider or taller than its box (1 px of rounding allowed). */
export function overflows(el) {
  return el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
}

/**
 * The boxes that hold text and overflow, inside `root` (itself included): what no panel may have. Inline boxes have
 * no size of their own, the map's SVG is laid out by the map, and screen-reader text is clipped on purpose.
 */
export function overflowingText(root) {
  if (!root || root.offsetParent === null) return [];
  const out = [];
  for (const el of [root, ...root.querySelectorAll("*")]) {
    if (el.clientWidth === 0 && el.clientHeight === 0) continue;
    if (el.closest("svg, .sr-only") || (el.textContent ?? "").trim() === "") continue;
    if (overflows(el)) out.push(el);
  }
  return out;
}

const overflowing = (root, region) => overflowingText(root.querySelector(REGIONS[region])).length > 0;

/**
 * Fits the display in the viewport: clears the steps, takes them one by one while a region they help overflows,
 * then undoes each step taken, the most needed first, that the display fits without. Runs before the browser
 * paints, so no frame shows the overflow. Returns the steps kept.
 */
export function fitDisplay(root) {
  root.classList.remove(...STEPS.map((s) => `fit-${s.name}`));
  const withMap = root.querySelector("#map") !== null;
  const phone = !window.matchMedia("(min-width: 701px)").matches;
  const taken = [];
  const why = [];
  for (const step of STEPS) {
    if ((step.map && !withMap) || (phone && !step.phone)) continue;
    const bad = step.helps.filter((r) => overflowing(root, r));
    if (bad.length === 0) continue;
    why.push(`${step.name}:${bad.join("+")}`);
    root.classList.add(`fit-${step.name}`);
    taken.push(step.name);
  }
  const fits = () => !Object.keys(REGIONS).some((r) => overflowing(root, r));
  if (fits()) {
    for (const name of [...taken].reverse()) {
      root.classList.remove(`fit-${name}`);
      if (!fits()) root.classList.add(`fit-${name}`);
    }
  }
  const kept = taken.filter((name) => root.classList.contains(`fit-${name}`));
  root.dataset.fit = kept.join(" ");
  // which regions overflowed when each step was taken: for whoever asks why a panel is compact
  root.dataset.fitWhy = why.join(" ");
  return kept;
}

/** Fits `#app`-like root on every change of `key` (the state's version, the scale) and when the window's size changes. */
export function useFit(rootSelector, key) {
  useLayoutEffect(() => {
    const root = document.querySelector(rootSelector);
    if (root) fitDisplay(root);
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
