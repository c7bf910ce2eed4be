// The notices strip's height, held through an update like the fit's lasting steps (lib/fit.js): a notice that goes
// with a result (the last undo's, once a new result is in) would change the height of the panels under the strip, and
// the map would be drawn again at its new size, in the frame that should show the result. So the strip keeps its last
// height, empty where its lines went, until the display is fitted again once the table is quiet.

const STRIP = "#notices";
/** The strip's height at each display root's last fit, in pixels. */
const heights = new WeakMap();

const stripOf = (root) => {
  const el = root.querySelector(STRIP);
  return el instanceof HTMLElement ? el : null;
};

/**
 * Holds the strip at its height of the last fit when it now holds less (`shrank`: its text and lines); true while it
 * is held (set before any layout is read, so the update lays out nothing the strip's going would move).
 */
export function holdStrip(root, shrank) {
  const strip = stripOf(root);
  if (!strip) return false;
  if (strip.dataset.held !== undefined) return true;
  const px = heights.get(root) ?? 0;
  if (!shrank || px === 0) return false;
  strip.style.minHeight = `${px}px`;
  // a strip with no line left is not shown (`.notices` without `.on`): its room is
  strip.style.display = "grid";
  strip.dataset.held = "";
  return true;
}

/** Lets the strip take its own height again. */
export function releaseStrip(root) {
  const strip = stripOf(root);
  if (!strip || strip.dataset.held === undefined) return;
  strip.style.removeProperty("min-height");
  strip.style.removeProperty("display");
  delete strip.dataset.held;
}

/** Notes the strip's height once a fit is made (read after the fit's last layout). */
export function noteStrip(root) {
  heights.set(root, stripOf(root)?.getBoundingClientRect().height ?? 0);
}
