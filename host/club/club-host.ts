/**
 * The club host's composition (separate from the table host's): its SQLite, a source of table messages (an
 * external broker or the embedded one), and change notices for the board. Each message is checked, stored
 * once, and announced; a bad message is logged and dropped, never fatal.
 */
import type { Logger } from "pino";
import { ClubStore, type TableRow } from "./club-store.ts";
import { type BrokerAccount, EmbeddedBroker } from "./embedded-broker.ts";
import { parseTableMessage } from "./messages.ts";
import { brokerSource, type MessageSource } from "./sources.ts";

export type ClubBrokerChoice =
  | { readonly kind: "external"; readonly url: string; readonly ca?: string; readonly cert?: string; readonly key?: string }
  | { readonly kind: "embedded"; readonly host?: string; readonly port?: number; readonly accounts?: readonly BrokerAccount[] };

export interface ClubHostOptions {
  readonly broker: ClubBrokerChoice;
  /** The SQLite file (`:memory:` in tests that need no restart). */
  readonly dbFile: string;
  /** Only this club's tables (default: every club on the broker). */
  readonly club?: string | undefined;
  readonly logger: Logger;
  readonly now?: () => number;
}

export interface ClubHost {
  readonly store: ClubStore;
  readonly source: MessageSource;
  /** The embedded broker, when the host runs one. */
  readonly embedded: EmbeddedBroker | null;
  tables(): TableRow[];
  /** Called after every stored change; returns an unsubscribe. */
  onChange(listener: (tables: readonly string[]) => void): () => void;
  close(): Promise<void>;
}

export async function startClubHost(o: ClubHostOptions): Promise<ClubHost> {
  const now = o.now ?? Date.now;
  const store = new ClubStore(o.dbFile);
  const listeners = new Set<(tables: readonly string[]) => void>();
  const onMessage = (topic: string, payload: Buffer) => {
    const p = parseTableMessage(topic, payload);
    if (!p.ok) {
      o.logger.warn({ why: p.why }, "a table message was dropped");
      return;
    }
    const t = now();
    let changed = true;
    if (p.msg.leaf === "events") changed = store.event(p.club, p.table, p.msg.body, t);
    else if (p.msg.leaf === "ended") changed = store.ended(p.club, p.table, p.msg.body, t);
    else if (p.msg.leaf === "state") store.state(p.club, p.table, p.msg.body, t);
    else store.status(p.club, p.table, p.msg.online, t);
    if (changed) for (const l of listeners) l([`${p.club}/${p.table}`]);
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
      throw e;
    }
    source = embedded;
  } else {
    source = brokerSource(
      { url: o.broker.url, club: o.club, ca: o.broker.ca, cert: o.broker.cert, key: o.broker.key, logger: o.logger },
      onMessage,
    );
  }
  return {
    store,
    source,
    embedded,
    tables: () => store.tables(),
    onChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    close: async () => {
      listeners.clear();
      await source.close();
      store.close();
    },
  };
}
