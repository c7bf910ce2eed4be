/**
 * What a Pixels die's notifications mean for its link: IAmADie (the die's kind, looks and battery), RollState
 * (an observation for the roll gate, marked `sync` while it may be the answer to a RequestRollState), battery and
 * RSSI. A notification that arrives garbled is still read for what it can say: the die reports only changes of
 * state, so an unasked RollState lost on the way means a change the link did not see.
 */
import type { Clock } from "../../common/clock.ts";
import type { PhysicalDieKind } from "../../readings.ts";
import type { DieState } from "../roll-gate.ts";
import type { RollWatch } from "../roll-watch.ts";
import type { SessionSink } from "../session.ts";
import { crookedMeansRolled, faceFromIndex, pixelsPhysicalKind } from "./faces.ts";
import type { PixelsDieInfo } from "./iamadie.ts";
import { PIXELS_ROLL_STATES, type PixelsDieType, PixelsMessageType } from "./ids.ts";
import { decodePixelsMessage, type PixelsMessage } from "./messages.ts";

/** How long the next RollState is taken as the reply to RequestRollState. */
export const SYNC_REPLY_WINDOW_MS = 2_000;

/**
 * A garbled RollState counts as an unseen change of state only after this long without a decoded one: one that
 * follows decoded reports at once is part of the same exchange (the late answer to a request, a resent report).
 */
export const UNSEEN_CHANGE_QUIET_MS = 1_000;

/** One connection's reading of a Pixels die's notifications. */
export class PixelsReports {
  #info: PixelsDieInfo | null = null;
  #dieType: PixelsDieType = "unknown";
  #kind: PhysicalDieKind;
  /** When the roll state was last asked for; an answer is awaited until it comes or the window ends. */
  #askedAt: number | null = null;
  /**
   * A RollState arrived garbled while none was asked for: the die changed state unseen (it reports only changes),
   * so a `rolled` that follows is a new roll even on the face it showed before.
   */
  #changedUnseen = false;
  /** When the last RollState was decoded: a garbled one right after it is the same exchange (a late answer). */
  #lastStateAt = Number.NEGATIVE_INFINITY;
  /** Called when IAmADie arrives (setup waits for it). */
  onInfo: (() => void) | null = null;

  constructor(
    private readonly sink: SessionSink,
    private readonly clock: Clock,
    private readonly watch: RollWatch,
    /** The kind from configuration, used when the die does not say (or its IAmADie was lost). */
    configKind: PhysicalDieKind | undefined,
  ) {
    this.#kind = configKind ?? "d6";
  }

  /** The roll state was just asked for: a RollState within the window is its answer. */
  asked(): void {
    this.#askedAt = this.clock.now();
  }

  /** One notification from the die. */
  handle(bytes: Uint8Array): void {
    const decoded = decodePixelsMessage(bytes);
    if (!decoded.ok) {
      this.#garbled(bytes, decoded.error);
      return;
    }
    const m = decoded.value;
    switch (m.type) {
      case "iAmADie":
        this.#identified(m.info);
        return;
      case "rollState":
        this.#rollState(m);
        return;
      case "batteryLevel":
        this.sink.battery(m.level, m.batteryState === "charging" || m.batteryState === "done");
        return;
      case "rssi":
        this.sink.rssi(m.rssi);
        return;
      default:
        return;
    }
  }

  #awaitingSync(): boolean {
    return this.#askedAt !== null && this.clock.now() - this.#askedAt < SYNC_REPLY_WINDOW_MS;
  }

  #garbled(bytes: Uint8Array, error: string): void {
    this.sink.rejected(bytes, error);
    // a cut notification keeps its type byte: an unasked RollState is a change of state
    const quietBefore = this.clock.now() - this.#lastStateAt >= UNSEEN_CHANGE_QUIET_MS;
    if (bytes[0] === PixelsMessageType.rollState && !this.#awaitingSync() && quietBefore) this.#changedUnseen = true;
    // what is left of it may still say the die is moving: then it changed state, asked or not (issue 27: with a
    // heartbeat's answer lost, a roll's cut `rolling` reports were taken for that answer, and its `rolled` on the
    // face shown before for the last roll repeated)
    const left = bytes[0] === PixelsMessageType.rollState ? PIXELS_ROLL_STATES[bytes[1] ?? 255] : undefined;
    if (left === "rolling" || left === "handling") this.#changedUnseen = true;
    this.watch.garbled();
  }

  #identified(info: PixelsDieInfo): void {
    this.#info = info;
    this.#dieType = info.dieType;
    this.#kind = pixelsPhysicalKind(this.#dieType) ?? this.#kind;
    this.sink.identified(pixelsPhysicalKind(this.#dieType), {
      pixelId: info.pixelId,
      dieType: this.#dieType,
      colorway: info.colorway,
      firmware: info.buildTimestamp,
      form: info.form,
    });
    this.sink.battery(info.batteryLevel, info.batteryState === "charging" || info.batteryState === "done");
    this.onInfo?.();
  }

  #rollState(m: Extract<PixelsMessage, { type: "rollState" }>): void {
    const info = this.#info;
    let state: DieState = m.state;
    if (state === "crooked" && crookedMeansRolled(info?.ledCount, info?.buildTimestamp)) state = "rolled";
    this.#lastStateAt = this.clock.now();
    const via = this.#awaitingSync() ? "sync" : "notify";
    this.#askedAt = null;
    if (state === "rolled" && this.#changedUnseen) this.sink.observe({ state: "rolling", face: null, via: "notify" });
    this.#changedUnseen = false;
    this.sink.observe({ state, face: faceFromIndex(this.#kind, this.#dieType, m.faceIndex, info?.buildTimestamp), via });
    if (state === "rolling") this.watch.moving();
    else this.watch.settled();
  }
}
