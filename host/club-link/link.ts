/**
 * Links a table to its club (docs/reference/mqtt.md): the store already writes each resolved action and undo to the
 * outbox in its own transaction; this wakes the publisher on every change, keeps the `state` summary fresh, and
 * writes the game's `ended` message once when one side has no ship afloat.
 */
import type { Logger } from "pino";
import type { ClubConfig } from "../config/club-schema.ts";
import type { TableSession } from "../session/table-session.ts";
import { clubGameId, OutboxReader, OutboxWriter } from "../store/outbox.ts";
import type { SqliteStore } from "../store/sqlite-store.ts";
import { ClubPublisher, type PublisherStats } from "./publisher.ts";
import { battleEnd, sideCounts, tableSummary } from "./table-summary.ts";

export interface ClubLink {
  readonly stats: PublisherStats;
  close(): Promise<void>;
}

export interface ClubLinkOptions {
  readonly club: ClubConfig;
  readonly store: SqliteStore;
  readonly gameId: number;
  readonly session: TableSession;
  readonly logger: Logger;
  readonly now?: () => number;
  readonly stateIntervalMs?: number;
}

/** Starts publishing; returns at once (the broker may be down: the outbox waits for it). */
export function linkToClub(o: ClubLinkOptions): ClubLink {
  const now = o.now ?? Date.now;
  const created = o.store.gameRecord(o.gameId)?.createdAt ?? 0;
  const game = clubGameId(o.gameId, created);
  const reader = new OutboxReader(o.store.db);
  const writer = new OutboxWriter(o.store.db);
  const publisher = new ClubPublisher({
    club: o.club,
    outbox: reader,
    summary: () => tableSummary(o.session, game, now()),
    logger: o.logger,
    ...(o.stateIntervalMs !== undefined ? { stateIntervalMs: o.stateIntervalMs } : {}),
  });
  const checkEnd = () => {
    const end = battleEnd(sideCounts(o.session.rs.shipViews(o.session.state)));
    if (!end || reader.hasEnded(o.gameId)) return;
    writer.ended(o.gameId, {
      game,
      winner: end.winner,
      players: o.club.players ?? {},
      losses: end.losses,
      at: new Date(now()).toISOString(),
    });
    o.logger.info({ game, winner: end.winner }, "battle over: reported to the club");
  };
  checkEnd(); // a battle that ended just before a restart is still reported
  const off = o.session.onChange((events) => {
    if (events.some((e) => e.type === "result")) checkEnd();
    publisher.kick();
    publisher.stateChanged();
  });
  return {
    get stats() {
      return publisher.stats;
    },
    close: async () => {
      off();
      await publisher.close();
    },
  };
}
