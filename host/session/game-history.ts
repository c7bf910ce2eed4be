/** The game as resolved records over the starting state: the state is their events folded, so undo is a refold. */
import { applyEvents } from "../../src/game/engine.ts";
import type { RuleSet, TableState } from "../../src/game/types.ts";
import type { ResolvedRecord } from "../store/records.ts";

export class GameHistory {
  readonly #rs: RuleSet;
  readonly #initial: TableState;
  #records: ResolvedRecord[];
  #state: TableState;

  constructor(rs: RuleSet, initial: TableState, records: ResolvedRecord[]) {
    this.#rs = rs;
    this.#initial = initial;
    this.#records = records;
    this.#state = this.#fold(records);
  }

  get state(): TableState {
    return this.#state;
  }
  get records(): readonly ResolvedRecord[] {
    return this.#records;
  }
  /** The last resolved record, if any. */
  get last(): ResolvedRecord | undefined {
    return this.#records[this.#records.length - 1];
  }

  /** A resolved record and the state after it (as the rules core computed it). */
  push(record: ResolvedRecord, state: TableState): void {
    this.#records = [...this.#records, record];
    this.#state = state;
  }

  /** Drops the last record and folds the state again from the start. */
  pop(): void {
    this.#records = this.#records.slice(0, -1);
    this.#state = this.#fold(this.#records);
  }

  #fold(records: readonly ResolvedRecord[]): TableState {
    return records.reduce((s, r) => applyEvents(this.#rs, s, r.events), this.#initial);
  }
}
