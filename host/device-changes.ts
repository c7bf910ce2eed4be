/**
 * What the table does when a device's health changes: a device that dropped out (or came back) is said on the display
 * at once, with what to do meanwhile (host/device-notices.ts); a die that came (back) may be the one awaited, and a
 * low battery blinks once (the dice's lights); the health shown is pushed at most every 250 ms, since battery and
 * signal reports can come several times a second per die.
 */
import type { Logger } from "pino";
import type { DeviceHealth } from "../devices/readings.ts";
import { DeviceWatch } from "./device-notices.ts";
import { allHealth, type TableDevices } from "./devices.ts";
import type { TableSession } from "./session/table-session.ts";
import type { TableLights } from "./table-lights.ts";

/** How long health reports are gathered before the view is pushed. */
const HEALTH_PUSH_MS = 250;

export interface DeviceChangesOptions {
  readonly devices: TableDevices;
  /** Every device's health with its name (the loop's), which the sentences say. */
  readonly health: () => readonly DeviceHealth[];
  /** The open game's session, which says the notices. */
  readonly session: () => TableSession;
  readonly lights: TableLights;
  /** Pushes the view (with no events). */
  readonly publish: () => void;
  readonly logger: Logger;
}

/** The devices' health listener of one table. */
export class DeviceChanges {
  readonly #o: DeviceChangesOptions;
  readonly #watch = new DeviceWatch();
  #timer: NodeJS.Timeout | undefined;

  constructor(options: DeviceChangesOptions) {
    this.#o = options;
    this.#watch.update(options.health());
  }

  /** A device's health changed (the devices' health listener). */
  readonly changed = (): void => {
    const { devices, session, lights, logger, health } = this.#o;
    try {
      for (const n of this.#watch.said(health()))
        session().send({ type: "announce", text: n.text, ...(n.device ? { device: n.device } : {}) });
    } catch (e) {
      logger.error({ err: e }, "a device change could not be announced");
    }
    lights.health(allHealth(devices));
    lights.changed([]);
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      this.#o.publish();
    }, HEALTH_PUSH_MS);
  };

  /** Drops a push still waiting. */
  close(): void {
    clearTimeout(this.#timer);
  }
}
