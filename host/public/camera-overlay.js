// The /camera page's overlay: the markers of the last frame drawn over the camera's view — references blue, ships
// placed green, refused orange — with their labels placed as the map places ships' names.

import { placeLabels } from "./lib/map-labels.js";

/** @typedef {import("./camera-answers.js").FrameAnswer} FrameAnswer */

/** Draws the markers of the last frame over the video: references blue, ships placed green, refused orange. */
export function drawOverlay(canvas, frame, setup) {
  const ctx = canvas.getContext("2d");
  const rect = canvas.getBoundingClientRect();
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(rect.width * dpr);
  canvas.height = Math.round(rect.height * dpr);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (!frame) return;
  const sx = canvas.width / frame.width;
  const sy = canvas.height / frame.height;
  const placed = new Set(frame.measurement.ok ? frame.measurement.markers.map((m) => m.id) : []);
  const names = new Map(setup.ships.map((s) => [s.marker, s.name]));
  ctx.lineWidth = Math.max(2, 3 * dpr);
  // labels in proportion to the view (15 px on a large screen, 10 px on a phone), so a full table stays readable
  const px = Math.max(10, Math.min(15, rect.width / 70));
  ctx.font = `700 ${Math.round(px * dpr)}px "DejaVu Sans", sans-serif`;
  for (const m of frame.detected) {
    const colour = m.id < 10 ? "#56b4e9" : placed.has(m.id) ? "#009e73" : "#e69f00";
    ctx.strokeStyle = colour;
    ctx.beginPath();
    m.corners.forEach((c, i) => {
      if (i) ctx.lineTo(c.x * sx, c.y * sy);
      else ctx.moveTo(c.x * sx, c.y * sy);
    });
    ctx.closePath();
    ctx.stroke();
    // the top edge (the bow's side) drawn thicker
    ctx.beginPath();
    ctx.moveTo(m.corners[0].x * sx, m.corners[0].y * sy);
    ctx.lineTo(m.corners[1].x * sx, m.corners[1].y * sy);
    ctx.lineWidth *= 2;
    ctx.stroke();
    ctx.lineWidth /= 2;
  }
  drawLabels(ctx, frame, names, { sx, sy, px: px * dpr, width: canvas.width, height: canvas.height, placed });
}

/**
 * The markers' labels ("ref 3", "13 Royal James"), placed as the map places ships' names (`lib/map-labels.js`):
 * beside each marker where no other label or marker is, a row out with a leader line where that is free, the id
 * alone where a whole label finds no room — never one over another (the demo's fleets stand a base apart).
 */
function drawLabels(ctx, frame, names, { sx, sy, px, width, height, placed }) {
  const items = frame.detected.map((m, i) => {
    const xs = m.corners.map((c) => c.x * sx);
    const ys = m.corners.map((c) => c.y * sy);
    const name = m.id < 10 ? `ref ${m.id}` : `${m.id} ${names.get(m.id) ?? "(no ship)"}`;
    const r = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / 2;
    // a marker's core is kept clear, as before the map's names kept whole bases clear (lib/map-labels.js hx, hy)
    const sxC = xs.reduce((a, b) => a + b, 0) / 4;
    return { id: i, marker: m.id, name, sx: sxC, sy: ys.reduce((a, b) => a + b, 0) / 4, r, hx: r * 0.5, hy: r * 0.5 };
  });
  const measure = (text) => ctx.measureText(text).width + 4;
  const labels = placeLabels(items, { unit: 1, fontPx: px, bounds: { x0: 0, y0: 0, x1: width, y1: height }, measure });
  const drawn = [];
  for (const l of labels) {
    const m = items[l.id];
    const colour = m.marker < 10 ? "#56b4e9" : placed.has(m.marker) ? "#009e73" : "#e69f00";
    const text = l.short ? String(m.marker) : m.name;
    const w = measure(text);
    const x0 = l.anchor === "middle" ? l.x - w / 2 : l.anchor === "start" ? l.x : l.x - w;
    if (l.leader) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = Math.max(1, px / 8);
      ctx.beginPath();
      ctx.moveTo(l.leader.x1, l.leader.y1);
      ctx.lineTo(l.leader.x2, l.leader.y2);
      ctx.stroke();
    }
    ctx.fillStyle = "rgba(0,0,0,0.7)";
    ctx.fillRect(x0, l.box.y0, w, l.box.y1 - l.box.y0);
    ctx.fillStyle = colour;
    ctx.textAlign = "left";
    ctx.fillText(text, x0 + 2, l.y);
    drawn.push({ text, x0, y0: l.box.y0, x1: x0 + w, y1: l.box.y1 });
  }
  // what was written where, for a test to read (a canvas keeps no text)
  ctx.canvas.dataset.labels = JSON.stringify(drawn);
}
