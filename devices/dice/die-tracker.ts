/**
 * Everything the host knows about one configured die across connections: its roll gate, the readings it emits
 * and its health. Sessions and advert watchers report into it through {@link SessionSink}.
 */
import type { Logger } from "pino";
import type { Clock } from "../common/clock.ts";
import type { DeviceHealth, DieRolled, DieRollLost, PhysicalDieKind } from "../readings.ts";
import type { DiceDeviceConfig } from "./config.ts";
import type { RejectionCounter } from "./decoded.ts";
import { isFaceOf } from "./physical-faces.ts";
import { type GateDecision, RollGate } from "./roll-gate.ts";
import type { SessionSink } from "./session.ts";

export interface TrackerDeps {
  readonly config: DiceDeviceConfig;
  readonly clock: Clock;
  readonly logger?: Logger;
  readonly rejections: RejectionCounter;
  readonly emulated: boolean;
  readonly emit: (reading: DieRolled | DieRollLost) => void;
  readonly healthChanged: (health: DeviceHealth) => void;
}

export const LOST_ROLL_MESSAGE = "A roll was under way when the die dropped out; its result is lost. Roll again or type the value.";
export const CROOKED_MESSAGE = "The die landed crooked (not flat on a face). Roll it again.";

export class DieTracker implements SessionSink {
  readonly gate = new RollGate();
  #reportedKind: PhysicalDieKind | null = null;
  #connected = false;
  #status = "searching";
  #linkMessage: string | undefined;
  #notice: string | undefined;
  #lastSeen: number | undefined;
  #battery: number | undefined;
  #rssi: number | undefined;
  #color: string | undefined;
  #rolls = 0;

  constructor(private readonly deps: TrackerDeps) {
    this.#color = deps.config.color;
  }

  get id(): string {
    return this.deps.config.id;
  }

  /** Rolls emitted so far. */
  get rolls(): number {
    return this.#rolls;
  }

  /**
   * The kind used in readings: what the die reports (its faces are read that way), else the configuration, else
   * d6. A configuration that disagrees with the die is logged when the die identifies itself.
   */
  kind(): PhysicalDieKind {
    return this.#reportedKind ?? this.deps.config.kind ?? "d6";
  }

  setLink(status: string, connected: boolean, message?: string): void {
    this.#status = status;
    this.#connected = connected;
    this.#linkMessage = message;
    if (connected) this.#lastSeen = this.deps.clock.now();
    this.#changed();
  }

  seen(rssi?: number): void {
    this.#lastSeen = this.deps.clock.now();
    if (rssi !== undefined && Number.isFinite(rssi)) this.#rssi = rssi;
  }

  observe(observation: Parameters<SessionSink["observe"]>[0]): void {
    this.seen();
    const decision = this.gate.observe(observation);
    // one line per report (debug): the soak reads them to tell, for a roll that never arrived, what did
    this.deps.logger?.debug(
      { dieId: this.id, ...observation, decision: decision.kind === "none" ? decision.why : decision.kind },
      "die report",
    );
    this.#decide(decision);
  }

  restoredWithoutSync(): void {
    this.#decide(this.gate.linkRestoredWithoutSync());
  }

  identified(kind: PhysicalDieKind | null, detail: Record<string, unknown>): void {
    if (kind && this.deps.config.kind && kind !== this.deps.config.kind) {
      this.deps.logger?.warn(
        { dieId: this.id, configured: this.deps.config.kind, reported: kind },
        "the die reports another kind than configured; using the die's",
      );
    }
    this.#reportedKind = kind ?? this.#reportedKind;
    this.deps.logger?.info({ dieId: this.id, kind, ...detail }, "die identified");
  }

  battery(percent: number, _charging?: boolean): void {
    this.seen();
    if (percent === this.#battery) return;
    this.#battery = percent;
    this.#changed();
  }

  rssi(dbm: number): void {
    if (!Number.isFinite(dbm)) return;
    this.seen(dbm);
    this.#changed();
  }

  color(name: string): void {
    if (this.deps.config.color) return;
    this.#color = name;
    this.#changed();
  }

  notice(message: string): void {
    this.deps.logger?.info({ dieId: this.id, message }, "die notice");
    this.#notice = message;
    this.#changed();
  }

  rollLost(reason: string): void {
    this.deps.logger?.warn({ dieId: this.id, reason }, "roll lost in transit");
    this.#announceLost(reason);
    this.notice(`${this.#rollAgain()}: ${reason}.`);
  }

  /** "Roll the black die again" — the die's colour when known, else its id. */
  #rollAgain(): string {
    return this.#color ? `Roll the ${this.#color} die (${this.id}) again` : `Roll die ${this.id} again`;
  }

  #announceLost(reason: string): void {
    this.deps.emit({
      type: "die.roll-lost",
      dieId: this.id,
      family: this.deps.config.family,
      ...(this.#color ? { color: this.#color } : {}),
      reason,
      at: this.deps.clock.now(),
    });
  }

  rejected(bytes: Uint8Array, reason: string): void {
    this.deps.rejections.record(this.id, bytes, reason);
  }

  #decide(d: GateDecision): void {
    if (d.kind === "roll" && !isFaceOf(this.kind(), d.face)) {
      this.deps.rejections.record(this.id, new Uint8Array(0), `face ${d.face} is not on a ${this.kind()}`);
    } else if (d.kind === "roll") {
      this.#rolls += 1;
      this.#notice = undefined;
      const reading: DieRolled = {
        type: "die.rolled",
        dieId: this.id,
        family: this.deps.config.family,
        dieKind: this.kind(),
        face: d.face,
        ...(this.#color ? { color: this.#color } : {}),
        at: this.deps.clock.now(),
      };
      this.deps.logger?.debug({ reading }, "die rolled");
      this.deps.emit(reading);
      this.#changed();
    } else if (d.kind === "crooked") {
      this.notice(CROOKED_MESSAGE);
    } else if (d.kind === "lost") {
      this.deps.logger?.warn({ dieId: this.id }, "roll lost in a disconnect");
      this.#announceLost("the die dropped out while it was rolling");
      this.notice(LOST_ROLL_MESSAGE);
    }
  }

  #changed(): void {
    this.deps.healthChanged(this.health());
  }

  health(): DeviceHealth {
    return {
      id: this.id,
      kind: "die",
      family: this.deps.config.family,
      connected: this.#connected,
      status: this.#status,
      ...(this.#linkMessage || this.#notice ? { message: this.#linkMessage ?? this.#notice } : {}),
      ...(this.#lastSeen !== undefined ? { lastSeen: this.#lastSeen } : {}),
      ...(this.#battery !== undefined ? { battery: this.#battery } : {}),
      ...(this.#rssi !== undefined ? { rssi: this.#rssi } : {}),
      emulated: this.deps.emulated,
      dieKind: this.kind(),
      ...(this.#color ? { color: this.#color } : {}),
    };
  }
}
