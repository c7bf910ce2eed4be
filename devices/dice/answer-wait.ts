/**
 * A wait, during a die's setup, for the die to answer a request (Pixels' IAmADie, GoDice's first answer after
 * init). Both families bound it the same way: by a time limit, and by the link — a link that drops (or is closed
 * by a stop) ends the wait at once instead of letting it run out its time.
 */
import type { BlePeripheral } from "../ble/seam.ts";
import type { Clock } from "../common/clock.ts";

/** How a wait ended. */
export type AnswerEnd = "answered" | "timeout" | "dropped";

/** One wait, started when constructed; `ended` settles once, with the first of answer, time limit or drop. */
export class AnswerWait {
  /** Resolves with how the wait ended; never rejects. */
  readonly ended: Promise<AnswerEnd>;
  #end: (how: AnswerEnd) => void = () => undefined;

  constructor(peripheral: BlePeripheral, clock: Clock, ms: number) {
    this.ended = new Promise<AnswerEnd>((resolve) => {
      const timer = clock.after(ms, () => this.#end("timeout"));
      let offDrop: () => void = () => undefined;
      this.#end = (how) => {
        this.#end = () => undefined;
        timer.cancel();
        offDrop();
        resolve(how);
      };
      offDrop = peripheral.onDisconnect(() => this.#end("dropped"));
    });
  }

  /** The answer came. Later calls, and calls after the wait ended, do nothing. */
  answered(): void {
    this.#end("answered");
  }
}
