/**
 * Makes sure a roll under way ends in a result or in a clear "roll again". Once a die reports it is rolling (or
 * a message from it arrives garbled) the watch expects a settled report within `settleMs`; if none comes, it asks
 * the die for its roll state again (Pixels: RequestRollState), up to `maxAsks` times. A die that cannot be asked
 * (GoDice has no such request, dice-ble §2.3) or that never answers gives up: the roll is reported lost, which
 * the display turns into "roll the black die again". A roll is never silently dropped because one message was.
 */
import type { Clock, TimerHandle } from "../common/clock.ts";

/** How long after `rolling` (or a garbled message) a settled report is expected. */
export const SETTLE_MS = 1_500;
/** Requests for the roll state before the roll is given up as lost. */
export const MAX_ASKS = 5;

export interface RollWatchOptions {
  readonly clock: Clock;
  /** Asks the die for its roll state again; null when the family cannot. */
  readonly ask: (() => Promise<void>) | null;
  /** The roll cannot be recovered. */
  readonly giveUp: (reason: string) => void;
  readonly settleMs?: number;
  readonly maxAsks?: number;
}

export class RollWatch {
  #timer: TimerHandle | null = null;
  #asks = 0;
  #closed = false;
  #why = "";

  constructor(private readonly o: RollWatchOptions) {}

  /** Whether a result is awaited. */
  get watching(): boolean {
    return this.#timer !== null;
  }

  /** A `rolling` report: a result must follow. */
  moving(): void {
    if (this.#closed) return;
    this.#why = "no result arrived after the die rolled";
    if (this.#timer === null) this.#arm();
  }

  /**
   * A message from the die could not be decoded: it may have been the result. Asks at once (when the family can)
   * and expects an answer; a family that cannot ask expects a settled report to follow (the garbled one was the
   * start of a roll) and otherwise gives the roll up.
   */
  garbled(): void {
    if (this.#closed) return;
    this.#why = this.o.ask
      ? "a message from the die arrived garbled and the die did not answer when asked again"
      : "a message from the die arrived garbled and no result followed";
    if (this.#timer !== null) return;
    if (this.o.ask) {
      this.#asks += 1;
      this.#send();
    }
    this.#arm();
  }

  /** A settled report (rolled, on a face, crooked, handled): nothing is awaited any more. */
  settled(): void {
    this.#timer?.cancel();
    this.#timer = null;
    this.#asks = 0;
  }

  close(): void {
    this.#closed = true;
    this.settled();
  }

  #arm(): void {
    this.#timer = this.o.clock.after(this.o.settleMs ?? SETTLE_MS, () => this.#expired());
  }

  #expired(): void {
    this.#timer = null;
    if (this.#closed) return;
    if (this.o.ask && this.#asks < (this.o.maxAsks ?? MAX_ASKS)) {
      this.#asks += 1;
      this.#send();
      this.#arm();
      return;
    }
    this.#asks = 0;
    this.o.giveUp(this.#why);
  }

  #send(): void {
    this.o.ask?.().catch(() => undefined);
  }
}
