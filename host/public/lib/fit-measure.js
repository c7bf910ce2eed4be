// The fit's measure: which boxes that hold text overflow, in each panel the fit watches — read without walking what
// did not change. Reading a box's sizes is cheap once the page is laid out, but a display has some 560 boxes and the
// fit measures after every push: the walk cost more than the layout it followed. So a panel is walked again only when
// something in it changed (a MutationObserver says what the render wrote), when its own box changed size, or when the
// display's classes (the fit's steps), the window, the text scale or the theme changed; otherwise its last reading
// stands. Boxes with nothing in them (a ship's damage boxes) are not read at all: they hold no text.
import { stage } from "./stages.js";

/** The panels the fit watches, by the selector of each; a panel inside another (the aside in `mid`) comes first. */
export const REGIONS = {
  top: ".topbar",
  notices: "#notices",
  action: "#action",
  result: "#result",
  aside: "#wind-ship",
  fleet: "#fleet",
  // the map over the wind and the shown ship: the map keeps a least height, so their column can overflow too
  mid: ".mid-col",
};

/** An element whose content is wider or taller than its box (1 px of rounding allowed). */
export function overflows(el) {
  return el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
}

/** By how many pixels `el`'s content overflows its box. */
const overflowPx = (el) => Math.max(0, el.scrollHeight - el.clientHeight) + Math.max(0, el.scrollWidth - el.clientWidth);

/**
 * The boxes under `el` (itself included) that hold text and overflow, pushed to `out` as [box, px]. Inline boxes
 * have no size of their own, the map's SVG is laid out by the map, screen-reader text is clipped on purpose, and an
 * element with nothing in it holds no text: none of them is read. `done` gives the reading of a panel inside this one
 * already walked in this measure.
 */
function walk(el, out, done) {
  const inner = done.get(el);
  if (inner) {
    out.push(...inner);
    return;
  }
  if (el instanceof SVGElement || el.classList.contains("sr-only") || el.firstChild === null) return;
  if (overflows(el) && !(el.clientWidth === 0 && el.clientHeight === 0) && (el.textContent ?? "").trim() !== "")
    out.push([el, overflowPx(el)]);
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) walk(c, out, done);
}

/** The boxes that hold text and overflow inside `root` (itself included): what no panel may have. */
export function overflowingText(root) {
  if (!root || root.offsetParent === null) return [];
  const out = [];
  walk(root, out, new Map());
  return out.map(([el]) => el);
}

/**
 * What each display root's panels read last, and what has changed since: a MutationObserver on the root, whose
 * records are taken at each measure (no wait for its callback).
 */
const watched = new WeakMap();
/**
 * Readings kept per region, one for each of the last display classes it was read under: a fit tries steps on and off
 * (a layout each), and ends on classes it may have read under before the last try.
 */
const CONTEXTS_KEPT = 8;

function watcherOf(root) {
  let w = watched.get(root);
  if (!w) {
    // records of writes made outside a render the fit follows (the map drawn again at its new size, in the frame) are
    // handed to the callback, not left for takeRecords: kept until the next measure (past a bound, "everything")
    const pending = { targets: new Set(), all: false };
    const observer = new MutationObserver((records) => {
      for (const r of records) if (!(r.target === root && r.type === "attributes")) pending.targets.add(r.target);
      if (pending.targets.size > PENDING_KEPT) {
        pending.all = true;
        pending.targets.clear();
      }
    });
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    w = { observer, pending, last: new Map() };
    watched.set(root, w);
  }
  return w;
}

/** How many written nodes are kept between two measures before the next one reads every region. */
const PENDING_KEPT = 2000;

/** Screen-reader text (the announcer's live region): a fixed 1 px box, whatever it says, so it moves nothing. */
const offFlow = (node) => (node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement)?.closest(".sr-only") != null;

/** The regions something was written in since the last measure (`null`: something outside them, so all). */
function changedRegions(root, w, els) {
  const changed = new Set();
  const regionOf = new Map(els.filter(([, el]) => el !== null).map(([name, el]) => [el, name]));
  const { pending } = w;
  // the root's own attributes are the fit's steps (in the key below) and what it records (data-fit…)
  for (const r of w.observer.takeRecords()) if (!(r.target === root && r.type === "attributes")) pending.targets.add(r.target);
  const all = pending.all;
  const targets = [...pending.targets];
  pending.all = false;
  pending.targets.clear();
  if (all) return null;
  for (const target of targets) {
    // a node since taken out: taking it out was written too, in the node it was taken from
    if (!target.isConnected) continue;
    // up from what was written to the root, through every region it is in (the aside is in `mid` too)
    let inside = false;
    for (let n = target; n && n !== root; n = n.parentNode) {
      const name = regionOf.get(n);
      if (name === undefined) continue;
      changed.add(name);
      inside = true;
    }
    if (!inside && !offFlow(target)) return null;
  }
  return changed;
}

/**
 * How far the display is from fitting: the pixels by which its text boxes overflow, summed (0 when it fits), the
 * regions that overflow, and the regions walked. A region's reading under the display's classes and window now stands
 * while nothing in it changed and its box kept its size; every other region is walked again (one layout serves all:
 * sizes are only read, and nothing is written between two reads).
 */
export function measure(root) {
  // the layout every reading below shares (the first measure of an update: the style and layout of what it wrote)
  void root.offsetWidth;
  stage("laidout");
  const w = watcherOf(root);
  const els = Object.entries(REGIONS).map(([name, sel]) => [name, root.querySelector(sel)]);
  const changed = changedRegions(root, w, els);
  // what lays out every panel from outside them: the steps (as a set: a step taken off and put back goes to the end of
  // the list), the window, the text scale and the theme
  const outside = `${document.documentElement.getAttribute("style")}|${document.body.className}`;
  const context = `${[...root.classList].sort().join(" ")}|${window.innerWidth}x${window.innerHeight}|${outside}`;
  const done = new Map();
  const walked = [];
  const seen = new Set();
  let px = 0;
  const over = new Set();
  for (const [name, el] of els) {
    let found = [];
    const kept = w.last.get(name) ?? new Map();
    // a region written in since: none of its readings stands, under any of the display's classes
    if (changed === null || changed.has(name)) kept.clear();
    if (el && el.offsetParent !== null) {
      const r = el.getBoundingClientRect();
      const box = `${r.width}x${r.height}|${el.scrollWidth}x${el.scrollHeight}`;
      const last = kept.get(context);
      // a region with one walked inside it (the aside in `mid`) is walked too: the inner one's reading is taken whole
      const innerWalked = walked.some((n) => el.contains(els.find(([k]) => k === n)?.[1] ?? null));
      if (last?.el === el && last.box === box && !innerWalked) found = last.found;
      else {
        walk(el, found, done);
        walked.push(name);
      }
      kept.delete(context);
      kept.set(context, { el, box, found });
      if (kept.size > CONTEXTS_KEPT) kept.delete(kept.keys().next().value);
      w.last.set(name, kept);
      done.set(el, found);
    } else w.last.delete(name);
    for (const [box, n] of found) {
      over.add(name);
      if (seen.has(box)) continue;
      seen.add(box);
      px += n;
    }
  }
  return { px, over, walked };
}
