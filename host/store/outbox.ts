/**
 * The club outbox (docs/reference/mqtt.md): every resolved action and undo becomes a message row written in the SAME
 * SQLite transaction as the log row, so what the table stored and what it will tell the club never differ.
 * The publisher drains the rows in order and moves a cursor over those the broker acknowledged; the cursor
 * and the rows survive restarts, so a broker that is down for hours loses nothing, and the rows are kept after
 * they were sent: the board asks again for what a broker without persistence forgot (docs/club.md, `request`). Its tables are the game file's
 * migration 3 (`migrations.ts`).
 */
import type Database from "better-sqlite3";
import type { ResolvedRecord } from "./records.ts";

/** One message for the broker. `topic` is the last part (`events`, `ended`, `start`). */
export interface OutboxRow {
  readonly id: number;
  readonly gameId: number;
  readonly topic: "events" | "ended" | "start";
  readonly payload: string;
}

/** A game's id as the club sees it: the row id and its creation time, so a wiped data dir never reuses one. */
export const clubGameId = (gameId: number, createdAt: number): string => `g${gameId}-${createdAt.toString(36)}`;

/**
 * A die as the club sees it: its value, where it came from (`pixels:black-1`, `manual`, `software`), and whose slot
 * it filled: the side (in a roll several sides make), the rule colour and the role, when known.
 */
const dieView = (d: ResolvedRecord["dice"][number]) => ({
  value: d.value,
  source: d.from.source === "die" ? `${d.from.family}:${d.from.dieId}` : d.from.source,
  ...(d.side ? { side: d.side } : {}),
  ...(d.color ? { color: d.color } : {}),
  ...(d.role ? { role: d.role } : {}),
});

/** The dice grouped by plan entry, each entry's in the order they were placed (`planValues`'s order). */
const inPlanOrder = (dice: ResolvedRecord["dice"]) => [...dice].sort((a, b) => a.entry - b.entry);

interface GameRow {
  created_at: number;
  ruleset: string;
}

/** Writes outbox rows; every method runs inside the caller's transaction. */
export class OutboxWriter {
  readonly #game: Database.Statement;
  readonly #count: Database.Statement;
  readonly #lastUndo: Database.Statement;
  readonly #actionRow: Database.Statement;
  readonly #insert: Database.Statement;

  constructor(db: Database.Database) {
    this.#game = db.prepare("SELECT created_at, ruleset FROM games WHERE id = ?");
    // the club's per-game seq is the row's place in the game's append-only log: 1, 2, 3 … never reused
    this.#count = db.prepare("SELECT COUNT(*) AS n FROM log WHERE game_id = ? AND seq <= ?");
    this.#lastUndo = db.prepare("SELECT seq FROM log WHERE game_id = ? AND kind = 'undo' ORDER BY seq DESC LIMIT 1");
    this.#actionRow = db.prepare("SELECT action, outcome, dice, description FROM log WHERE game_id = ? AND seq = ?");
    this.#insert = db.prepare("INSERT INTO club_outbox (game_id, topic, payload, log_seq) VALUES (?, ?, ?, ?)");
  }

  /** After the action's log row is inserted. */
  action(gameId: number, r: ResolvedRecord): void {
    const g = this.#game.get(gameId) as GameRow;
    const seq = (this.#count.get(gameId, r.seq) as { n: number }).n;
    const payload = {
      game: clubGameId(gameId, g.created_at),
      seq,
      at: new Date(r.at).toISOString(),
      ruleset: g.ruleset,
      kind: "resolved",
      action: r.action,
      outcome: r.outcome,
      // in the plan's order (each entry's dice together), as `transition` takes them: the board folds them again
      dice: inPlanOrder(r.dice).map(dieView),
      summary: r.description,
    };
    this.#insert.run(gameId, "events", JSON.stringify(payload), r.seq);
  }

  /** After the undo's log row is inserted; `undoneSeq` is the log seq of the action it took back. */
  undo(gameId: number, undoneSeq: number, at: number): void {
    const g = this.#game.get(gameId) as GameRow;
    const own = (this.#lastUndo.get(gameId) as { seq: number }).seq;
    const row = this.#actionRow.get(gameId, undoneSeq) as
      | { action: string; outcome: string; dice: string; description: string }
      | undefined;
    const dice = JSON.parse(row?.dice ?? "[]") as ResolvedRecord["dice"];
    const seq = (this.#count.get(gameId, own) as { n: number }).n;
    const payload = {
      game: clubGameId(gameId, g.created_at),
      seq,
      at: new Date(at).toISOString(),
      ruleset: g.ruleset,
      kind: "undone",
      undoes: (this.#count.get(gameId, undoneSeq) as { n: number }).n,
      action: JSON.parse(row?.action ?? "{}"),
      outcome: JSON.parse(row?.outcome ?? "{}"),
      dice: inPlanOrder(dice).map(dieView),
      summary: `Undone: ${row?.description ?? "an action"}`,
    };
    this.#insert.run(gameId, "events", JSON.stringify(payload), own);
  }

  /** A game's end: `payload` is the `ended` message (the caller checks {@link OutboxReader.hasEnded} first). */
  ended(gameId: number, payload: Readonly<Record<string, unknown>>): void {
    this.#insert.run(gameId, "ended", JSON.stringify(payload), null);
  }

  /** A game's start, what the board folds its records from (the caller checks {@link OutboxReader.hasStart} first). */
  start(gameId: number, payload: Readonly<Record<string, unknown>>): void {
    this.#insert.run(gameId, "start", JSON.stringify(payload), null);
  }
}

/** Reads and acknowledges the outbox (the publisher's side). */
export class OutboxReader {
  readonly #next: Database.Statement;
  readonly #cursor: Database.Statement;
  readonly #setCursor: Database.Statement;
  readonly #hasEnded: Database.Statement;
  readonly #hasStart: Database.Statement;
  readonly #lastSeq: Database.Statement;
  readonly #again: Database.Statement;

  constructor(db: Database.Database) {
    this.#next = db.prepare("SELECT id, game_id AS gameId, topic, payload FROM club_outbox WHERE id > ? ORDER BY id LIMIT ?");
    this.#cursor = db.prepare("SELECT sent_through AS n FROM club_outbox_cursor WHERE one = 1");
    this.#setCursor = db.prepare(
      "INSERT INTO club_outbox_cursor (one, sent_through) VALUES (1, ?) ON CONFLICT(one) DO UPDATE SET sent_through = MAX(sent_through, excluded.sent_through)",
    );
    this.#hasEnded = db.prepare("SELECT 1 FROM club_outbox WHERE game_id = ? AND topic = 'ended' LIMIT 1");
    this.#hasStart = db.prepare("SELECT 1 FROM club_outbox WHERE game_id = ? AND topic = 'start' LIMIT 1");
    this.#lastSeq = db.prepare("SELECT COUNT(*) AS n FROM log WHERE game_id = ?");
    this.#again = db.prepare(
      `SELECT id, game_id AS gameId, topic, payload FROM club_outbox WHERE game_id = ? AND (
         (topic = 'events' AND json_extract(payload, '$.seq') BETWEEN ? AND ?) OR topic = 'ended' OR (topic = 'start' AND ? = 0))
       ORDER BY id LIMIT ?`,
    );
  }

  /** The id of the last row the broker acknowledged (0 before any). */
  sentThrough(): number {
    return (this.#cursor.get() as { n: number } | undefined)?.n ?? 0;
  }

  /** Up to `limit` rows after `afterId`, in order. */
  after(afterId: number, limit: number): OutboxRow[] {
    return this.#next.all(afterId, limit) as OutboxRow[];
  }

  /**
   * Rows through `id` reached the broker: move the cursor. The rows stay: what the table published is what it
   * answers the board's requests from (the broker's memory is not trusted: one without persistence forgets).
   */
  acknowledge(id: number): void {
    this.#setCursor.run(id);
  }

  /** Whether this game's start is already written. */
  hasStart(gameId: number): boolean {
    return this.#hasStart.get(gameId) !== undefined;
  }

  /** The club seq of the game's last record (its log's length; 0 before any). */
  lastSeq(gameId: number): number {
    return (this.#lastSeq.get(gameId) as { n: number }).n;
  }

  /** What the board asked for again: the game's records `from`…`to`, its end when written, its start when `from` is 0. */
  again(gameId: number, from: number, to: number, limit: number): OutboxRow[] {
    return this.#again.all(gameId, from, to, from, limit) as OutboxRow[];
  }

  /** Whether this game's end is already written (sent or not). */
  hasEnded(gameId: number): boolean {
    return this.#hasEnded.get(gameId) !== undefined;
  }
}
