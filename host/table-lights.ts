/**
 * The table's dice answering back (issue 28), fed by the open game and the devices: each result as the rules marked
 * its dice, the dice the table waits for glowing, a low battery blinking once. Whether they answer is read at each
 * change ({@link diceLightsOn}: the kept setting, else the open game's display section). Runs from timers and device
 * callbacks: a failure is logged, never thrown.
 */
import type { Logger } from "pino";
import type { DeviceHealth } from "../devices/readings.ts";
import { allHealth, showLight, type TableDevices } from "./devices.ts";
import { DICE_LIGHTS_SETTING, DiceLights, diceLightsOn } from "./dice-lights.ts";
import type { GameOnTable } from "./game-on-table.ts";
import { awaitedDice } from "./session/awaited-dice.ts";
import type { SessionEvent } from "./session/table-session.ts";
import type { SqliteStore } from "./store/sqlite-store.ts";

export interface TableLightsOptions {
  readonly devices: TableDevices;
  readonly store: SqliteStore;
  /** The game on the table now. */
  readonly game: () => GameOnTable;
  readonly logger: Logger;
}

/** The dice's lights of one table, over its devices, following whichever game is open. */
export class TableLights {
  readonly #o: TableLightsOptions;
  readonly #lights: DiceLights;

  constructor(options: TableLightsOptions) {
    this.#o = options;
    const { devices, store, game, logger } = options;
    this.#lights = new DiceLights({
      show: (id, light) => showLight(devices, id, light),
      enabled: () => diceLightsOn(store.setting(DICE_LIGHTS_SETTING), game().setup.display),
      wait: (ms) => new Promise((done) => setTimeout(done, ms)),
      logger,
    });
  }

  /** After a change: each result's dice as the rules marked them, then the dice awaited now glowing. */
  readonly changed = (events: readonly SessionEvent[]): void => {
    try {
      for (const e of events) if (e.type === "result") this.#lights.resolved(e.record);
      const s = this.#o.game().session;
      this.#lights.awaiting(awaitedDice(s.draftStatus(), allHealth(this.#o.devices), s.work.bindings, s.work.players));
    } catch (err) {
      this.#o.logger.error({ err }, "the dice's lights could not be worked out");
    }
  };

  /** The devices' health: a die whose battery ran low blinks once. */
  health(all: readonly DeviceHealth[]): void {
    this.#lights.health(all);
  }

  /** Puts out the glowing dice and sends nothing more. */
  close(): Promise<void> {
    return this.#lights.close();
  }
}
