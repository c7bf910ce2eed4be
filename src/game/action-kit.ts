/**
 * The pieces every rule set is assembled from: action handlers (an {@link ActionDef} with its schema, legality
 * check, dice plan, resolution and exact odds), dispatch by action type, settings parsed from the
 * {@link SettingDef} list, and {@link ruleSetFromHandlers}, which turns a handler table into a {@link RuleSet}.
 *
 * Every action is written in one shape, {@link defineAction}: functions of one context `{ state, action, prepared }`.
 * Odds and resolution share one outcome function: the action's `outcome(ctx, dice)` or its `resolve` is run over
 * every multiset of the plan, so every outcome `resolve` can give is one the odds list.
 *
 * This module is the public entry; each piece lives in its own module.
 */

export {
  anyChance,
  chance,
  chanceOfEach,
  chances,
  count,
  detail,
  expectedOf,
  flagChance,
  mean,
  type Summary,
  type SummaryEntry,
} from "../odds/figures.ts";
export type { ActionHandler, DiceGroups, Outcome } from "./action-handler.ts";
export {
  type ActionContext,
  type ActionSpec,
  type DescribeContext,
  defineAction,
  type OutcomeActionSpec as OutcomeSpec,
  type ResolvingActionSpec,
} from "./define-action.ts";
export { type FieldAnnotations, fieldsOf, shipFieldsOf } from "./fields.ts";
export { handlerOf, type RuleSetSpec, ruleSetFromHandlers } from "./rule-set-from-handlers.ts";
export { parseSettings, parseWindGameSettings, type SettingLimits, setting, settingsSchema } from "./settings.ts";
export { actingShip, applyPatch, fieldDistribution, nameOf, resolution, roll, uniqueShipIds } from "./state-helpers.ts";
