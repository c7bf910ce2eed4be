// The live map of the table, drawn from the view's `table`: each ship as its base (to scale, bow marked) where it was
// last seen, with its name; the wind; the action being set up (its ships marked, the firing line, the range bands as
// rings, the ships within a radius). On the demo's emulated table a ship is dragged to move it, or turned by its bow.
// Sizes of text and marks are in screen pixels, whatever the table's size, so the map reads the same at any scale.
// Where everything goes is lib/map-layout.js, computed again only when what it depends on changed; the layers are
// components/map-layers.js, each drawn again only when its own props changed.
import { useCallback, useLayoutEffect, useRef, useState } from "preact/hooks";
import { html } from "../lib/html.js";
import { api } from "../lib/live.js";
import { layoutMap } from "../lib/map-layout.js";
import { memo } from "../lib/memo.js";
import { AreaLayer, BasesLayer, CaptionLayer, LineLayer, NamesLayer, RingsLayer, WindLayer } from "./map-layers.js";
import { ReachLayer, reachBox } from "./move-reach.js";

const SIDE_CLASSES = ["side-a", "side-b", "side-c", "side-d"];
/** The move's reach and path (components/move-reach.js), a layer like the others: drawn again when they change. */
const Reach = memo(ReachLayer);

/** The map's size in pixels, followed as the page lays out. */
function useSize(ref, shown) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    // the same size again (a layout that moved nothing) draws nothing again
    const read = () =>
      setSize((s) => (s.width === el.clientWidth && s.height === el.clientHeight ? s : { width: el.clientWidth, height: el.clientHeight }));
    read();
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => ro.disconnect();
  }, [shown]);
  return size;
}

/** The ships of the action being set up: field name (firer, target …) by ship id; or of a choice about the table. */
function roles(state) {
  const p = state.pending;
  const out = {};
  const c = !p ? state.choice?.map : null;
  if (c) {
    // a choice about the table (the ships within an explosion's radius): its centre and the ships inside
    out[c.centre] = "centre";
    for (const id of c.within) out[id] ??= "within";
    return out;
  }
  if (!p) return out;
  for (const f of p.fields) {
    const v = p.action[f.name];
    if (f.type === "ship" && typeof v === "string") out[v] = f.name;
    if (f.type === "ships" && Array.isArray(v)) for (const id of v) out[id] ??= "within";
  }
  return out;
}

/** @type {CanvasRenderingContext2D | null | undefined} */
let measuring;
/**
 * A measurer of ships' names as the map draws them at `fontPx` (bold, in the page's font, with an outline of a
 * quarter em), or undefined where the page cannot measure (the names then take an estimate).
 */
function nameWidths() {
  measuring ??= typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
  const ctx = measuring;
  if (!ctx) return undefined;
  const family = getComputedStyle(document.body).fontFamily;
  return (fontPx) => (text) => {
    ctx.font = `700 ${fontPx}px ${family}`;
    return ctx.measureText(text).width + fontPx * 0.25;
  };
}

/** The height in pixels of the line under the map that lists the ships it could not name (`.map-key`: 1rem, 1.25 lines). */
function keyHeight(unnamed, width) {
  const rem = typeof document === "undefined" ? 16 : Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const text = unnamed.length <= 3 ? unnamed.join(", ").length + 31 : 80;
  const lines = Math.max(1, Math.ceil((text * rem * 0.5) / Math.max(1, width)));
  return rem * (1.25 * lines + 0.2);
}

/** How many layouts the maps of this page have computed: `data-laid-out` on the map (tests; why a map redrew). */
const laidOut = { count: 0 };

/** How many layouts a map keeps (the action's ships change the names' places; the idle map comes back often). */
const LAYOUTS_KEPT = 8;

/**
 * The map's layout for this state, from the map's own cache when nothing it depends on changed: the table (its ships'
 * places), the ships' names and sides, the action's ships,
 * what is measured, the wind's presence, the map's size and type. Not kept while a ship is dragged.
 */
function layoutFor(cache, state, size, fontPx, windLabel, drag) {
  const t = state.table;
  const role = roles(state);
  const chosen = !state.pending ? (state.choice?.map ?? null) : null;
  const source = state.pending?.measured ?? chosen;
  // by content, not identity: the pushed state shares only what equals the last state's, and an action's ships set up
  // again (a firer tapped, then the target, then another firer) come back to a layout made some pushes before
  // (not while a ship is dragged: every pointer move lays the map out anew, and nothing is kept)
  const key = drag
    ? ""
    : JSON.stringify([
        state.ships.map((s) => [s.id, s.name, s.side]),
        role,
        state.wind !== null && state.wind !== undefined,
        size.width,
        size.height,
        fontPx,
        windLabel,
        t,
        source,
        state.reach ?? null,
      ]);
  const hit = key === "" ? undefined : cache.find((e) => e.key === key);
  if (hit) return hit.layout;
  const sides = [...new Set(state.ships.map((s) => s.side))];
  const sideClass = new Map(state.ships.map((s) => [s.id, SIDE_CLASSES[sides.indexOf(s.side)] ?? "side-a"]));
  const nameOf = new Map(state.ships.map((s) => [s.id, s.name]));
  const ships = t.ships.map((s) => (drag?.id === s.id ? { ...s, x: drag.x, y: drag.y, heading: drag.heading } : s));
  // the rings and the caption of the action being set up, or of a choice about the table
  const measured = state.pending?.measured ?? (chosen ? { rings: chosen.rings, label: null, line: null } : null);
  const firerId = Object.keys(role).find((id) => role[id] === "firer" || role[id] === "centre") ?? Object.keys(role)[0];
  const targetId = Object.keys(role).find((id) => id !== firerId && role[id] !== "within");
  const firer = ships.find((s) => s.id === firerId);
  const target = ships.find((s) => s.id === targetId);
  const line = measured?.line ?? (firer && target && !chosen ? { from: firer, to: target } : null);
  const measure = nameWidths();
  const place = (height) =>
    layoutMap({
      t,
      ships,
      nameOf,
      role,
      measured,
      line,
      firerId,
      wind: Boolean(state.wind),
      width: size.width,
      height,
      fontPx,
      windLabel,
      fixedWin: drag?.win,
      shown: reachBox(state.reach, t.height),
      measure,
    });
  // the map is laid out in its whole box; where that leaves ships unnamed, again in the box less the line under it that
  // lists them. Laid out by the box's size alone, so the line coming or going cannot change the size it is laid out in
  // (it once did: a map that named every ship only without the line redrew itself every frame)
  let placed = place(size.height);
  if (placed.unnamed.length > 0) placed = place(Math.max(0, size.height - keyHeight(placed.unnamed, size.width)));
  const layout = { ...placed, ships, role, sideClass, line, misses: measured?.line?.hits === false, label: measured?.label };
  if (!drag) {
    cache.unshift({ key, layout });
    cache.length = Math.min(cache.length, LAYOUTS_KEPT);
  }
  laidOut.count++;
  return layout;
}

/**
 * The map. `state`: the view; `movable`: ships can be dragged (the demo's emulated table); `fontPx`: the names' size;
 * `windLabel`: the wind in words beside its arrow (the display has the wind dial beside the map).
 */
export function TableMap({ state, movable = false, fontPx = 20, windLabel = false }) {
  const t = state.table;
  const whole = useRef(null);
  const svg = useRef(/** @type {SVGSVGElement | null} */ (null));
  const cache = useRef(/** @type {any[]} */ ([]));
  const size = useSize(whole, t !== null);
  const [drag, setDrag] = useState(
    /** @type {{ id: string; mode: string; x: number; y: number; heading: number; win: any } | null} */ (null),
  );
  // one grab handler for the life of the map (the bases' layer is not drawn again for a new one), reading the latest
  const grabRef = useRef(/** @type {(e: any, s: any, mode: string) => void} */ (() => {}));
  const grab = useCallback((e, s, mode) => grabRef.current(e, s, mode), []);
  if (!t) return null;
  const m = layoutFor(cache.current, state, size, fontPx, windLabel, drag);
  const { win, unit } = m;
  const toMap = (e) => {
    const ctm = svg.current?.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    return { x: p.x, y: t.height - p.y };
  };
  grabRef.current = (e, s, mode) => {
    e.preventDefault();
    e.stopPropagation();
    svg.current?.setPointerCapture?.(e.pointerId);
    setDrag({ id: s.id, mode, x: s.x, y: s.y, heading: s.heading, win });
  };
  const onMove = (e) => {
    if (!drag) return;
    const p = toMap(e);
    if (!p) return;
    if (drag.mode === "move")
      setDrag({ ...drag, x: Math.round(Math.min(t.width, Math.max(0, p.x))), y: Math.round(Math.min(t.height, Math.max(0, p.y))) });
    else setDrag({ ...drag, heading: Math.round(((Math.atan2(p.x - drag.x, p.y - drag.y) * 180) / Math.PI + 360) % 360) });
  };
  const onDrop = () => {
    if (!drag) return;
    const { id, x, y, heading } = drag;
    api("POST", "/api/sim/move", { ship: id, x, y, heading }).finally(() => setDrag(null));
  };

  return html`<div class="table-map" ref=${whole}><div class="map-box" data-laid-out=${laidOut.count}>
    <svg ref=${svg} viewBox=${`${win.x0} ${win.y0} ${win.x1 - win.x0} ${win.y1 - win.y0}`} preserveAspectRatio="xMidYMid meet" role="img"
      aria-label=${`map of the table, ${t.ships.length} ships`} class=${drag ? "dragging" : ""}
      onPointerMove=${onMove} onPointerUp=${onDrop} onPointerCancel=${() => setDrag(null)}>
      <${AreaLayer} t=${t} win=${win} unit=${unit} />
      <${Reach} reach=${state.reach} move=${state.move} height=${t.height} unit=${unit} />
      <${RingsLayer} rings=${m.rings} words=${m.ringWords} centre=${m.centre} firerWidth=${m.firerWidth} unit=${unit} />
      <${LineLayer} line=${m.line} misses=${m.misses} height=${t.height} unit=${unit} />
      <${BasesLayer} ships=${m.ships} height=${t.height} role=${m.role} sideClass=${m.sideClass} unit=${unit} onGrab=${movable ? grab : undefined} />
      <${NamesLayer} labels=${m.labels} role=${m.role} fontPx=${fontPx} unit=${unit} />
      <${CaptionLayer} caption=${m.caption} label=${m.label} px=${m.captionPx} unit=${unit} />
      <${WindLayer} wind=${state.wind} unit=${unit} win=${win} label=${windLabel} />
    </svg></div>
    ${
      // a few names listed in full under the map; more than a line's worth counted, the fleets' list naming every ship
      // (a long list here would shrink the map and leave still fewer names on it)
      m.unnamed.length
        ? html`<p class="map-key" id="map-unnamed" data-unnamed=${m.unnamed.length}>${
            m.unnamed.length <= 3 && m.unnamed.join(", ").length <= 48
              ? `Not named on the map (no room): ${m.unnamed.join(", ")}`
              : `${m.unnamed.length} ships not named on the map (no room): every ship is in the fleets' list`
          }</p>`
        : null
    }
  </div>`;
}
