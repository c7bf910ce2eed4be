/**
 * The composition root: table setup → store → session → devices → live updates. Everything the server
 * needs comes from here; nothing else builds devices or opens the store.
 */
import { randomInt } from "node:crypto";
import type { Logger } from "pino";
import { systemClock } from "../devices/common/clock.ts";
import type { DialDirection, Unsubscribe } from "../devices/readings.ts";
import type { WindView } from "../src/game/types.ts";
import { fail, ok, type Result } from "../src/result.ts";
import type { ClubLink } from "./club-link/link.ts";
import { composeDevices } from "./compose-devices.ts";
import type { TableSetup } from "./config/load.ts";
import { DeviceWatch } from "./device-notices.ts";
import { allHealth, subscribeDevices, type TableDevices } from "./devices.ts";
import { diceAtHand } from "./session/draft.ts";
import type { SessionEvent } from "./session/table-session.ts";
import { TableSession } from "./session/table-session.ts";
import { type TableView, tableView } from "./session/view.ts";
import { SilentDiceWatch, throwViewOf } from "./silent-dice.ts";
import { StoreError } from "./store/open-db.ts";
import { SqliteStore } from "./store/sqlite-store.ts";

/** One change of the table: the state after it and what happened. */
export interface TableUpdate {
  readonly view: TableView;
  readonly events: readonly SessionEvent[];
}

export interface TableRuntime {
  readonly session: TableSession;
  readonly devices: TableDevices;
  readonly store: SqliteStore;
  readonly gameId: number;
  /** The club link when the table file has a `club` section. */
  readonly club: ClubLink | null;
  view(): TableView;
  onUpdate(listener: (u: TableUpdate) => void): Unsubscribe;
  close(): Promise<void>;
}

export interface ComposeOptions {
  readonly setup: TableSetup;
  /** The SQLite file (`:memory:` in tests that need no restart). */
  readonly dbFile: string;
  readonly logger: Logger;
  /** Every device emulated (the demo table). */
  readonly sim: boolean;
  /** With `sim`: the demo dice go through an emulated HCI controller and noble (`--sim hci`). */
  readonly simDiceOverHci?: boolean;
  /** Emulated dice only: the rate (0–0.5) at which each die message is dropped, garbled and repeated. */
  readonly simFaults?: number;
  readonly now?: () => number;
}

const direction = (w: WindView): DialDirection => ({ system: w.system, fromDegrees: w.fromDegrees });

/** Builds and starts a table. */
export async function composeTable(opts: ComposeOptions): Promise<Result<TableRuntime>> {
  const now = opts.now ?? Date.now;
  const { setup, logger } = opts;
  let devices: TableDevices | null = null;
  let store: SqliteStore | null = null;
  let opened: ReturnType<typeof TableSession.open>;
  let game: ReturnType<SqliteStore["game"]>;
  try {
    store = new SqliteStore(opts.dbFile, { outbox: Boolean(setup.club) });
    const { from, to, backup } = store.migration;
    if (backup !== undefined) logger.info({ file: opts.dbFile, from, to, backup }, "game file upgraded to the current schema");
    game = store.game({ ruleset: setup.ruleset.id, title: setup.title, start: setup.start, data: setup.data ?? null }, now());
    opened = TableSession.open({
      setup,
      store: game,
      now,
      randomFace: (sides) => randomInt(1, sides + 1),
      deviceHealth: () => (devices ? allHealth(devices) : []),
    });
  } catch (e) {
    store?.close();
    if (!(e instanceof StoreError)) throw e;
    return fail("store.unreadable", `The table cannot start: ${e.message}`, e.file);
  }
  const session = opened;
  if (!session.ok) {
    store.close();
    return fail(session.error.code, `The table cannot start: ${session.error.message}`, session.error.path);
  }
  const s = session.value;
  for (const n of s.notices) logger.warn({ notice: n.text }, "notice at start");
  const built = await composeDevices(
    opts.sim || setup.devices === null
      ? { emulated: true, diceOverHci: opts.simDiceOverHci === true, diceFaults: opts.simFaults ?? 0 }
      : { emulated: false, config: setup.devices },
    logger,
  );
  devices = built;
  const display = setup.display;
  const view = (): TableView =>
    tableView(
      s,
      {
        devices: allHealth(built),
        dial: built.dial ? { angle: built.sim?.dialAngle?.() ?? built.dial.angle(), health: built.dial.health() } : null,
        sim: built.sim !== null,
      },
      display,
    );
  const listeners = new Set<(u: TableUpdate) => void>();
  // Runs from timers and device callbacks too: a failing view or listener is logged, never thrown (it would end the host).
  const publish = (events: readonly SessionEvent[]) => {
    if (listeners.size === 0) return;
    let u: TableUpdate;
    try {
      u = { view: view(), events };
    } catch (err) {
      logger.error({ err }, "the table state could not be built for live clients");
      return;
    }
    for (const l of listeners) {
      try {
        l(u);
      } catch (err) {
        logger.error({ err }, "a live listener failed");
      }
    }
  };
  const showWind = (w: WindView | null) => {
    if (w && built.dial) built.dial.show(direction(w)).catch((e: Error) => logger.warn({ err: e }, "the wind dial did not turn"));
  };
  let healthTimer: NodeJS.Timeout | undefined;
  const offSession = s.onChange((events) => {
    for (const e of events) if (e.type === "wind") showWind(e.wind);
    publish(events);
  });
  // a roll the table waits for whose die stays silent after the others settled is announced (issue 15)
  const silentDice = new SilentDiceWatch({
    clock: systemClock,
    view: () => throwViewOf(s.draftStatus(), (roller) => diceAtHand(allHealth(built), s.work.bindings, roller), s.records.length),
    announce: (text) => s.announce(text),
  });
  const deviceWatch = new DeviceWatch();
  deviceWatch.update(allHealth(built));
  const offDevices = subscribeDevices(
    built,
    (r) => {
      try {
        s.handleReading(r);
        if (r.type === "die.rolled") silentDice.dieRolled(r);
      } catch (e) {
        logger.error({ err: e, reading: r }, "a reading could not be handled");
      }
    },
    () => {
      // a device that dropped out (or came back) is said on the display at once, with what to do meanwhile
      try {
        for (const text of deviceWatch.update(allHealth(built))) s.announce(text);
      } catch (e) {
        logger.error({ err: e }, "a device change could not be announced");
      }
      // battery and signal reports can come several times a second per die: push health at most every 250 ms
      healthTimer ??= setTimeout(() => {
        healthTimer = undefined;
        publish([]);
      }, 250);
    },
  );
  // Devices start in the background: a slow or missing device shows in health, it never holds up the table.
  for (const src of built.sources) src.start().catch((e: Error) => logger.warn({ err: e }, "a device group failed to start"));
  built.dial
    ?.start()
    .then(() => showWind(s.windView()))
    .catch((e: Error) => logger.warn({ err: e }, "the wind dial failed to start"));
  // the MQTT client is loaded only for a table that reports to a club
  const club = setup.club
    ? (await import("./club-link/link.ts")).linkToClub({ club: setup.club, store, gameId: game.gameId, session: s, logger, now })
    : null;
  logger.info({ ruleset: setup.ruleset.id, game: game.gameId, resolved: s.records.length, club: setup.club?.broker }, "table ready");
  return ok({
    session: s,
    devices: built,
    store,
    gameId: game.gameId,
    club,
    view,
    onUpdate: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    close: async () => {
      clearTimeout(healthTimer);
      silentDice.close();
      offSession();
      offDevices();
      await club?.close();
      await built.close();
      store.close();
    },
  });
}
