// Where the map writes each ship's name: beside its base, or a row further out with a leader line to it, where it
// covers no other name, no ship's base (the whole base as drawn, turned to its heading) and stays on the map; the
// ships of the action being set up first. Names keep half a letter apart across and 3 px down, so two never read as
// one word ("RPSM"). A name with no room is shortened to its first word — never less, so "Dol", "GH" or "SM" never
// stand for a ship — or more words where the first is short or shared ("De Zeven", "Royal James" beside "Royal
// Prince"), and left off only when even that finds none: the map lists in full every ship it shortened or left off
// beside it. Pure: sizes in screen pixels, positions in map units; the page measures the names' widths with the font
// it draws them in.

/**
 * Each ship's short name (`ships`: `{id, name}`), by id: its first word, with the next words added while it is under
 * four letters or the same as another ship's ("De Zeven Provinciën" → "De Zeven"; "Royal James" beside "Royal
 * Prince" → "Royal James", whole). Never shorter than the first word.
 */
export function shortNames(ships) {
  const words = new Map(ships.map((s) => [s.id, String(s.name).split(/\s+/).filter(Boolean)]));
  const taken = new Map(ships.map((s) => [s.id, 1]));
  const text = (id) => {
    const w = words.get(id) ?? [];
    let n = taken.get(id) ?? 1;
    while (n < w.length && w.slice(0, n).join(" ").length < 4) n++;
    return w.slice(0, n).join(" ");
  };
  // add a word to every ship whose short name another ship shares, until none do (or their names are whole)
  for (let round = 0; round < 8; round++) {
    const by = new Map();
    for (const s of ships) by.set(text(s.id), [...(by.get(text(s.id)) ?? []), s.id]);
    let grew = false;
    for (const ids of by.values())
      if (ids.length > 1)
        for (const id of ids)
          if ((taken.get(id) ?? 1) < (words.get(id)?.length ?? 0)) {
            taken.set(id, (taken.get(id) ?? 1) + 1);
            grew = true;
          }
    if (!grew) break;
  }
  return new Map(ships.map((s) => [s.id, text(s.id) || String(s.name)]));
}

const overlaps = (a, b, pad = 0) => a.x0 - pad < b.x1 && b.x0 - pad < a.x1 && a.y0 - pad < b.y1 && b.y0 - pad < a.y1;

const overlapsApart = (a, b, padX, padY) => a.x0 - padX < b.x1 && b.x0 - padX < a.x1 && a.y0 - padY < b.y1 && b.y0 - padY < a.y1;

/** A bold name's width in pixels where the page cannot measure it: up to 0.74 em a letter (capitals and w, m). */
export const estimateWidth = (text, fontPx) => text.length * fontPx * 0.74;

/**
 * Labels for `ships` (`{id, name, sx, sy, r, hx?, hy?}`: centre and reach of the base in map units, and the half
 * width and height of the box the base covers as drawn, turned to its heading; `r` when not given), `unit` map units per
 * pixel, `fontPx` the label's size, `bounds` `{x0, y0, x1, y1}` of the map in map units, `first` ids placed first,
 * `measure(text)` a name's width in pixels as drawn (its outline included). `obstacles` are boxes no name may cover
 * (the wind's mark), but for a box marked `soft` (a range ring's word), which an action's ship's name may cover when
 * nothing else is free: the page then leaves that word out (`coveredMarks`). Returns `{id, text, x, y, anchor, short, box, leader?}` per ship that got one: `box` the name's
 * box, `leader` `{x1, y1, x2, y2}` the line from the base to a name a row out.
 */
function placeWith(ships, { unit, fontPx, bounds, first = [], obstacles = [], measure }, wholeFirst) {
  // a line of bold sans-serif text is about 1.2 em tall from the tops of capitals to the tails of g and y
  const h = fontPx * 1.2 * unit;
  const widthOf = (text) => (measure ? measure(text) : estimateWidth(text, fontPx)) * unit;
  // names keep half a letter apart across (two short names side by side stay two words) and 3 px down
  const padX = Math.max(3, fontPx * 0.5) * unit;
  const padY = 3 * unit;
  const order = [...ships].sort((a, b) => Number(first.includes(b.id)) - Number(first.includes(a.id)));
  const placed = [...obstacles];
  // every base is an obstacle too, the whole of it as drawn: a name never covers a ship, not even her own
  const bases = ships.map((s) => {
    const hx = s.hx ?? s.r;
    const hy = s.hy ?? s.r;
    return { x0: s.sx - hx, x1: s.sx + hx, y0: s.sy - hy, y1: s.sy + hy, id: s.id };
  });
  const short = shortNames(ships);
  const away = awayFrom(ships, 300 * unit);
  /**
   * Where a label of `text` may go for ship `s`, best first: on the side away from the ships round it (below a line's
   * ship whose neighbours are above and beside it), a row further out there (with a leader) before the near side,
   * so two lines of ships never share the names between them.
   */
  const spots = (s, text) => {
    const a = away.get(s.id) ?? { x: 0, y: 1 };
    // a spot's way from the ship (below, above, beside, a corner), against the way away from the others
    const score = (c) => c.dir.x * a.x + c.dir.y * a.y - (c.leader ? 0.2 * Math.abs(c.rows) : 0);
    return nearSpots(s, text)
      .map((c, i) => ({ c, i, v: score(c) }))
      .sort((p, q) => q.v - p.v || p.i - q.i)
      .map((x) => ({ ...x.c, outward: x.v > -0.2 }));
  };
  /** Every spot round ship `s` a label of `text` may take. */
  const nearSpots = (s, text) => {
    const w = widthOf(text);
    const gap = s.r + 4 * unit;
    const row = h + padY;
    // a label at baseline (x, y) anchored start, middle or end covers this box (y down); one a row out has a leader
    // from the base's edge to the name's near edge
    const at = (x, top, anchor, leader) => {
      const x0 = anchor === "middle" ? x - w / 2 : anchor === "start" ? x : x - w;
      const box = { x0, x1: x0 + w, y0: top, y1: top + h };
      const dx = Math.sign(x - s.sx) * (anchor === "middle" ? 0 : 0.4);
      const dy = Math.sign(top + h / 2 - s.sy);
      const n = Math.hypot(dx, dy) || 1;
      return {
        dir: { x: dx / n, y: dy / n },
        x,
        y: top + fontPx * 0.95 * unit,
        anchor,
        box,
        rows: leader ?? 0,
        ...(leader ? { leader: { x1: s.sx, y1: s.sy + Math.sign(leader) * s.r * 0.5, x2: x, y2: leader > 0 ? top : top + h } } : {}),
      };
    };
    const side = s.r * 0.3;
    return [
      at(s.sx, s.sy + gap, "middle"), // below
      at(s.sx, s.sy - gap - h, "middle"), // above
      at(s.sx + gap, s.sy - h / 2, "start"), // right
      at(s.sx - gap, s.sy - h / 2, "end"), // left
      // a row or more below or above, centred on the ship or reaching away to one side of her (the leader at her
      // side of the name), so names a row out stack like stairs along a close line of ships
      ...[1, 2, 3, 4].flatMap((k) => [
        at(s.sx, s.sy + gap + k * row, "middle", k),
        at(s.sx, s.sy - gap - h - k * row, "middle", -k),
        at(s.sx - 2 * unit, s.sy + gap + k * row, "start", k),
        at(s.sx + 2 * unit, s.sy + gap + k * row, "end", k),
        at(s.sx - 2 * unit, s.sy - gap - h - k * row, "start", -k),
        at(s.sx + 2 * unit, s.sy - gap - h - k * row, "end", -k),
      ]),
      at(s.sx + side, s.sy + gap, "start"), // below right, below left, above right, above left
      at(s.sx - side, s.sy + gap, "end"),
      at(s.sx + side, s.sy - gap - h, "start"),
      at(s.sx - side, s.sy - gap - h, "end"),
    ];
  };
  /** The thin box of a leader line, kept clear of names as a name is. */
  const leaderBox = (l) => ({ x0: l.x1 - unit, x1: l.x1 + unit, y0: Math.min(l.y1, l.y2), y1: Math.max(l.y1, l.y2) });
  /** The name's box inside the map, clear of every name, mark and other base (its leader not looked at). */
  const boxFits = (s, c) =>
    c.box.x0 >= bounds.x0 &&
    c.box.y0 >= bounds.y0 &&
    c.box.x1 <= bounds.x1 &&
    c.box.y1 <= bounds.y1 &&
    !placed.some((p) => overlapsApart(p, c.box, padX, padY)) &&
    !bases.some((b) => overlaps(b, c.box, padY));
  // a leader crosses no name and no other ship's base (a line through the next ship would tie the name to her)
  const fits = (s, c) =>
    boxFits(s, c) &&
    !(c.leader && placed.some((p) => overlaps(p, leaderBox(c.leader), padY))) &&
    !(c.leader && bases.some((b) => b.id !== s.id && overlaps(b, leaderBox(c.leader))));
  /** A spot moved across and down just enough to lie inside the map (a ship near its edge), its leader dropped. */
  const shifted = (c) => {
    const dx = Math.max(bounds.x0 - c.box.x0, 0) + Math.min(bounds.x1 - c.box.x1, 0);
    const dy = Math.max(bounds.y0 - c.box.y0, 0) + Math.min(bounds.y1 - c.box.y1, 0);
    const box = { x0: c.box.x0 + dx, x1: c.box.x1 + dx, y0: c.box.y0 + dy, y1: c.box.y1 + dy };
    const { leader: _, ...rest } = c;
    return { ...rest, x: c.x + dx, y: c.y + dy, box, rows: 0 };
  };
  /**
   * An action's ship is always named whole: on any spot that fits; else a row or two out whose leader crosses a
   * name or mark (the name still tied to its ship); else a spot beside her moved inside the map's edges — clear of
   * the hard marks (the wind's, the measured figure) and the other names, over a soft one (a ring's word) if need
   * be; else clear of the hard marks at least; else inside the map (over another name rather than cut off by the
   * map's edge). A spot a row out is never moved: without its leader a name a row or two away
   * reads as the next ship's (Gouda's name under Royal James, the firer, at 1280×800 with the two 190 mm apart).
   */
  const actionSpot = (s) => {
    const all = spots(s, s.name);
    const moved = all.filter((c) => !c.leader).map(shifted);
    // a soft mark (a range ring's word) gives way to an action's name: the map leaves out a word a name covers
    const clearOfMarks = (c) => !obstacles.some((o) => !o.soft && overlaps(o, c.box, padY));
    const clearOfNames = (c) => !placed.slice(obstacles.length).some((p) => overlapsApart(p, c.box, padX, padY));
    const clearOfBases = (c) => !bases.some((b) => overlaps(b, c.box, padY));
    return (
      all.find((c) => fits(s, c)) ??
      all.find((c) => c.leader && boxFits(s, c)) ??
      moved.find((c) => fits(s, c)) ??
      moved.find((c) => clearOfBases(c) && clearOfMarks(c) && clearOfNames(c)) ??
      moved.find((c) => clearOfBases(c) && clearOfMarks(c)) ??
      moved.find(clearOfBases) ??
      moved.find(clearOfMarks) ??
      moved[0] ??
      all[0]
    );
  };
  const got = new Map();
  const put = (s, text, c, short) => {
    placed.push(c.box);
    if (c.leader) placed.push(leaderBox(c.leader));
    got.set(s.id, {
      id: s.id,
      text,
      x: c.x,
      y: c.y,
      anchor: c.anchor,
      short,
      outward: c.outward,
      box: c.box,
      ...(c.leader ? { leader: c.leader } : {}),
    });
  };
  // whole names beside their ships (or a row out) first (the action's ships always named, overlap or not); then the
  // rest by their short names
  for (const s of order) {
    const c = wholeFirst || first.includes(s.id) ? spots(s, s.name).find((x) => x.outward && fits(s, x)) : undefined;
    if (c) put(s, s.name, c, false);
    else if (first.includes(s.id)) put(s, s.name, actionSpot(s), false);
  }
  for (const s of order) {
    if (got.has(s.id)) continue;
    const text = short.get(s.id) ?? s.name;
    const c = spots(s, text).find((x) => fits(s, x));
    if (c) put(s, text, c, text !== s.name);
  }
  return order.filter((s) => got.has(s.id)).map((s) => got.get(s.id));
}

/**
 * For each ship, the way away from the ships round it (within `reach` map units), as a unit vector (y down): the sum
 * of the unit vectors from each of them, the nearer weighing more; straight down for a ship alone.
 */
function awayFrom(ships, reach) {
  const out = new Map();
  for (const s of ships) {
    let x = 0;
    let y = 0;
    for (const o of ships) {
      const dx = s.sx - o.sx;
      const dy = s.sy - o.sy;
      const d = Math.hypot(dx, dy);
      if (o === s || d === 0 || d > reach) continue;
      x += dx / d / d;
      y += dy / d / d;
    }
    const n = Math.hypot(x, y);
    out.set(s.id, n < 1e-9 ? { x: 0, y: 1 } : { x: x / n, y: y / n });
  }
  return out;
}

/**
 * Labels for `ships`: whole names where they fit, else short names; on a crowded map, where a few whole names would
 * crowd out more short ones, every name but the action's ships' is given short instead (whichever names more).
 */
export function placeLabels(ships, options) {
  // the names are placed one by one: tried in the ships' order, shortest name first and from the left, the layout that
  // names the most ships wins, then the one with the most whole names on their ships' outer side
  const orders = [
    ships,
    [...ships].sort((a, b) => String(a.name).length - String(b.name).length),
    [...ships].sort((a, b) => a.sx - b.sx || a.sy - b.sy),
    // every other ship along the map first: their names beside them leave gaps the others' leaders run up through
    alternate(ships),
  ];
  const worth = (ls) => ls.length * 100 + ls.filter((l) => !l.short).length * 10 + ls.filter((l) => l.outward).length;
  let best = [];
  for (const order of orders) {
    for (const wholeFirst of [true, false]) {
      const ls = placeWith(order, options, wholeFirst);
      if (worth(ls) > worth(best)) best = ls;
      if (wholeFirst && ls.length === ships.length && ls.every((l) => !l.short && l.outward)) return ls;
    }
  }
  return best;
}

/** The ships left to right, every other one first (each line of ships alike: sorted by x within rows of y). */
function alternate(ships) {
  const byX = [...ships].sort((a, b) => a.sx - b.sx || a.sy - b.sy);
  const rows = new Map();
  for (const s of byX) {
    const key = Math.round(s.sy / Math.max(1, s.r * 2));
    rows.set(key, [...(rows.get(key) ?? []), s]);
  }
  const line = [...rows.values()];
  return [...line.flatMap((r) => r.filter((_, i) => i % 2 === 0)), ...line.flatMap((r) => r.filter((_, i) => i % 2 === 1))];
}

/** The indexes of the `marks` (boxes) a label covers: the soft marks the map leaves out under an action's name. */
export function coveredMarks(marks, labels) {
  return new Set(marks.flatMap((m, i) => (labels.some((l) => overlaps(m, l.box)) ? [i] : [])));
}
