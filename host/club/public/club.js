// The club board: one tile per table, redrawn from WS /api/club/live (falls back to polling /api/club/board).
const tilesEl = /** @type {HTMLElement} */ (document.getElementById("tiles"));
const summaryEl = /** @type {HTMLElement} */ (document.getElementById("summary"));
const emptyEl = /** @type {HTMLElement} */ (document.getElementById("empty"));

const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
};

// a tile draws at most this many ship marks per side; more are a count (the board bounds counts at 500 ships)
const MAX_MARKS = 40;

function sideRow(s) {
  const row = el("li", "side");
  row.append(el("span", "side-name", s.side));
  const ships = el("span", "ships");
  const afloat = Math.min(s.afloat, MAX_MARKS);
  const lost = Math.min(s.lost, MAX_MARKS - afloat);
  for (let i = 0; i < afloat; i++) ships.append(el("span", "ship afloat", "▲"));
  for (let i = 0; i < lost; i++) ships.append(el("span", "ship lost", "✕"));
  if (afloat + lost < s.afloat + s.lost) ships.append(el("span", "more", `+${s.afloat + s.lost - afloat - lost}`));
  ships.setAttribute("aria-label", `${s.afloat} afloat, ${s.lost} lost`);
  row.append(ships, el("span", "count", `${s.afloat} afloat`));
  return row;
}

function tileOf(t) {
  const art = el("article", `tile ${t.online ? "online" : "offline"}`);
  art.dataset.table = t.table;
  const head = el("header", "tile-head");
  head.append(el("h2", "table-name", t.table), el("span", "status", t.online ? "online" : "offline"));
  art.append(head);
  art.append(el("p", "title", t.title ?? t.scenario ?? "—"));
  const meta = el("p", "meta");
  meta.append(el("span", "ruleset", t.ruleset ?? "?"));
  if (t.turn !== null && t.turn !== undefined) meta.append(el("span", "turn", `Turn ${t.turn}`));
  if (t.phase) meta.append(el("span", "phase", t.phase));
  art.append(meta);
  const last = el("section", "last");
  if (t.last) {
    last.append(el("p", `result${t.last.kind === "undone" ? " undone" : ""}`, t.last.summary));
    const dice = el("p", "dice");
    for (const v of t.last.dice.slice(0, 24)) dice.append(el("span", "die", v));
    if (t.last.dice.length > 24) dice.append(el("span", "more", `+${t.last.dice.length - 24}`));
    last.append(dice);
  } else last.append(el("p", "result none", "No result yet"));
  art.append(last);
  const sides = el("ul", "sides");
  for (const s of t.sides ?? []) sides.append(sideRow(s));
  art.append(sides);
  art.append(el("p", "records", `${t.records} ${t.records === 1 ? "record" : "records"} · #${t.lastSeq}`));
  // the board's own reading of the game: a record its dice and the rules do not give is refused, and said so
  if (t.reading?.status === "refused") art.append(el("p", "forged", `Not counted — ${t.reading.why}`));
  if (t.refused > 0) {
    const r = el("p", "refused", `${t.refused} ${t.refused === 1 ? "message" : "messages"} refused`);
    if (t.refusedWhy) r.title = t.refusedWhy;
    art.append(r);
  }
  return art;
}

function draw(board) {
  const tiles = [...(board.tiles ?? [])].sort((a, b) => a.table.localeCompare(b.table, undefined, { numeric: true }));
  tilesEl.replaceChildren(...tiles.map(tileOf));
  tilesEl.dataset.count = String(tiles.length);
  emptyEl.hidden = tiles.length > 0;
  const online = tiles.filter((t) => t.online).length;
  summaryEl.textContent = `${tiles.length} tables · ${online} online${board.broker === false ? " · broker unreachable" : ""}`;
}

function connect() {
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/club/live`);
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.type === "board") draw(msg);
  };
  ws.onclose = () => {
    summaryEl.textContent = "Board connection lost — retrying…";
    setTimeout(connect, 2000);
  };
}
connect();
