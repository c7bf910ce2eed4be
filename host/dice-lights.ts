/**
 * Dice that answer back (issue 28): when an action resolves, each electronic die of it shows its own result as the
 * rules marked it (`hit`, `miss`; `counted` for a die the rules give no hit or miss); the dice the table waits for
 * glow until they are rolled (host/session/awaited-dice.ts); a die whose battery runs low blinks once. The host only
 * says which light; the die's family says how (devices/dice/lights.ts). Lights are off for a table whose file says
 * `display: {diceLights: false}`, or switched off from the browser (`PUT /api/dice-lights`, kept with the table).
 *
 * Each die's lights go out in order, one after another: a result light is given its time before the next (a glow
 * for the next roll would cut it short), and a glowing die is put out before it shows its result.
 */
import type { Logger } from "pino";
import { LIGHT_PATTERNS } from "../devices/dice/light-patterns.ts";
import type { DeviceHealth, DieLight } from "../devices/readings.ts";
import type { ResolvedRecord } from "./store/records.ts";

/** The table setting (the game file's) that switches the lights on or off from the browser: `on` / `off`. */
export const DICE_LIGHTS_SETTING = "dice-lights";

/** Whether the dice answer back: the table's own setting when one was made, else the table file's (absent: on). */
export function diceLightsOn(kept: string | null, display: { readonly diceLights?: boolean } | undefined): boolean {
  return kept !== null ? kept === "on" : display?.diceLights !== false;
}

/** A die at or below this battery percent blinks once (again only after it was charged above it). */
export const LOW_BATTERY_PERCENT = 15;
/** Above this the low-battery blink is armed again (no blink on every percent up and down around the line). */
const RECHARGED_PERCENT = LOW_BATTERY_PERCENT + 5;

export interface DiceLightsOptions {
  /** Shows a light on a die; false when it could not (not connected, no such die). */
  readonly show: (dieId: string, light: DieLight) => Promise<boolean>;
  /** Whether the table's dice answer back (read at each change: a game opened with another table file may differ). */
  readonly enabled: () => boolean;
  /** Waits `ms` (a result light's time before the die's next light). */
  readonly wait: (ms: number) => Promise<void>;
  readonly logger?: Logger;
}

export class DiceLights {
  readonly #o: DiceLightsOptions;
  /** Dice told to glow and not yet put out. */
  readonly #glowing = new Set<string>();
  /** Dice that blinked for a low battery (until charged again). */
  readonly #warned = new Set<string>();
  /** Each die's lights, one after another. */
  readonly #queues = new Map<string, Promise<unknown>>();
  #closed = false;
  #wake: () => void = () => undefined;
  /** Resolves on close: a result light's wait ends at once. */
  readonly #closing = new Promise<void>((resolve) => {
    this.#wake = resolve;
  });

  constructor(options: DiceLightsOptions) {
    this.#o = options;
  }

  /** An action resolved: each electronic die of it shows how the rules counted it. */
  resolved(record: ResolvedRecord): void {
    if (!this.#o.enabled()) return;
    for (const d of record.dice) {
      if (d.from.source !== "die") continue;
      const id = d.from.dieId;
      if (this.#glowing.delete(id)) this.#queue(id, "off");
      this.#queue(id, d.mark ?? "counted");
    }
  }

  /** The dice the table waits for now: new ones glow, those no longer awaited are put out. */
  awaiting(dieIds: readonly string[]): void {
    const want = new Set(this.#o.enabled() ? dieIds : []);
    for (const id of [...this.#glowing]) {
      if (want.has(id)) continue;
      this.#glowing.delete(id);
      this.#queue(id, "off");
    }
    for (const id of want) {
      if (this.#glowing.has(id)) continue;
      this.#glowing.add(id);
      this.#queue(id, "glow");
    }
  }

  /** The devices' health: a die whose battery fell to {@link LOW_BATTERY_PERCENT} blinks once. */
  health(all: readonly DeviceHealth[]): void {
    for (const h of all) {
      if (h.kind !== "die" || h.battery === undefined) continue;
      if (h.battery > RECHARGED_PERCENT) this.#warned.delete(h.id);
      if (h.battery > LOW_BATTERY_PERCENT || !h.connected || this.#warned.has(h.id) || !this.#o.enabled()) continue;
      this.#warned.add(h.id);
      // not shown (the link was not up yet): try again at the die's next health report
      this.#queue(h.id, "low-battery", () => this.#warned.delete(h.id));
    }
  }

  /** Every die's lights sent so far have gone out (for tests and a clean stop). */
  async settled(): Promise<void> {
    let seen: Promise<unknown>[];
    do {
      seen = [...this.#queues.values()];
      await Promise.all(seen);
    } while ([...this.#queues.values()].some((q, i) => q !== seen[i]));
  }

  /** Puts out the glowing dice and sends nothing more. */
  async close(): Promise<void> {
    this.awaiting([]);
    this.#closed = true;
    this.#wake();
    await this.settled();
  }

  #queue(dieId: string, light: DieLight, notShown?: () => void): void {
    if (this.#closed) return;
    const before = this.#queues.get(dieId) ?? Promise.resolve();
    const next = before.then(async () => {
      const shown = await this.#o.show(dieId, light).catch((e: unknown) => {
        this.#o.logger?.debug({ dieId, light, err: String(e) }, "a die's light could not be shown");
        return false;
      });
      if (!shown) return notShown?.();
      if (light === "hit" || light === "miss" || light === "counted")
        await Promise.race([this.#o.wait(LIGHT_PATTERNS[light].durationMs), this.#closing]);
    });
    this.#queues.set(dieId, next);
  }
}
