// The part of the table the map shows: the ships (and the range rings of the action being set up) with a margin,
// widened to the map's shape so the scale is the same both ways, kept on the table where it can be. A fleet in one
// corner of a big table is drawn large, not lost in empty sea. Pure: map units (mm), y down (north up).

/**
 * `boxes`: `{x0, y0, x1, y1}` to show (svg coordinates); `table` `{width, height}`; `aspect` the map's width over
 * height in pixels. Returns `{x0, y0, x1, y1}`.
 */
export function viewWindow(boxes, table, aspect) {
  if (boxes.length === 0) return { x0: 0, y0: 0, x1: table.width, y1: table.height };
  let x0 = Math.min(...boxes.map((b) => b.x0));
  let x1 = Math.max(...boxes.map((b) => b.x1));
  let y0 = Math.min(...boxes.map((b) => b.y0));
  let y1 = Math.max(...boxes.map((b) => b.y1));
  // room for names and the wind: a margin of a tenth of the larger side, at least 120 mm
  const margin = Math.max(120, 0.1 * Math.max(x1 - x0, y1 - y0));
  x0 -= margin;
  x1 += margin;
  y0 -= margin;
  y1 += margin;
  // widen the short way to the map's shape
  const a = aspect > 0 ? aspect : table.width / table.height;
  const w = x1 - x0;
  const h = y1 - y0;
  if (w / h < a) {
    const grow = (h * a - w) / 2;
    x0 -= grow;
    x1 += grow;
  } else {
    const grow = (w / a - h) / 2;
    y0 -= grow;
    y1 += grow;
  }
  // slide onto the table where the window fits on it
  const slide = (lo, hi, max) => {
    const size = hi - lo;
    if (size >= max) return [(max - size) / 2, (max + size) / 2];
    if (lo < 0) return [0, size];
    if (hi > max) return [max - size, max];
    return [lo, hi];
  };
  [x0, x1] = slide(x0, x1, table.width);
  [y0, y1] = slide(y0, y1, table.height);
  return { x0, y0, x1, y1 };
}
