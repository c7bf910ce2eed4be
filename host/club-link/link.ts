/**
 * Links a table to its club (docs/reference/mqtt.md): the store already writes each resolved action and undo to the
 * outbox in its own transaction; this wakes the publisher on every change, keeps the `state` summary fresh, and
 * writes the game's `ended` message once when the game ends (host/session/game-over.ts: by the rules or the organiser).
 */
import type { Logger } from "pino";
import type { ClubConfig } from "../config/club-schema.ts";
import { gameOver } from "../session/game-over.ts";
import type { TableSession } from "../session/table-session.ts";
import { clubGameId, OutboxReader, OutboxWriter } from "../store/outbox.ts";
import type { SqliteStore } from "../store/sqlite-store.ts";
import { ClubPublisher, type PublisherStats } from "./publisher.ts";
import { ANSWER_MAX, gameIdOf } from "./requests.ts";
import { sideCounts, tableSummary } from "./table-summary.ts";

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
  // the game's start, once: what the board folds the records from, with the rule set's own rules
  if (!reader.hasStart(o.gameId))
    writer.start(o.gameId, {
      game,
      ruleset: o.session.rs.id,
      title: o.session.setup.title,
      scenario: o.session.setup.scenario ?? null,
      start: o.session.setup.start,
      ...(o.session.setup.data !== undefined && o.session.setup.data !== null ? { data: o.session.setup.data } : {}),
      at: new Date(created || now()).toISOString(),
    });
  const publisher = new ClubPublisher({
    club: o.club,
    outbox: reader,
    summary: () => ({ ...tableSummary(o.session, game, now()), lastSeq: reader.lastSeq(o.gameId) }),
    answer: (r) => {
      const id = gameIdOf(r.game, (g) => o.store.gameRecord(g)?.createdAt ?? null);
      return id === null ? [] : reader.again(id, r.from, Math.min(r.to, Math.max(r.from, 1) + ANSWER_MAX - 1), ANSWER_MAX + 2);
    },
    logger: o.logger,
    ...(o.stateIntervalMs !== undefined ? { stateIntervalMs: o.stateIntervalMs } : {}),
  });
  // the game's end as the display says it: the rules' own end (a side with no ship afloat, a gale, squadrons broken)
  // or the organiser's End
  const checkEnd = () => {
    if (reader.hasEnded(o.gameId)) return;
    const s = o.session;
    const over = gameOver(s.rs, s.state, s.records.at(-1)?.at ?? null, o.store.gameRecord(o.gameId) ?? null, s.followUps.length);
    if (!over) return;
    const sides = sideCounts(s.rs.shipViews(s.state));
    writer.ended(o.gameId, {
      game,
      winner: over.winner,
      players: o.club.players ?? {},
      losses: Object.fromEntries(sides.map((c) => [c.side, c.lost])),
      reason: over.reason,
      at: new Date(over.at ?? now()).toISOString(),
    });
    o.logger.info({ game, winner: over.winner, by: over.by }, "battle over: reported to the club");
  };
  checkEnd(); // a battle that ended just before a restart is still reported
  const off = o.session.onChange((events) => {
    // a result (the rules' end) or a notice (the organiser's End is announced on the table)
    if (events.some((e) => e.type === "result" || e.type === "notice")) checkEnd();
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
