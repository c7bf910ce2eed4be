// The table's hex grid (WS&IM) as the map draws it: the outline of every hex the window shows, in map units with y
// down (north up). The grid is docs/reference/request-result.md's: `size` across the flats, `origin` the centre of hex (0, 0), flat- or
// pointy-topped, axial coordinates as in src/geometry/hex.ts.

const SQRT3 = Math.sqrt(3);

/** SVG path data for the hexes that cover `win` ({x0, y0, x1, y1}, y down) on a table `height` mm deep. */
export function hexPath(grid, win, height) {
  const R = grid.size / SQRT3; // centre to corner
  const flat = grid.orientation !== "pointy";
  const centre = (q, r) =>
    flat
      ? { x: grid.origin.x + R * 1.5 * q, y: grid.origin.y + R * SQRT3 * (r + q / 2) }
      : { x: grid.origin.x + R * SQRT3 * (q + r / 2), y: grid.origin.y + R * 1.5 * r };
  // the window in table coordinates (y north), widened by a hex
  /** @type {[number, number]} */
  const xs = [win.x0 - 2 * R, win.x1 + 2 * R];
  /** @type {[number, number]} */
  const ys = [height - win.y1 - 2 * R, height - win.y0 + 2 * R];
  // flat-topped: columns q run along x and rows r along y within a column; pointy-topped the other way round
  const [outer, inner] = flat ? [xs, ys] : [ys, xs];
  const [o0, o1] = flat ? [grid.origin.x, grid.origin.y] : [grid.origin.y, grid.origin.x];
  const a0 = Math.floor((outer[0] - o0) / (R * 1.5)) - 2;
  const a1 = Math.ceil((outer[1] - o0) / (R * 1.5)) + 2;
  const parts = [];
  for (let a = a0; a <= a1 && parts.length < 4000; a++) {
    const ends = inner.map((v) => (v - o1) / (R * SQRT3) - a / 2);
    for (let b = Math.floor(Math.min(...ends)) - 2; b <= Math.ceil(Math.max(...ends)) + 2; b++) {
      const c = flat ? centre(a, b) : centre(b, a);
      if (c.x < xs[0] || c.x > xs[1] || c.y < ys[0] || c.y > ys[1]) continue;
      const corners = Array.from({ length: 6 }, (_, i) => {
        const t = ((flat ? 60 * i : 60 * i + 30) * Math.PI) / 180;
        return `${(c.x + R * Math.cos(t)).toFixed(1)},${(height - (c.y + R * Math.sin(t))).toFixed(1)}`;
      });
      parts.push(`M${corners.join("L")}Z`);
    }
  }
  return parts.join("");
}
