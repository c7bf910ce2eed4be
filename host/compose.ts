/**
 * The composition root: table setup → store → the open game's session → devices → live updates; a game opened
 * from /games takes the open one's place on the same devices. Everything the server needs comes from here; nothing
 * else builds devices or opens the store. Each concern is a part of its own, wired here: what a start opens
 * (`table-start.ts`), the open game between devices and pages (`table-loop.ts`, the die's path), the devices' health
 * (`device-changes.ts`), the dice's lights (`table-lights.ts`), the silent dice (`silent-dice.ts`), the demo's models
 * (`demo-fleet.ts`), the game file's watch (`game-file-watch.ts`) and opening another game (`game-switch.ts`).
 */
import type { Logger } from "pino";
import { systemClock } from "../devices/common/clock.ts";
import type { Reading, Unsubscribe } from "../devices/readings.ts";
import { fail, ok, type Result } from "../src/result.ts";
import { SightingPacer } from "./camera-pace.ts";
import { type CameraSetup, cameraSetup, type MarkerSighting, reportSightings } from "./camera-sightings.ts";
import type { ClubLink } from "./club-link/link.ts";
import { brokerForLog } from "./club-link/mqtt-options.ts";
import type { LiveDevices } from "./compose-devices.ts";
import { composeTableDevices } from "./compose-table-devices.ts";
import type { TableSetup } from "./config/load.ts";
import { DEFAULT_TABLE } from "./config/table-layout.ts";
import { placeFleet } from "./demo-fleet.ts";
import { DeviceChanges } from "./device-changes.ts";
import { type DeviceSetup, deviceSetup } from "./device-setup/setup.ts";
import { allHealth, subscribeDevices } from "./devices.ts";
import { watchGameFile } from "./game-file-watch.ts";
import type { GameOnTable } from "./game-on-table.ts";
import { GameSwitch } from "./game-switch.ts";
import { sayRescuedCopies } from "./rescued-notice.ts";
import { diceAtHand } from "./session/draft.ts";
import type { SessionEvent, TableSession } from "./session/table-session.ts";
import type { TableView } from "./session/view.ts";
import { SilentDiceWatch, throwViewOf } from "./silent-dice.ts";
import { markStartup } from "./startup-marks.ts";
import type { SqliteStore } from "./store/sqlite-store.ts";
import { TableLights } from "./table-lights.ts";
import { TableLoop, type TableUpdate } from "./table-loop.ts";
import { firstGame, openTableStore, refusedStart } from "./table-start.ts";

export type { TableUpdate } from "./table-loop.ts";

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
  /**
   * Starts the devices and places the demo's fleet, if {@link ComposeOptions.devicesLater} held them back (once;
   * later calls do nothing). Until then the table takes actions and its devices show as not connected.
   */
  startDevices(): void;
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
  /**
   * Hold the devices' start (and the demo's fleet placement) back until {@link TableRuntime.startDevices}: the
   * host listens first, so the table serves its pages while its devices connect (host/cli/commands/start.ts).
   */
  readonly devicesLater?: boolean;
}

/** Builds and starts a table: the game the same start left open (or the table file's own), then its devices. */
export async function composeTable(opts: ComposeOptions): Promise<Result<TableRuntime>> {
  const now = opts.now ?? Date.now;
  const { setup: tableFile, logger } = opts;
  const opened = openTableStore(opts.dbFile, tableFile, logger);
  if (!opened.ok) return opened;
  const store = opened.value;
  markStartup("store opened");
  const loop = new TableLoop({ store, logger, now });
  const first = await openFirst(loop, store, tableFile, now(), logger);
  if (!first.ok) return first;
  loop.put(first.value);
  for (const n of loop.game.session.notices) logger.warn({ notice: n.text }, "notice at start");
  markStartup("game opened");
  const devices = await composeTableDevices(tableFile, store, opts, logger);
  markStartup("devices composed");
  const session = () => loop.game.session;
  const lights = new TableLights({ devices, store, game: () => loop.game, logger });
  // a roll the table waits for whose die stays silent after the others settled is announced (issue 15)
  const silentDice = new SilentDiceWatch({
    clock: systemClock,
    view: () => {
      const s = session();
      return throwViewOf(s.draftStatus(), (roller) => diceAtHand(allHealth(devices), s.work.bindings, roller), s.records.length);
    },
    announce: (text) => session().send({ type: "announce", text }),
  });
  const changes = new DeviceChanges({ devices, health: loop.health, session, lights, publish: () => loop.publish([]), logger });
  const read = (r: Reading) => {
    if (r.type === "die.rolled") silentDice.dieRolled(r);
  };
  loop.attach(devices, { read, changed: lights.changed });
  const offDevices = subscribeDevices(devices, loop.reading, changes.changed);
  devices.onDialStarted(() => loop.showWind(session().windView()));
  let started = false;
  const startDevices = () => {
    if (started) return;
    started = true;
    placeFleet(devices, loop.game, logger);
    // Devices start in the background: a slow or missing device shows in health, it never holds up the table.
    devices.start();
    markStartup("devices started");
  };
  if (opts.devicesLater !== true) startDevices();
  const { gameId, setup } = loop.game;
  logger.info(
    {
      ruleset: setup.ruleset.id,
      game: gameId,
      resolved: session().records.length,
      club: tableFile.club ? brokerForLog(tableFile.club.broker) : undefined,
    },
    "table ready",
  );
  sayRescuedCopies(store.file, session(), logger);
  const stopWatch = watchGameFile(session, logger);
  const games = new GameSwitch({
    loop,
    store,
    tableFile,
    logger,
    switched: () => {
      silentDice.close(); // forgets a throw of the game put away (the watch goes on for the next)
      loop.showWind(session().windView());
      lights.changed([]);
      placeFleet(devices, loop.game, logger);
    },
  });
  const close = async () => {
    changes.close();
    stopWatch();
    silentDice.close();
    offDevices();
    await lights.close();
    await loop.game.close();
    await devices.close();
    store.close();
  };
  const setupOfDevices = deviceSetup({
    store,
    devices,
    file: tableFile.devices,
    logger,
    now,
    name: loop.nameDevice,
    names: loop.deviceNames,
  });
  return ok(runtimeOf(loop, store, devices, games, setupOfDevices, { startDevices, close }));
}

/** The first game's session: a file that cannot be read, or a game that cannot be opened, is the start refused. */
async function openFirst(
  loop: TableLoop,
  store: SqliteStore,
  tableFile: TableSetup,
  now: number,
  logger: Logger,
): Promise<Result<GameOnTable>> {
  let first: Result<GameOnTable>;
  try {
    first = await loop.open(...firstGame(store, tableFile, now, logger));
  } catch (e) {
    store.close();
    return refusedStart(e);
  }
  if (first.ok) return first;
  store.close();
  return fail(first.error.code, `The table cannot start: ${first.error.message}`, first.error.path);
}

/** The table as the server sees it, over the parts the root wired. */
function runtimeOf(
  loop: TableLoop,
  store: SqliteStore,
  devices: LiveDevices,
  games: GameSwitch,
  setupOfDevices: DeviceSetup,
  { startDevices, close }: { startDevices: () => void; close: () => Promise<void> },
): TableRuntime {
  const cameraOf = () => cameraSetup(loop.game.session.state.ships, loop.game.setup.table ?? DEFAULT_TABLE, loop.game.session.markers);
  // the camera's reports reach the table at a fixed rate, each ship at her latest (camera-pace.ts)
  const pacer = new SightingPacer((seen) => devices.positions?.report(seen));
  return {
    deviceSetup: setupOfDevices,
    get session() {
      return loop.game.session;
    },
    devices,
    store,
    get gameId() {
      return loop.game.gameId;
    },
    get club() {
      return loop.game.club;
    },
    view: () => loop.view(),
    onUpdate: loop.onUpdate,
    camera: () => cameraOf(),
    reportCamera: (markers) => reportSightings(markers, cameraOf(), devices.positions, (seen) => pacer.offer(seen)),
    cameraShown: loop.cameraShown,
    nameDevice: (id, name) => {
      if (name !== "" && !allHealth(devices).some((d) => d.id === id)) return false;
      loop.nameDevice(id, name);
      return true;
    },
    openGame: (id) => games.open(id),
    startDevices,
    close: async () => {
      pacer.close();
      await close();
    },
  };
}
