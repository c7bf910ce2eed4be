/**
 * What the club board and its API show: one tile per table (docs/reference/mqtt.md `GET /api/club/tables` plus what a wall
 * screen draws) and the league, folded from the games' ends: by player and by side, across games and nights.
 */
import type { ResultRow, TableRow } from "./club-store.ts";
import type { GameReading } from "./reading.ts";

/** `GET /api/club/tables`. */
export const tablesApi = (rows: readonly TableRow[]) =>
  rows.map((r) => ({
    table: r.table,
    club: r.club,
    game: r.game,
    ruleset: r.ruleset,
    records: r.records,
    lastSeq: r.lastSeq,
    online: r.online,
    updatedAt: new Date(r.updatedAt).toISOString(),
  }));

/** What a tile says of the board's own reading of its game: following the rules, or the record it refused and why. */
const readingOf = (g: GameReading | null) =>
  g ? { status: g.status, held: g.held, ...(g.refused ? { refusedSeq: g.refused.seq, why: g.refused.why } : {}) } : null;

/** One tile: the latest state, and the last result the board holds of its game without a gap, with its reading. */
export const tile = (r: TableRow, reading: GameReading | null = null) => ({
  table: r.table,
  club: r.club,
  online: r.online,
  game: r.game,
  title: r.state?.title ?? null,
  ruleset: r.ruleset ?? r.state?.ruleset ?? null,
  scenario: r.state?.scenario ?? null,
  turn: r.state?.turn ?? null,
  phase: r.state?.phase ?? null,
  sides: r.state?.sides ?? [],
  last: r.last
    ? { seq: r.last.seq, kind: r.last.kind, summary: r.last.summary, dice: r.last.dice.map((d) => d.value), at: r.last.at }
    : null,
  records: r.records,
  lastSeq: r.lastSeq,
  updatedAt: r.updatedAt,
  refused: r.refused,
  refusedWhy: r.refusedWhy,
  reading: readingOf(reading),
});

export interface Standing {
  readonly name: string;
  readonly played: number;
  readonly won: number;
  readonly lost: number;
  readonly drawn: number;
  /** Ships the opponents lost in this one's games, less this one's own losses. */
  readonly shipsNet: number;
}

function add(
  map: Map<string, { played: number; won: number; lost: number; drawn: number; shipsNet: number }>,
  name: string,
  res: "w" | "l" | "d",
  net: number,
) {
  const s = map.get(name) ?? { played: 0, won: 0, lost: 0, drawn: 0, shipsNet: 0 };
  s.played++;
  if (res === "w") s.won++;
  else if (res === "l") s.lost++;
  else s.drawn++;
  s.shipsNet += net;
  map.set(name, s);
}

const sorted = (m: Map<string, { played: number; won: number; lost: number; drawn: number; shipsNet: number }>): Standing[] =>
  [...m]
    .map(([name, s]) => ({ name, ...s }))
    .sort((a, b) => b.won * 2 + b.drawn - (a.won * 2 + a.drawn) || b.shipsNet - a.shipsNet || a.name.localeCompare(b.name));

/** A table's report of an end the board did not count (yet), with why. */
export interface Unsettled {
  readonly club: string;
  readonly table: string;
  readonly game: string;
  readonly winner: string | null;
  readonly verdict: string;
  readonly why: string | null;
}

/**
 * `GET /api/club/league`: standings by player and by side (2 points a win, 1 a draw), the games counted, and the
 * reported ends the board's reading did not count (refused, or waiting for records).
 */
export function league(results: readonly ResultRow[], unsettled: readonly Unsettled[] = []) {
  const players = new Map<string, { played: number; won: number; lost: number; drawn: number; shipsNet: number }>();
  const sides = new Map<string, { played: number; won: number; lost: number; drawn: number; shipsNet: number }>();
  for (const r of results) {
    const sideNames = [...new Set([...Object.keys(r.losses), ...Object.keys(r.players)])];
    const totalLost = Object.values(r.losses).reduce((a, b) => a + b, 0);
    for (const side of sideNames) {
      const res = r.winner === null ? "d" : r.winner === side ? "w" : "l";
      const own = (Object.hasOwn(r.losses, side) ? r.losses[side] : 0) ?? 0;
      const net = totalLost - own - own;
      add(sides, side, res, net);
      const named = Object.hasOwn(r.players, side) ? r.players[side] : undefined;
      for (const p of Array.isArray(named) ? named : []) add(players, p, res, net);
    }
  }
  return {
    players: sorted(players),
    sides: sorted(sides),
    games: results.map((r) => ({
      table: r.table,
      club: r.club,
      game: r.game,
      winner: r.winner,
      players: r.players,
      losses: r.losses,
      at: new Date(r.at).toISOString(),
    })),
    unsettled,
  };
}
