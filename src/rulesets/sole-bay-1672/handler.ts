/**
 * The shape every sole-bay-1672 action is written in: the kernel's outcome-style action (validate, prepare a context,
 * plan dice, one pure outcome function shared by `resolve` and `odds`) whose effects may name a damage cause; the
 * damage follow-ups (flag officer risk, explosion rolls …) are then derived by comparing the state before and after.
 */
import type { TObject } from "@sinclair/typebox";
import { type ActionHandler, type Outcome, type OutcomeActionSpec, outcomeAction } from "../../game/action-kit.ts";
import type { FollowUp } from "../../game/types.ts";
import { consequences } from "./damage.ts";
import { applyAll, type DamageCause, type SoleBayEvent } from "./events.ts";
import type { SoleBayState } from "./state.ts";

/** What an outcome does: events, the follow-ups this action itself demands, and the damage cause (if boxes were marked). */
export interface Effects {
  readonly events: readonly SoleBayEvent[];
  readonly followUps?: readonly FollowUp[];
  readonly cause?: DamageCause;
  /** Ships whose flag officer rolls once more regardless of levels lost (caught in an explosion). */
  readonly extraRisk?: readonly string[];
}

export interface ActionSpec<T extends TObject, C, O extends Outcome>
  extends Omit<OutcomeActionSpec<SoleBayState, T, C, O>, "effects" | "describe" | "prepareOnParse"> {
  effects(ctx: C, outcome: O, state: SoleBayState): Effects;
  /** One sentence; `state` may be the state before or after the action, so look names up tolerantly. */
  describe(outcome: O, state: SoleBayState): string;
}

export function defineAction<T extends TObject, C, O extends Outcome>(spec: ActionSpec<T, C, O>): ActionHandler<SoleBayState> {
  return outcomeAction<SoleBayState, T, C, O>({
    ...spec,
    effects(ctx, outcome, state) {
      const fx = spec.effects(ctx, outcome, state);
      const derived = fx.cause ? consequences(state, applyAll(state, fx.events), fx.cause, fx.extraRisk) : [];
      return { events: fx.events, followUps: [...derived, ...(fx.followUps ?? [])] };
    },
    describe: (state, _action, outcome) => spec.describe(outcome, state),
  });
}
