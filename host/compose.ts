/**
 * The composition root: table setup → store → the open game's session → devices → live updates; a game opened
 * from /games takes the open one's place on the same devices. Everything the server
 * needs comes from here; nothing else builds devices or opens the store.
 */
import type { Logger } from "pino";
import { systemClock } from "../devices/common/clock.ts";
import type { DialDirection, Unsubscribe } from "../devices/readings.ts";
import type { WindView } from "../src/game/types.ts";
import { fail, ok, type Result } from "../src/result.ts";
import { type CameraSetup, cameraSetup, type MarkerSighting, reportSightings } from "./camera-sightings.ts";
import type { ClubLink } from "./club-link/link.ts";
import type { LiveDevices } from "./compose-devices.ts";
import { composeTableDevices } from "./compose-table-devices.ts";
import { gameSetupOf } from "./config/game-table.ts";
import type { TableSetup } from "./config/load.ts";
import { DEFAULT_TABLE, startingFormation } from "./config/table-layout.ts";
import { DeviceWatch } from "./device-notices.ts";
import { type DeviceSetup, deviceSetup } from "./device-setup/setup.ts";
import { allHealth, showLight, subscribeDevices, type TableDevices } from "./devices.ts";
import { DICE_LIGHTS_SETTING, DiceLights, diceLightsOn } from "./dice-lights.ts";
import { type GameOnTable, openGameOnTable, setupForGame } from "./game-on-table.ts";
import { awaitedDice } from "./session/awaited-dice.ts";
import { diceAtHand } from "./session/draft.ts";
import type { SessionEvent, TableSession } from "./session/table-session.ts";
import { type TableView, tableView, type ViewMemo } from "./session/view.ts";
import { SilentDiceWatch, throwViewOf } from "./silent-dice.ts";
import type { SqliteGameStore } from "./store/game-store.ts";
import { StoreError } from "./store/open-db.ts";
import { type GameRecord, SqliteStore } from "./store/sqlite-store.ts";

/** One change of the table: the state after it and what happened. */
export interface TableUpdate {
  readonly view: TableView;
  readonly events: readonly SessionEvent[];
}

export interface TableRuntime {
  /** The session of the game open on the table (another after {@link TableRuntime.openGame}). */
  readonly session: TableSession;
  readonly devices: LiveDevices;
  readonly store: SqliteStore;
  /** The open game's id. */
  readonly gameId: number;
  /** The open game's club link, when the table file has a `club` section. */
  readonly club: ClubLink | null;
  view(): TableView;
  /**
   * Listens to every change of the table; with `only`, to the changes that carry an event of that type (the others
   * do not call it: a die's roll runs no listener that has nothing to do with it).
   */
  onUpdate(listener: (u: TableUpdate) => void, only?: SessionEvent["type"]): Unsubscribe;
  /** What the /camera page needs: the playing area and which marker is which ship of the open game. */
  camera(): CameraSetup;
  /** The ship markers the /camera page saw settle, reported as the open game's ships (docs/reference/camera.md). */
  reportCamera(markers: readonly MarkerSighting[]): Result<{ readonly reported: number; readonly unknown: readonly number[] }>;
  /** Ship markers the /camera page saw come into view: while a ship waits for her marker, the first goes to her. */
  cameraShown(markers: readonly number[]): void;
  /** Adding, replacing and removing devices from /devices (host/device-setup/setup.ts). */
  readonly deviceSetup: DeviceSetup;
  /** Gives a device a friendly name (an empty one takes it away); false when the table has no such device. */
  nameDevice(id: string, name: string): boolean;
  /**
   * Puts game `id` of the file on the table in place of the open one (which stays as it is, to be opened again);
   * the same start of the host resumes it. An ended or archived game becomes active again.
   */
  openGame(id: number): Promise<Result<null>>;
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

/** How often the game file is checked (deleted or replaced, writable again). */
const STORE_CHECK_MS = 2000;

const direction = (w: WindView): DialDirection => ({ system: w.system, fromDegrees: w.fromDegrees });

/** Builds and starts a table: the game the same start left open (or the table file's own), then its devices. */
export async function composeTable(opts: ComposeOptions): Promise<Result<TableRuntime>> {
  const now = opts.now ?? Date.now;
  const { setup: tableFile, logger } = opts;
  let devices: LiveDevices | null = null;
  const deviceHealth = () => (devices ? allHealth(devices) : []);
  // each listener with the event type it waits for, if any
  const listeners = new Map<(u: TableUpdate) => void, SessionEvent["type"] | undefined>();
  let store: SqliteStore;
  try {
    store = new SqliteStore(opts.dbFile, { outbox: Boolean(tableFile.club) });
  } catch (e) {
    if (!(e instanceof StoreError)) throw e;
    return fail("store.unreadable", `The table cannot start: ${e.message}`, e.file);
  }
  const { from, to, backup } = store.migration;
  if (backup !== undefined) logger.info({ file: opts.dbFile, from, to, backup }, "game file upgraded to the current schema");

  // the game on the table, its session's versions counted on from the last game's so that pages see newer states
  let current: GameOnTable;
  // friendly names of the devices, read once and kept as they are given
  let names = store.deviceNames();
  let versionBase = 0; // the versions of the games opened on this table before the current one
  // parts of the view kept while what they show has not changed (the map, while no ship moved)
  const viewMemo: ViewMemo = {};
  // the open game's record (its end, as the organiser's End keeps it), read again only after a person's write to the file
  let stored: { id: number; writes: number; record: GameRecord | null } | null = null;
  const storedRecord = (id: number): GameRecord | null => {
    if (stored?.id !== id || stored.writes !== store.writes) stored = { id, writes: store.writes, record: store.gameRecord(id) };
    return stored.record;
  };
  const view = (): TableView => {
    const built = devices as TableDevices;
    return tableView(
      current.session,
      {
        devices: allHealth(built).map((d) => (names[d.id] ? { ...d, name: names[d.id] } : d)),
        dial: built.dial ? { angle: built.sim?.dialAngle?.() ?? built.dial.angle(), health: built.dial.health() } : null,
        sim: built.sim !== null,
      },
      current.setup.display,
      { id: current.gameId, versionsBefore: versionBase, stored: storedRecord(current.gameId) },
      viewMemo,
    );
  };
  // Runs from timers and device callbacks too: a failing view or listener is logged, never thrown (it would end the host).
  const publish = (events: readonly SessionEvent[]) => {
    if (listeners.size === 0 || devices === null) return;
    let u: TableUpdate;
    try {
      u = { view: view(), events };
    } catch (err) {
      logger.error({ err }, "the table state could not be built for live clients");
      return;
    }
    for (const [l, only] of listeners) {
      if (only !== undefined && !events.some((e) => e.type === only)) continue;
      try {
        l(u);
      } catch (err) {
        logger.error({ err }, "a live listener failed");
      }
    }
  };
  // the dice answer back (issue 28): results as the rules marked them, the awaited dice glowing, a low battery
  let lights: DiceLights | null = null;
  const lightDice = (events: readonly SessionEvent[]) => {
    if (!lights || !devices) return;
    try {
      for (const e of events) if (e.type === "result") lights.resolved(e.record);
      const s = current.session;
      lights.awaiting(awaitedDice(s.draftStatus(), allHealth(devices), s.work.bindings, s.work.players));
    } catch (err) {
      logger.error({ err }, "the dice's lights could not be worked out");
    }
  };
  const showWind = (w: WindView | null) => {
    if (w && devices?.dial) devices.dial.show(direction(w)).catch((e: Error) => logger.warn({ err: e }, "the wind dial did not turn"));
  };
  const open = (game: SqliteGameStore, setup: TableSetup) =>
    openGameOnTable({
      store,
      game,
      setup,
      logger,
      now,
      deviceHealth,
      onChange: (events) => {
        for (const e of events) if (e.type === "wind") showWind(e.wind);
        publish(events);
        // the dice answer after the view is out: the display first, and the die's path stays as it was
        setImmediate(() => lightDice(events));
      },
    });

  let first: Result<GameOnTable>;
  try {
    first = await open(...firstGame(store, tableFile, now(), logger));
  } catch (e) {
    store.close();
    if (!(e instanceof StoreError)) throw e;
    return fail("store.unreadable", `The table cannot start: ${e.message}`, e.file);
  }
  if (!first.ok) {
    store.close();
    return fail(first.error.code, `The table cannot start: ${first.error.message}`, first.error.path);
  }
  current = first.value;
  for (const n of current.session.notices) logger.warn({ notice: n.text }, "notice at start");
  const built = await composeTableDevices(tableFile, store, opts, logger);
  devices = built;
  lights = new DiceLights({
    show: (id, light) => showLight(built, id, light),
    enabled: () => diceLightsOn(store.setting(DICE_LIGHTS_SETTING), current.setup.display),
    wait: (ms) => new Promise((done) => setTimeout(done, ms)),
    logger,
  });
  let healthTimer: NodeJS.Timeout | undefined;
  // a roll the table waits for whose die stays silent after the others settled is announced (issue 15)
  const silentDice = new SilentDiceWatch({
    clock: systemClock,
    view: () => {
      const s = current.session;
      return throwViewOf(s.draftStatus(), (roller) => diceAtHand(allHealth(built), s.work.bindings, roller), s.records.length);
    },
    announce: (text) => current.session.send({ type: "announce", text }),
  });
  const deviceWatch = new DeviceWatch();
  deviceWatch.update(allHealth(built));
  const offDevices = subscribeDevices(
    built,
    (r) => {
      try {
        current.session.send({ type: "reading", reading: r });
        if (r.type === "die.rolled") silentDice.dieRolled(r);
      } catch (e) {
        logger.error({ err: e, reading: r }, "a reading could not be handled");
      }
    },
    () => {
      // a device that dropped out (or came back) is said on the display at once, with what to do meanwhile
      try {
        for (const n of deviceWatch.said(allHealth(built)))
          current.session.send({ type: "announce", text: n.text, ...(n.device ? { device: n.device } : {}) });
      } catch (e) {
        logger.error({ err: e }, "a device change could not be announced");
      }
      // a die that came (back) may be the one awaited; a low battery blinks once
      lights?.health(allHealth(built));
      lightDice([]);
      // battery and signal reports can come several times a second per die: push health at most every 250 ms
      healthTimer ??= setTimeout(() => {
        healthTimer = undefined;
        publish([]);
      }, 250);
    },
  );
  // The demo's table of models holds the open game's fleet: each ship where it was last seen, else in its formation
  // (a restart or a game opened again does not scatter the fleet).
  const placeFleet = () => {
    const place = built.sim?.place;
    if (!place) return;
    const { session, setup } = current;
    const known = session.work.positions ?? {};
    const ships = session.state.ships.map((s) => ({ id: s.id, side: String(s.side) }));
    const models = startingFormation(ships, setup.table ?? DEFAULT_TABLE).map((m) => {
      const p = known[m.ship];
      return p ? { ship: m.ship, x: p.x, y: p.y, heading: p.heading } : m;
    });
    place(models).catch((e: Error) => logger.warn({ err: e }, "the fleet could not be placed on the emulated table"));
  };
  placeFleet();
  // Devices start in the background: a slow or missing device shows in health, it never holds up the table.
  built.onDialStarted(() => showWind(current.session.windView()));
  built.start();
  logger.info(
    { ruleset: current.setup.ruleset.id, game: current.gameId, resolved: current.session.records.length, club: tableFile.club?.broker },
    "table ready",
  );
  // the game file checked every few seconds: deleted or replaced under the host, or taking writes again after
  // refusing them (the result waiting is then recorded, and play resumes by itself)
  const storeWatch = setInterval(() => {
    try {
      current.session.checkStore();
    } catch (err) {
      logger.error({ err }, "the game file could not be checked");
    }
  }, STORE_CHECK_MS);
  storeWatch.unref();
  // one switch at a time: a second request waits for the first
  let switching: Promise<unknown> = Promise.resolve();
  const openGame = async (id: number): Promise<Result<null>> => {
    const record = store.gameRecord(id);
    const game = record ? store.gameById(id) : null;
    if (!record || !game) return fail("game.unknown", `There is no game ${id} in this table's file.`, "id");
    if (id === current.gameId) return ok(null);
    const setup = setupForGame(record, tableFile);
    if (!setup.ok) return setup;
    const next = await open(game, setup.value);
    if (!next.ok) return next;
    const before = current;
    versionBase += before.session.version + 1;
    current = next.value;
    store.setOpenedGame(id, gameSetupOf(tableFile));
    await before.close();
    silentDice.close(); // forgets a throw of the game put away (the watch goes on for the next)
    showWind(current.session.windView());
    lightDice([]);
    placeFleet();
    logger.info({ game: id, ruleset: current.setup.ruleset.id, resolved: current.session.records.length }, "game opened on the table");
    publish([]);
    return ok(null);
  };
  const cameraOf = () => cameraSetup(current.session.state.ships, current.setup.table ?? DEFAULT_TABLE, current.session.markers);
  const nameDevice = (id: string, name: string) => {
    store.setDeviceName(id, name);
    names = store.deviceNames();
    publish([]);
  };
  const setupOfDevices = deviceSetup({ store, devices: built, file: tableFile.devices, logger, now, name: nameDevice });
  return ok({
    deviceSetup: setupOfDevices,
    get session() {
      return current.session;
    },
    devices: built,
    store,
    get gameId() {
      return current.gameId;
    },
    get club() {
      return current.club;
    },
    view,
    onUpdate: (l, only) => {
      listeners.set(l, only);
      return () => listeners.delete(l);
    },
    camera: () => cameraOf(),
    reportCamera: (markers) => reportSightings(markers, cameraOf(), built.positions),
    cameraShown: (markers) => {
      for (const marker of markers)
        current.session.send({ type: "reading", reading: { type: "marker.shown", sourceId: "camera", marker, at: now() } });
    },
    nameDevice: (id, name) => {
      if (name !== "" && !allHealth(built).some((d) => d.id === id)) return false;
      nameDevice(id, name);
      return true;
    },
    openGame: (id) => {
      const done = switching.then(() => openGame(id));
      switching = done.catch(() => {});
      return done;
    },
    close: async () => {
      clearTimeout(healthTimer);
      clearInterval(storeWatch);
      silentDice.close();
      offDevices();
      await lights?.close();
      await current.close();
      await built.close();
      store.close();
    },
  });
}

/** The game a start opens: the one a person opened under this table file, if still being played, or the file's own. */
function firstGame(store: SqliteStore, tableFile: TableSetup, now: number, logger: Logger): [SqliteGameStore, TableSetup] {
  const opened = store.openedGame(gameSetupOf(tableFile));
  const record = opened === null ? null : store.gameRecord(opened);
  const game = record ? store.gameById(record.id) : null;
  if (record && game) {
    const setup = setupForGame(record, tableFile);
    if (setup.ok) return [game, setup.value];
    logger.warn(
      { game: record.id, problem: setup.error.message },
      "the game last opened cannot be resumed: the table file's own game is opened",
    );
  }
  return [store.game(gameSetupOf(tableFile), now), tableFile];
}
