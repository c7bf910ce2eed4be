/**
 * The club board's intake of table messages: each message is checked, stored once (a record already kept is not
 * kept twice), and announced to the board's listeners; a bad one is counted against its table, logged at most once
 * per table every {@link REFUSED_LOG_MS} (a flood must not fill the disk) and dropped. Never fatal: whatever a message
 * does, the broker gets its acknowledgement and the board keeps running.
 */
import type { Logger } from "pino";
import type { ClubStore } from "./club-store.ts";
import type { ClubGames } from "./games.ts";
import { parseTableMessage } from "./messages.ts";

/** At most one log line per table in this many ms about its refused messages. */
const REFUSED_LOG_MS = 10_000;

/** Hears the tables changed by a stored message (`club/table` keys). */
export type ClubChangeListener = (tables: readonly string[]) => void;

/** Keeps the messages of one board's source in its store and its reading of each game. */
export class ClubIntake {
  readonly #store: ClubStore;
  readonly #games: ClubGames;
  readonly #logger: Logger;
  readonly #now: () => number;
  readonly #listeners = new Set<ClubChangeListener>();
  /** Per table: when its refusal was last logged, and how many were refused since. */
  readonly #logged = new Map<string, { at: number; since: number }>();

  constructor(store: ClubStore, games: ClubGames, logger: Logger, now: () => number) {
    this.#store = store;
    this.#games = games;
    this.#logger = logger;
    this.#now = now;
  }

  /** One message from the source (its `onMessage`). */
  readonly message = (topic: string, payload: Buffer): void => {
    const t = this.#now();
    try {
      this.#keep(topic, payload, t);
    } catch (e) {
      const p = topic.split("/");
      try {
        this.#refuse(p[1], p[2], `${topic.slice(0, 200)}: ${(e as Error).message}`.slice(0, 300), t);
      } catch {
        this.#logger.error({ err: e }, "a table message could not be kept");
      }
    }
  };

  /** Called after every stored change; returns an unsubscribe. */
  onChange(listener: ClubChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Forgets every listener (the board is closing). */
  clear(): void {
    this.#listeners.clear();
  }

  #keep(topic: string, payload: Buffer, t: number): void {
    const p = parseTableMessage(topic, payload);
    if (!p.ok) {
      if (!p.ignored) this.#refuse(p.club, p.table, p.why, t);
      return;
    }
    const { club, table, msg } = p;
    const store = this.#store;
    let changed = true;
    if (msg.leaf === "events") {
      changed = store.event(club, table, msg.body, t);
      if (changed) this.#games.update(club, table, msg.body.game, t);
    } else if (msg.leaf === "ended") {
      changed = store.claim(club, table, msg.body, t);
      if (changed) this.#games.update(club, table, msg.body.game, t);
    } else if (msg.leaf === "start") {
      changed = store.start(club, table, msg.body, t);
      if (changed) this.#games.update(club, table, msg.body.game, t);
    } else if (msg.leaf === "state") {
      store.state(club, table, msg.body, t);
      if (msg.body.lastSeq !== undefined) store.lastSeqSaid(club, table, msg.body.game, msg.body.lastSeq);
    } else store.status(club, table, msg.online, t);
    if (changed) this.#tell([`${club}/${table}`]);
  }

  #refuse(club: string | undefined, table: string | undefined, why: string, t: number): void {
    const key = club && table ? `${club}/${table}` : "?";
    if (club && table) this.#store.refused(club, table, why, t);
    const l = this.#logged.get(key);
    if (!l || t - l.at >= REFUSED_LOG_MS) {
      this.#logger.warn({ table: key, why, alsoRefused: l?.since ?? 0 }, "a table message was refused");
      this.#logged.set(key, { at: t, since: 0 });
    } else l.since++;
    if (club && table) this.#tell([key]);
  }

  #tell(tables: readonly string[]): void {
    for (const l of this.#listeners) l(tables);
  }
}
