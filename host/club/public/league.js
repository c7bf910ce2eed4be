// The league: standings by player and by side from GET /api/club/league, refreshed every 10 s.
const cell = (tag, text) => {
  const c = document.createElement(tag);
  c.textContent = String(text);
  return c;
};

function table(id, rows) {
  const t = /** @type {HTMLElement} */ (document.getElementById(id));
  const head = document.createElement("tr");
  for (const h of ["", "Played", "Won", "Drawn", "Lost", "Points", "Ships net"]) head.append(cell("th", h));
  const body = rows.map((r) => {
    const tr = document.createElement("tr");
    tr.append(cell("th", r.name), cell("td", r.played), cell("td", r.won), cell("td", r.drawn), cell("td", r.lost));
    tr.append(cell("td", r.won * 2 + r.drawn), cell("td", r.shipsNet > 0 ? `+${r.shipsNet}` : r.shipsNet));
    return tr;
  });
  t.replaceChildren(head, ...body);
  if (rows.length === 0) t.replaceChildren(cell("caption", "No finished games yet."));
}

async function load() {
  const l = await (await fetch("/api/club/league")).json();
  table("players", l.players);
  table("sides", l.sides);
  /** @type {HTMLElement} */ (document.getElementById("games")).replaceChildren(
    ...l.games
      .slice()
      .reverse()
      .map((g) => {
        const who = Object.entries(g.players)
          .map(([side, names]) => `${side}: ${names.join(", ") || "—"}`)
          .join(" vs ");
        return cell("li", `${g.at.slice(0, 10)} · table ${g.table} · ${g.winner ? `${g.winner} won` : "draw"}${who ? ` · ${who}` : ""}`);
      }),
  );
}
load();
setInterval(load, 10000);
