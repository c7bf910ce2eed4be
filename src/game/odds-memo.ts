/**
 * Odds memoised per action state: the same (state, action) asks for its odds again every time a display redraws or a
 * die arrives, and states are immutable values, so the answer is kept on the state object itself (a WeakMap: it goes
 * when the state goes). At most {@link PER_STATE} actions are kept per state.
 */

import { canonicalKey } from "../odds/distribution.ts";
import type { Result } from "../result.ts";
import type { Action, Odds, TableState } from "./types.ts";

const PER_STATE = 32;

/** A memo of odds keyed by state identity and the action's canonical JSON. */
export class OddsMemo {
  readonly #byState = new WeakMap<TableState, Map<string, Result<Odds>>>();

  /** The memoised odds of `action` in `state`, computing them with `compute` the first time. */
  get(state: TableState, action: Action, compute: () => Result<Odds>): Result<Odds> {
    let seen = this.#byState.get(state);
    if (!seen) {
      seen = new Map();
      this.#byState.set(state, seen);
    }
    const key = canonicalKey(action);
    const hit = seen.get(key);
    if (hit) return hit;
    const value = compute();
    if (seen.size >= PER_STATE) seen.delete(seen.keys().next().value as string);
    seen.set(key, value);
    return value;
  }
}
