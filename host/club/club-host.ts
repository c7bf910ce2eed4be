/**
 * The club host's composition (separate from the table host's): its SQLite, a source of table messages (an
 * external broker or the embedded one, `broker-choice.ts`), and change notices for the board. Each message is
 * checked, stored once, and announced; a bad message is logged, counted against its table and dropped, never fatal
 * (`club-intake.ts`). One board per data dir (`club.lock`).
 */
import { dirname } from "node:path";
import type { Logger } from "pino";
import { type DataDirLock, lockDataDir } from "../store/data-dir-lock.ts";
import { askAgain } from "./ask-again.ts";
import { type ClubBrokerChoice, openClubSource } from "./broker-choice.ts";
import { ClubIntake } from "./club-intake.ts";
import { ClubStore, type TableRow } from "./club-store.ts";
import type { EmbeddedBroker } from "./embedded-broker.ts";
import { ClubGames } from "./games.ts";
import type { MessageSource } from "./sources.ts";

export type { ClubBrokerChoice } from "./broker-choice.ts";

export interface ClubHostOptions {
  readonly broker: ClubBrokerChoice;
  /** The SQLite file (`:memory:` in tests that need no restart). */
  readonly dbFile: string;
  /** Only this club's tables (default: every club on the broker). */
  readonly club?: string | undefined;
  readonly logger: Logger;
  readonly now?: () => number;
  /** How often the board looks for what it misses and asks tables again (default 1000 ms; then backs off per game). */
  readonly askEveryMs?: number;
}

export interface ClubHost {
  readonly store: ClubStore;
  /** The board's own reading of each game, and what it misses. */
  readonly games: ClubGames;
  readonly source: MessageSource;
  /** The embedded broker, when the host runs one. */
  readonly embedded: EmbeddedBroker | null;
  tables(): TableRow[];
  /** Called after every stored change; returns an unsubscribe. */
  onChange(listener: (tables: readonly string[]) => void): () => void;
  close(): Promise<void>;
}

/** Lock files of the board in its data dir: one board per `club.sqlite` (a table host's `quarterdeck.lock` is another). */
export const CLUB_LOCK = { lock: "club.lock", pid: "club.pid" } as const;

/** Starts a club board: its store (one board per data dir), its source of table messages, its asking again. */
export async function startClubHost(o: ClubHostOptions): Promise<ClubHost> {
  const now = o.now ?? Date.now;
  const { store, lock } = openClubStore(o.dbFile);
  const games = new ClubGames(store);
  const intake = new ClubIntake(store, games, o.logger, now);
  let opened: Awaited<ReturnType<typeof openClubSource>>;
  try {
    opened = await openClubSource(o.broker, o.club, o.logger, intake.message);
  } catch (e) {
    store.close();
    lock?.release();
    throw e;
  }
  const { source, embedded } = opened;
  const asking = askAgain(games, source, o.logger, now, o.askEveryMs ?? 1000);
  return {
    store,
    games,
    source,
    embedded,
    tables: () => store.tables(),
    onChange: (l) => intake.onChange(l),
    close: async () => {
      asking.stop();
      intake.clear();
      await source.close();
      store.close();
      lock?.release();
    },
  };
}

/** The board's SQLite, under its data dir's lock (none for `:memory:`); the lock is let go if the file cannot open. */
function openClubStore(dbFile: string): { readonly store: ClubStore; readonly lock: DataDirLock | null } {
  let lock: DataDirLock | null = null;
  if (dbFile !== ":memory:") {
    const l = lockDataDir(dirname(dbFile), process.pid, CLUB_LOCK);
    if (!l.ok) throw new Error(l.message);
    lock = l.lock;
  }
  try {
    return { store: new ClubStore(dbFile), lock };
  } catch (e) {
    lock?.release();
    throw e;
  }
}
