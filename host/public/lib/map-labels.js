// Where the map writes each ship's name: beside its base, where it overlaps no other name and stays on the map; the
// ships of the action being set up first. A name with no room is shortened to its initials, and left off only when
// even those find none (the fleet below lists every ship). Pure: sizes in screen pixels, positions in map units.

/** A name's initials ("De Zeven Provinciën" → "DZP", "Gouda" → "Gou"). */
export function initials(name) {
  const words = String(name).split(/\s+/).filter(Boolean);
  if (words.length === 1) return (words[0] ?? "").slice(0, 3);
  return words
    .map((w) => w[0])
    .join("")
    .slice(0, 4);
}

const overlaps = (a, b, pad = 0) => a.x0 - pad < b.x1 && b.x0 - pad < a.x1 && a.y0 - pad < b.y1 && b.y0 - pad < a.y1;

/**
 * Labels for `ships` (`{id, name, sx, sy, r}`: centre and reach of the base in map units), `unit` map units per
 * pixel, `fontPx` the label's size, `bounds` `{x0, y0, x1, y1}` of the map in map units, `first` ids placed first.
 * `obstacles` are boxes no name may cover (the wind's mark). Returns `{id, text, x, y, anchor, short}` per ship that got one.
 */
function placeWith(ships, { unit, fontPx, bounds, first = [], obstacles = [] }, wholeFirst) {
  // a line of bold sans-serif text is about 1.2 em tall from the tops of capitals to the tails of g and y, and a letter
  // up to 0.74 em wide on average (capitals and w, m); names keep 6 px apart
  const h = fontPx * 1.2 * unit;
  const widthOf = (text) => text.length * fontPx * 0.74 * unit;
  const pad = 3 * unit;
  const order = [...ships].sort((a, b) => Number(first.includes(b.id)) - Number(first.includes(a.id)));
  const placed = [...obstacles];
  // every base is an obstacle too: a name never covers a ship
  const bases = ships.map((s) => ({ x0: s.sx - s.r * 0.5, x1: s.sx + s.r * 0.5, y0: s.sy - s.r * 0.5, y1: s.sy + s.r * 0.5, id: s.id }));
  /** Where a label of `text` may go for ship `s`: beside it first, then at its corners. */
  const spots = (s, text) => {
    const w = widthOf(text);
    const gap = s.r + 4 * unit;
    // a label at baseline (x, y) anchored start, middle or end covers this box (y down)
    const at = (x, top, anchor) => {
      const x0 = anchor === "middle" ? x - w / 2 : anchor === "start" ? x : x - w;
      return { x, y: top + fontPx * 0.95 * unit, anchor, box: { x0, x1: x0 + w, y0: top, y1: top + h } };
    };
    const side = s.r * 0.3;
    return [
      at(s.sx, s.sy + gap, "middle"), // below
      at(s.sx, s.sy - gap - h, "middle"), // above
      at(s.sx + gap, s.sy - h / 2, "start"), // right
      at(s.sx - gap, s.sy - h / 2, "end"), // left
      at(s.sx + side, s.sy + gap, "start"), // below right, below left, above right, above left
      at(s.sx - side, s.sy + gap, "end"),
      at(s.sx + side, s.sy - gap - h, "start"),
      at(s.sx - side, s.sy - gap - h, "end"),
    ];
  };
  const fits = (s, c) =>
    c.box.x0 >= bounds.x0 &&
    c.box.y0 >= bounds.y0 &&
    c.box.x1 <= bounds.x1 &&
    c.box.y1 <= bounds.y1 &&
    !placed.some((p) => overlaps(p, c.box, pad)) &&
    !bases.some((b) => b.id !== s.id && overlaps(b, c.box, pad));
  const got = new Map();
  const put = (s, text, c, short) => {
    placed.push(c.box);
    got.set(s.id, { id: s.id, text, x: c.x, y: c.y, anchor: c.anchor, short });
  };
  // whole names beside their ships first (the action's ships always named, overlap or not); then the rest as initials
  for (const s of order) {
    const c =
      wholeFirst || first.includes(s.id)
        ? spots(s, s.name)
            .slice(0, 4)
            .find((x) => fits(s, x))
        : undefined;
    if (c) put(s, s.name, c, false);
    else if (first.includes(s.id)) put(s, s.name, spots(s, s.name)[0], false);
  }
  for (const s of order) {
    if (got.has(s.id)) continue;
    const text = initials(s.name);
    const c = spots(s, text).find((x) => fits(s, x));
    if (c) put(s, text, c, true);
  }
  return order.filter((s) => got.has(s.id)).map((s) => got.get(s.id));
}

/**
 * Labels for `ships`: whole names where they fit, else initials; on a crowded map, where a few whole names would
 * crowd out more initials, every name but the action's ships' is given as initials instead (whichever names more).
 */
export function placeLabels(ships, options) {
  const whole = placeWith(ships, options, true);
  if (whole.length === ships.length) return whole;
  const short = placeWith(ships, options, false);
  return short.length > whole.length ? short : whole;
}
