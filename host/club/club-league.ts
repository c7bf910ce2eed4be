/**
 * The league's side of the club's file: each table's report of a game's end (a claim, kept by the store as it
 * arrives) settled by the board's own reading — counted into the results once, or kept out with why.
 */
import type Database from "better-sqlite3";
import type { EndedMessage } from "./messages.ts";

/** A game counted for the league: its winner and each side's losses, as the board read them. */
export interface ResultRow {
  readonly club: string;
  readonly table: string;
  readonly game: string;
  readonly winner: string | null;
  readonly players: Readonly<Record<string, readonly string[]>>;
  readonly losses: Readonly<Record<string, number>>;
  readonly at: number;
}

/** The claims and results of the club's file (`ClubStore.league`). */
export class ClubLeague {
  readonly #db: Database.Database;

  constructor(db: Database.Database) {
    this.#db = db;
  }

  /** The table's report of a game's end, with its verdict so far; null when none came. */
  claimOf(club: string, table: string, game: string): { ended: EndedMessage; verdict: string; why: string | null } | null {
    const r = this.#db
      .prepare("SELECT payload, verdict, why FROM club_claims WHERE club = ? AND tbl = ? AND game = ?")
      .get(club, table, game) as { payload: string; verdict: string; why: string | null } | undefined;
    return r ? { ended: JSON.parse(r.payload), verdict: r.verdict, why: r.why } : null;
  }

  /**
   * Settles a claim: `counted` puts the game in the league with the winner and losses of the board's own reading
   * (once: the first result stands); `refused` and `waiting` keep it out, with why.
   */
  settle(
    club: string,
    table: string,
    game: string,
    verdict: "counted" | "refused" | "waiting",
    why: string | null,
    result: Omit<ResultRow, "club" | "table" | "game"> | null,
  ): void {
    this.#db.transaction(() => {
      this.#db
        .prepare("UPDATE club_claims SET verdict = ?, why = ? WHERE club = ? AND tbl = ? AND game = ?")
        .run(verdict, why, club, table, game);
      if (verdict === "counted" && result)
        this.#db
          .prepare("INSERT OR IGNORE INTO club_results (club, tbl, game, winner, players, losses, at) VALUES (?, ?, ?, ?, ?, ?, ?)")
          .run(club, table, game, result.winner, JSON.stringify(result.players), JSON.stringify(result.losses), result.at);
    })();
  }

  /** Claims the board's reading did not count, with why (the league shows them apart). */
  unsettled(): { club: string; table: string; game: string; winner: string | null; verdict: string; why: string | null }[] {
    return (
      this.#db.prepare("SELECT club, tbl, game, payload, verdict, why FROM club_claims WHERE verdict <> 'counted' ORDER BY at").all() as {
        club: string;
        tbl: string;
        game: string;
        payload: string;
        verdict: string;
        why: string | null;
      }[]
    ).map((r) => ({
      club: r.club,
      table: r.tbl,
      game: r.game,
      winner: (JSON.parse(r.payload) as EndedMessage).winner,
      verdict: r.verdict,
      why: r.why,
    }));
  }

  results(): ResultRow[] {
    const rows = this.#db.prepare("SELECT * FROM club_results ORDER BY at").all() as {
      club: string;
      tbl: string;
      game: string;
      winner: string | null;
      players: string;
      losses: string;
      at: number;
    }[];
    return rows.map((r) => ({ ...r, table: r.tbl, players: JSON.parse(r.players), losses: JSON.parse(r.losses) }));
  }
}
