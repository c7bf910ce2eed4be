// Pure helpers of the games pages (/games, /games/new, /games/:id/summary): words for a game's status and when it
// was last played, the rule set's title, a fleet entry's field errors by path. No DOM access here: the unit tests
// run them in Node (test/host/public/).

import { cellValue } from "./cell.js";

/** A game's status as players read it. */
export function statusWord(game) {
  if (game.open) return game.status === "ended" ? "on the table (ended)" : "on the table";
  return { active: "in play", ended: "ended", archived: "put away" }[game.status] ?? game.status;
}

/** When a game last changed, for people: "today 20:14", "yesterday 21:02", else the date and time. */
export function lastPlayed(at, now = Date.now()) {
  const when = new Date(at);
  const time = when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const day = (d) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((day(new Date(now)) - day(when)) / 86_400_000);
  if (days === 0) return `today ${time}`;
  if (days === 1) return `yesterday ${time}`;
  return `${when.toLocaleDateString([], { day: "numeric", month: "short", year: "numeric" })} ${time}`;
}

/** The rule set's title from `GET /api/rulesets`, else its id. */
export const rulesetTitle = (rulesets, id) => rulesets?.find((r) => r.id === id)?.title ?? scenarioWord(id);

/** A game's scenario by its title from `GET /api/rulesets`, else its id as words; a blank game → "blank". */
export const scenarioTitle = (rulesets, game) =>
  rulesets?.find((r) => r.id === game.ruleset)?.scenarios.find((s) => s.id === game.scenario)?.title ?? scenarioWord(game.scenario);

/** A scenario's name from its id: "sole-bay-1672" → "sole bay 1672"; a blank game → "blank". */
export const scenarioWord = (id) => (id ? String(id).replace(/-/g, " ") : "blank");

/**
 * The games in the order the list shows them: the open one first, then the newest played; put-away games apart.
 * @template {{ status: string; open: boolean; updatedAt: number }} G
 * @param {readonly G[]} games
 * @returns {{ shown: G[]; archived: G[] }}
 */
export function arrangeGames(games) {
  const byRecent = [...games].sort((a, b) => Number(b.open) - Number(a.open) || b.updatedAt - a.updatedAt);
  return { shown: byRecent.filter((g) => g.status !== "archived"), archived: byRecent.filter((g) => g.status === "archived") };
}

/**
 * Where a `POST /api/games` refusal points in the page's fleets: `fleets[1].ships[0].hull` → `{fleet: 1, ship: 0,
 * field: "hull"}`; `fleets[0]` → `{fleet: 0, ship: null, field: ""}`; any other path → null.
 */
export function fleetErrorAt(path) {
  const m = /^fleets\[(\d+)\](?:\.ships\[(\d+)\])?\.?(.*)$/.exec(String(path ?? ""));
  if (!m) return null;
  return { fleet: Number(m[1]), ship: m[2] === undefined ? null : Number(m[2]), field: m[3] ?? "" };
}

/**
 * A rule set's message for a field, without the path it already shows next to: "fleets[0].ships[1].hull: must be
 * one of …" → "must be one of …".
 */
export const withoutPath = (message, path) =>
  String(message)
    .replace(`${path}: `, "")
    .replace(/^[^\s:]*\]\.?[\w.]*:\s*/, "");

export { cellValue };

/**
 * A ship from the set-up form's values by its fields: numbers as numbers, a choice as the rule set's own value,
 * other text read as a roster cell is, tags split on spaces; a field left empty is left to the rule set's default.
 * @returns {{ship: Record<string, unknown>, problems: Record<string, string>}} `problems`: a required field left empty
 */
export function shipOfForm(fields, values) {
  /** @type {Record<string, unknown>} */
  const ship = {};
  /** @type {Record<string, string>} */
  const problems = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.type === "boolean") {
      if (v === true || !f.optional) ship[f.name] = v === true;
      continue;
    }
    if (v === undefined || String(v).trim() === "") {
      if (!f.optional) problems[f.name] = `${f.label.replace(/ \(.*\)$/, "")} is needed.`;
      continue;
    }
    if (f.type === "number") {
      const n = Number(v);
      if (Number.isFinite(n)) ship[f.name] = n;
      else problems[f.name] = `${f.label} must be a number.`;
    } else if (f.type === "enum") ship[f.name] = f.values.find((x) => String(x) === String(v)) ?? v;
    else if (f.name === "tag")
      ship.tag = String(v)
        .split(/[\s,;]+/)
        .filter(Boolean);
    else if (["side", "id", "name"].includes(f.name)) ship[f.name] = String(v).trim();
    else ship[f.name] = cellValue(v);
  }
  return { ship, problems };
}

/** Ships (each with its side) as fleets, sides in the order first seen: `[{side, ships}]` without `side` in a ship. */
export function fleetsOf(ships) {
  const fleets = [];
  for (const { side, ...ship } of ships) {
    let f = fleets.find((x) => x.side === side);
    if (!f) {
      f = { side, ships: [] };
      fleets.push(f);
    }
    f.ships.push(ship);
  }
  return fleets;
}

/** `text` as one lower-case word of letters, digits and hyphens, accents dropped; `empty` when nothing is left. */
const slug = (text, empty) =>
  String(text)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || empty;

/** A file name from a game's title: "Sole Bay, 28 May 1672" → "sole-bay-28-may-1672". */
export const fileName = (title) => slug(title, "game");

/**
 * A ship's id from its name, unique among `taken`: "Royal James" → "royal-james", a second one "royal-james-2".
 * An id is one word (no spaces) made of letters, digits and hyphens; people never have to invent one.
 */
export function idFromName(name, taken = []) {
  const base = slug(name, "ship");
  const used = new Set(taken);
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/** A setting's value as words in a list: "hullPoints" → "hull points", "close-action" → "close action". */
export const valueWords = (v) =>
  String(v)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/(?<=\p{L})-(?=\p{L})/gu, " ")
    .toLowerCase();

/** A setting's name as words: "deathDiceSkullFace" → "Death dice skull face" (where a rule set gives no label). */
export const settingLabel = (name) => {
  const w = String(name)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return w.charAt(0).toUpperCase() + w.slice(1);
};

/** A field's key in a message as its label: "rating must be at least 1" under "Rate" → "Rate must be at least 1". */
export function labelled(message, fields) {
  let m = String(message);
  for (const f of fields)
    m = m.replace(new RegExp(`(^|\\.)${f.name}\\b`), (_, dot) => (dot === "." ? " " : "") + f.label.replace(/ \(.*\)$/, ""));
  return m
    .replace(/ expected array\b/, " must be a list")
    .replace(/ expected (number|integer)\b/, " must be a number")
    .replace(/ expected boolean\b/, " must be yes or no")
    .trim();
}

/**
 * What the wizard's ship list says of a ship besides her name (issue 38: the list shows what the game will be made
 * with): each ticked mark by its label (Flagship, Fireship, Squadron leader), her squadron, her base — her own, or the
 * rules' usual one.
 * @param {Record<string, any>} ship
 * @param {readonly { name: string; label: string; type?: string }[]} fields the rule set's ship fields
 * @param {{ width: number; length: number } | undefined} defaultBase
 * @returns {string[]}
 */
export function shipMarks(ship, fields, defaultBase) {
  const marks = fields.filter((f) => f.type === "boolean" && ship[f.name] === true).map((f) => f.label);
  const squadron = fields.find((f) => f.name === "squadron");
  if (squadron && ship.squadron !== undefined && String(ship.squadron).trim() !== "") marks.push(`${squadron.label} ${ship.squadron}`);
  const base = ship.base ?? defaultBase;
  if (base) marks.push(`base ${base.width} × ${base.length} mm${ship.base ? "" : " (the rules' usual)"}`);
  return marks;
}
