/**
 * The club host's composition (separate from the table host's): its SQLite, a source of table messages (an
 * external broker or the embedded one), and change notices for the board. Each message is checked, stored
 * once, and announced; a bad message is logged, counted against its table and dropped, never fatal. One board
 * per data dir (`club.lock`).
 */
import { dirname } from "node:path";
import type { Logger } from "pino";
import { type DataDirLock, lockDataDir } from "../store/data-dir-lock.ts";
import { askAgain } from "./ask-again.ts";
import { ClubStore, type TableRow } from "./club-store.ts";
import { type BrokerAccount, EmbeddedBroker } from "./embedded-broker.ts";
import { ClubGames } from "./games.ts";
import { parseTableMessage } from "./messages.ts";
import { brokerSource, type MessageSource } from "./sources.ts";

export type ClubBrokerChoice =
  | {
      readonly kind: "external";
      readonly url: string;
      readonly ca?: string;
      readonly cert?: string;
      readonly key?: string;
      /** The board's MQTT client id (default `quarterdeck-club-<club>`): its persistent session is kept under it. */
      readonly clientId?: string;
    }
  | { readonly kind: "embedded"; readonly host?: string; readonly port?: number; readonly accounts?: readonly BrokerAccount[] };

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

/** At most one log line per table in this many ms about its refused messages (a flood must not fill the disk). */
const REFUSED_LOG_MS = 10_000;

export async function startClubHost(o: ClubHostOptions): Promise<ClubHost> {
  const now = o.now ?? Date.now;
  let lock: DataDirLock | null = null;
  if (o.dbFile !== ":memory:") {
    const l = lockDataDir(dirname(o.dbFile), process.pid, CLUB_LOCK);
    if (!l.ok) throw new Error(l.message);
    lock = l.lock;
  }
  let store: ClubStore;
  try {
    store = new ClubStore(o.dbFile);
  } catch (e) {
    lock?.release();
    throw e;
  }
  const games = new ClubGames(store);
  const listeners = new Set<(tables: readonly string[]) => void>();
  const logged = new Map<string, { at: number; since: number }>();
  const refuse = (club: string | undefined, table: string | undefined, why: string, t: number) => {
    const key = club && table ? `${club}/${table}` : "?";
    if (club && table) store.refused(club, table, why, t);
    const l = logged.get(key);
    if (!l || t - l.at >= REFUSED_LOG_MS) {
      o.logger.warn({ table: key, why, alsoRefused: l?.since ?? 0 }, "a table message was refused");
      logged.set(key, { at: t, since: 0 });
    } else l.since++;
    if (club && table) for (const f of listeners) f([key]);
  };
  // never fatal: whatever a message does, the broker gets its acknowledgement and the board keeps running
  const onMessage = (topic: string, payload: Buffer) => {
    const t = now();
    try {
      keep(topic, payload, t);
    } catch (e) {
      const p = topic.split("/");
      try {
        refuse(p[1], p[2], `${topic.slice(0, 200)}: ${(e as Error).message}`.slice(0, 300), t);
      } catch {
        o.logger.error({ err: e }, "a table message could not be kept");
      }
    }
  };
  const keep = (topic: string, payload: Buffer, t: number) => {
    const p = parseTableMessage(topic, payload);
    if (!p.ok) {
      if (!p.ignored) refuse(p.club, p.table, p.why, t);
      return;
    }
    const { club, table, msg } = p;
    let changed = true;
    if (msg.leaf === "events") {
      changed = store.event(club, table, msg.body, t);
      if (changed) games.update(club, table, msg.body.game, t);
    } else if (msg.leaf === "ended") {
      changed = store.claim(club, table, msg.body, t);
      if (changed) games.update(club, table, msg.body.game, t);
    } else if (msg.leaf === "start") {
      changed = store.start(club, table, msg.body, t);
      if (changed) games.update(club, table, msg.body.game, t);
    } else if (msg.leaf === "state") {
      store.state(club, table, msg.body, t);
      if (msg.body.lastSeq !== undefined) store.lastSeqSaid(club, table, msg.body.game, msg.body.lastSeq);
    } else store.status(club, table, msg.online, t);
    if (changed) for (const l of listeners) l([`${club}/${table}`]);
  };
  let embedded: EmbeddedBroker | null = null;
  let source: MessageSource;
  if (o.broker.kind === "embedded") {
    embedded = new EmbeddedBroker(
      {
        host: o.broker.host ?? "127.0.0.1",
        port: o.broker.port ?? 1883,
        club: o.club,
        logger: o.logger,
        ...(o.broker.accounts ? { accounts: o.broker.accounts } : {}),
      },
      onMessage,
    );
    try {
      await embedded.start();
    } catch (e) {
      store.close();
      lock?.release();
      throw e;
    }
    source = embedded;
  } else {
    source = brokerSource(
      {
        url: o.broker.url,
        club: o.club,
        ca: o.broker.ca,
        cert: o.broker.cert,
        key: o.broker.key,
        logger: o.logger,
        ...(o.broker.clientId ? { clientId: o.broker.clientId } : {}),
      },
      onMessage,
    );
  }
  const asking = askAgain(games, source, o.logger, now, o.askEveryMs ?? 1000);
  return {
    store,
    games,
    source,
    embedded,
    tables: () => store.tables(),
    onChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    close: async () => {
      asking.stop();
      listeners.clear();
      await source.close();
      store.close();
      lock?.release();
    },
  };
}
