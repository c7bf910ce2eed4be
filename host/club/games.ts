/**
 * The board's games: each game's reading kept up with the records it holds (reading.ts), the tile's last result
 * moved to the head of what it holds without a gap, a table's report of an end settled against the reading, and
 * what the board misses of each game — the ranges it asks the table for again (docs/club.md, `request`).
 */
import type { ClubStore } from "./club-store.ts";
import { GameFold, type GameReading } from "./reading.ts";
import { MAX_SEQ } from "./schemas.ts";
import { bundledScenarioShips } from "./start-check.ts";

/** Records asked for in one request (a table answers at most this many at a time). */
export const REQUEST_MAX = 500;

/** What the board asks a table for again: a game's records `from`…`to` (from 0: its start too). */
export interface Missing {
  readonly club: string;
  readonly table: string;
  readonly game: string;
  readonly from: number;
  readonly to: number;
  /**
   * Whether the board knows records are missing (a gap, `lastSeq` beyond its head, no start), or only looks for
   * more (an end reported that its records do not give yet, or an end they give with no report): asked a few times.
   */
  readonly known: boolean;
}

const key = (club: string, table: string, game: string) => `${club}/${table}/${game}`;

export class ClubGames {
  readonly #store: ClubStore;
  readonly #folds = new Map<string, { fold: GameFold; hasStart: boolean }>();
  readonly #scenarioShips = bundledScenarioShips();

  constructor(store: ClubStore) {
    this.#store = store;
  }

  /** The reading of a game, read on as far as the records held without a gap go (built from the store on first use). */
  read(club: string, table: string, game: string): GameReading {
    const k = key(club, table, game);
    let f = this.#folds.get(k);
    if (!f?.hasStart) {
      const start = this.#store.startOf(club, table, game);
      if (!f || start) {
        f = { fold: new GameFold(start, this.#scenarioShips), hasStart: start !== null };
        this.#folds.set(k, f);
      }
    }
    const before = f.fold.reading.held;
    for (;;) {
      const held = f.fold.reading.held;
      const batch = this.#store.eventsFrom(club, table, game, held + 1, REQUEST_MAX);
      let n = 0;
      for (const r of batch) {
        if (!f.fold.next(r)) break;
        n++;
      }
      if (n < REQUEST_MAX || f.fold.reading.held === held) break;
    }
    const reading = f.fold.reading;
    if (reading.held > before) {
      const last = this.#store.eventsFrom(club, table, game, reading.held, 1)[0];
      if (last) this.#store.setLast(club, table, last);
    }
    return reading;
  }

  /**
   * Reads a game on and settles the table's report of its end: counted when the reading gives the same winner,
   * refused when it gives another (or a record was refused), waiting while records are missing.
   */
  update(club: string, table: string, game: string, now: number): GameReading {
    const reading = this.read(club, table, game);
    const claim = this.#store.league.claimOf(club, table, game);
    if (!claim || claim.verdict === "counted") return reading;
    const said = claim.ended.winner;
    if (reading.status === "refused") {
      this.#store.league.settle(club, table, game, "refused", `not counted: ${reading.refused?.why ?? "a record was refused"}`, null);
    } else if (reading.status === "no-start") {
      this.#store.league.settle(club, table, game, "waiting", "waiting for the game's start", null);
    } else if (reading.end && reading.end.winner === said) {
      this.#store.league.settle(club, table, game, "counted", null, {
        winner: said,
        players: claim.ended.players,
        losses: reading.end.losses,
        at: now,
      });
    } else if (reading.end) {
      const theirs = reading.end.winner === null ? "no winner" : `${reading.end.winner} the win`;
      const why = `not counted: the records give ${theirs}, not ${said ?? "no winner"}`;
      this.#store.league.settle(club, table, game, "refused", why, null);
    } else {
      // the organiser's End, or records still missing: the rules give no end in what the board holds
      const why = `waiting: the ${reading.held} records held give no end by the rules yet`;
      this.#store.league.settle(club, table, game, "waiting", why, null);
    }
    return reading;
  }

  /** What the board misses, for each game of a table that is online: its start, records after the head, or its end. */
  missing(): Missing[] {
    const out: Missing[] = [];
    for (const g of this.#store.games()) {
      if (!g.online) continue;
      const reading = this.read(g.club, g.table, g.game);
      if (reading.status === "refused") continue;
      const head = reading.held;
      const endMissing = reading.end !== null && g.claim === null;
      const claimWaiting = g.claim === "waiting";
      const known = !g.hasStart || head < g.lastSeq;
      if (!known && !endMissing && !claimWaiting) continue;
      const from = g.hasStart ? head + 1 : 0;
      const to = Math.min(MAX_SEQ, Math.max(from, 1) + REQUEST_MAX - 1);
      out.push({ club: g.club, table: g.table, game: g.game, from, to, known });
    }
    return out;
  }
}
