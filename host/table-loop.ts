/**
 * The open game between the table's devices and its pages. A device's reading goes into the open game's session —
 * the one entry (ARCHITECTURE.md "The path of a die roll") — and each change the session commits comes out as the
 * table's view to the live pages, the wind dial turned to a new wind. Both halves are the die's path, so they are
 * kept in one file; what follows a reading or a change off that path (the silent-dice watch, the dice's lights) is
 * handed on to {@link LoopFollowers}.
 */
import type { Logger } from "pino";
import type { DeviceHealth, DialDirection, Reading, Unsubscribe } from "../devices/readings.ts";
import type { WindView } from "../src/game/types.ts";
import type { Result } from "../src/result.ts";
import type { LiveDevices } from "./compose-devices.ts";
import type { TableSetup } from "./config/load.ts";
import { allHealth, deviceName, namedHealth } from "./devices.ts";
import { type GameOnTable, openGameOnTable } from "./game-on-table.ts";
import type { SessionEvent } from "./session/table-session.ts";
import { type TableView, tableView, type ViewMemo } from "./session/view.ts";
import type { SqliteGameStore } from "./store/game-store.ts";
import type { GameRecord, SqliteStore } from "./store/sqlite-store.ts";

/** One change of the table: the state after it and what happened. */
export interface TableUpdate {
  /** Built on first read, once for every listener: a change no page is open for (the demo's fleet placed at start) builds none. */
  readonly view: TableView;
  readonly events: readonly SessionEvent[];
}

export interface TableLoopOptions {
  readonly store: SqliteStore;
  readonly logger: Logger;
  readonly now: () => number;
}

/** What follows a reading or a change off the die's path. */
export interface LoopFollowers {
  /** A reading, once the open game's session has taken it. */
  readonly read?: (r: Reading) => void;
  /** A change, on the next turn of the event loop: once the view is out. */
  readonly changed?: (events: readonly SessionEvent[]) => void;
}

const direction = (w: WindView): DialDirection => ({ system: w.system, fromDegrees: w.fromDegrees });

/** The game on the table, its readings in and its view out; the composition root builds one per table. */
export class TableLoop {
  readonly #o: TableLoopOptions;
  #game: GameOnTable | null = null;
  #devices: LiveDevices | null = null;
  #followers: LoopFollowers = {};
  /** Each listener with the event type it waits for, if any. */
  readonly #listeners = new Map<(u: TableUpdate) => void, SessionEvent["type"] | undefined>();
  /** Friendly names of the devices, read once and kept as they are given. */
  #names: Readonly<Record<string, string>>;
  /** The versions of the games opened on this table before the current one: pages see newer states. */
  #versionsBefore = 0;
  /** Parts of the view kept while what they show has not changed (the map, while no ship moved). */
  readonly #viewMemo: ViewMemo = {};
  /** The open game's record (its end, as the organiser's End keeps it), read again only after a person's write. */
  #stored: { id: number; writes: number; record: GameRecord | null } | null = null;

  constructor(options: TableLoopOptions) {
    this.#o = options;
    this.#names = options.store.deviceNames();
  }

  /** The game on the table. */
  get game(): GameOnTable {
    if (!this.#game) throw new Error("No game is on the table yet.");
    return this.#game;
  }

  /** Opens a stored game's session, its changes heard here; {@link put} puts it on the table. */
  open(game: SqliteGameStore, setup: TableSetup): Promise<Result<GameOnTable>> {
    const { store, logger, now } = this.#o;
    return openGameOnTable({ store, game, setup, logger, now, deviceHealth: this.health, onChange: this.#changed });
  }

  /** Puts `game` on the table in place of the one there, which is returned to be closed. */
  put(game: GameOnTable): GameOnTable | null {
    const before = this.#game;
    if (before) this.#versionsBefore += before.session.version + 1;
    this.#game = game;
    return before;
  }

  /** The table's devices, once built: from then on the view is published. */
  attach(devices: LiveDevices, followers: LoopFollowers): void {
    this.#devices = devices;
    this.#followers = followers;
  }

  /** A device's reading into the open game's session. Runs from device callbacks: a failure is logged, never thrown. */
  readonly reading = (r: Reading): void => {
    try {
      this.game.session.send({ type: "reading", reading: r });
      this.#followers.read?.(r);
    } catch (e) {
      this.#o.logger.error({ err: e, reading: r }, "a reading could not be handled");
    }
  };

  /** Ship markers the /camera page saw come into view, each the camera's reading: a ship waiting for hers takes the first. */
  readonly cameraShown = (markers: readonly number[]): void => {
    for (const marker of markers)
      this.game.session.send({ type: "reading", reading: { type: "marker.shown", sourceId: "camera", marker, at: this.#o.now() } });
  };

  /**
   * Every device's health with the name players read: a person's (from /devices), else the table file's (or its
   * scenario's), else its family and number in words.
   */
  readonly health = (): DeviceHealth[] => {
    return this.#devices ? namedHealth(allHealth(this.#devices), this.#namesNow()) : [];
  };

  /** The devices' names given: the table file's, a person's over them. */
  readonly deviceNames = (): Readonly<Record<string, string>> => this.#namesNow();

  #namesNow(): Readonly<Record<string, string>> {
    const fromFile = this.#game?.setup.deviceNames;
    return fromFile ? { ...fromFile, ...this.#names } : this.#names;
  }

  /** The table state as the API and the live feed give it. */
  view(): TableView {
    const devices = this.#devices;
    if (!devices) throw new Error("The table's devices are not built yet.");
    const { session, setup, gameId } = this.game;
    return tableView(
      session,
      {
        devices: this.health(),
        dial: devices.dial
          ? {
              angle: devices.sim?.dialAngle?.() ?? devices.dial.angle(),
              health: { ...devices.dial.health(), name: deviceName(devices.dial.health(), this.#namesNow()) },
            }
          : null,
        sim: devices.sim !== null,
      },
      setup.display,
      { id: gameId, versionsBefore: this.#versionsBefore, stored: this.#storedRecord(gameId) },
      this.#viewMemo,
    );
  }

  /**
   * Hears every change of the table; with `only`, the changes that carry an event of that type (the others do not call
   * it: a die's roll runs no listener that has nothing to do with it).
   */
  readonly onUpdate = (listener: (u: TableUpdate) => void, only?: SessionEvent["type"]): Unsubscribe => {
    this.#listeners.set(listener, only);
    return () => this.#listeners.delete(listener);
  };

  /** Sends the view and `events` to every listener. Runs from timers and device callbacks: failures are logged. */
  publish(events: readonly SessionEvent[]): void {
    if (this.#listeners.size === 0 || this.#devices === null) return;
    const view = this.#lazyView();
    const u: TableUpdate = {
      get view() {
        return view.get();
      },
      events,
    };
    for (const [l, only] of this.#listeners) {
      if (only !== undefined && !events.some((e) => e.type === only)) continue;
      try {
        l(u);
      } catch (err) {
        if (view.failed()) {
          // said once: every listener after this one goes without the view
          this.#o.logger.error({ err }, "the table state could not be built for live clients");
          return;
        }
        this.#o.logger.error({ err }, "a live listener failed");
      }
    }
  }

  /** The view, built at its first read (once, for every listener of one change). */
  #lazyView(): { get: () => TableView; failed: () => boolean } {
    let built: TableView | null = null;
    let failed = false;
    return {
      get: () => {
        if (built === null) {
          try {
            built = this.view();
          } catch (e) {
            failed = true;
            throw e;
          }
        }
        return built;
      },
      failed: () => failed,
    };
  }

  /** Turns the wind dial, if the table has one, to `wind`. */
  showWind(wind: WindView | null): void {
    if (wind && this.#devices?.dial)
      this.#devices.dial.show(direction(wind)).catch((e: Error) => this.#o.logger.warn({ err: e }, "the wind dial did not turn"));
  }

  /** Gives a device a friendly name (an empty one takes it away), shown at once. */
  readonly nameDevice = (id: string, name: string): void => {
    this.#o.store.setDeviceName(id, name);
    this.#names = this.#o.store.deviceNames();
    this.publish([]);
  };

  readonly #changed = (events: readonly SessionEvent[]): void => {
    for (const e of events) if (e.type === "wind") this.showWind(e.wind);
    this.publish(events);
    // the followers after the view is out: the display first, and the die's path stays as it was
    setImmediate(() => this.#followers.changed?.(events));
  };

  #storedRecord(id: number): GameRecord | null {
    const { store } = this.#o;
    if (this.#stored?.id !== id || this.#stored.writes !== store.writes)
      this.#stored = { id, writes: store.writes, record: store.gameRecord(id) };
    return this.#stored.record;
  }
}
