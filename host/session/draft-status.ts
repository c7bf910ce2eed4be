/**
 * Where the action being set up stands: which fields are missing, whether the rules accept it, its dice
 * plan and exact odds, the dice gathered so far and what to tell the players to roll.
 */
import type { DicePlan } from "../../src/dice/plan.ts";
import { oddsOf } from "../../src/game/engine.ts";
import type { Result, RulesError } from "../../src/game/result.ts";
import type { Action, ActionDef, ActionField, Odds, RuleSet, TableState } from "../../src/game/types.ts";
import type { DiceMode } from "../store/records.ts";
import { type Gathered, gather, rollInstruction } from "./dice-gather.ts";
import { type Draft, draftAction, missingFields, rollerSide } from "./draft.ts";

export interface DraftStatus {
  readonly def: ActionDef;
  readonly action: Action;
  readonly missing: readonly ActionField[];
  /** The rules' refusal (out of range, illegal …), or null. */
  readonly error: RulesError | null;
  readonly plan: DicePlan | null;
  readonly odds: Odds | null;
  readonly gathered: Gathered | null;
  /** What the display tells the players: "tap the target", "roll the black and two white dice" … */
  readonly instruction: string;
  readonly roller: string | null;
  readonly mode: DiceMode;
  /** Dice complete (or none needed): the action can be resolved. */
  readonly ready: boolean;
}

/**
 * Memoises the odds of the action being set up: exact odds (a broadside's, or an explosion's over several ships)
 * are worth computing once, not on every die reading or device-health push. They depend only on the rules state,
 * which is a new object after every resolve or undo, and on the action.
 */
export class OddsCache {
  #state: TableState | null = null;
  #action = "";
  #value: Result<{ plan: DicePlan; odds: Odds }> | null = null;

  get(rs: RuleSet, state: TableState, action: Action): Result<{ plan: DicePlan; odds: Odds }> {
    const key = JSON.stringify(action);
    if (state !== this.#state || key !== this.#action || !this.#value) {
      this.#state = state;
      this.#action = key;
      this.#value = oddsOf(rs, state, action);
    }
    return this.#value;
  }
}

/** Computes the status of a draft against the current state. */
export function draftStatus(
  rs: RuleSet,
  state: TableState,
  draft: Draft,
  ctx: { odds: OddsCache; modeOf: (side: string | null) => DiceMode; diceAtHand: (side: string | null) => number },
): DraftStatus | null {
  const def = rs.actions.find((a) => a.type === draft.type);
  if (!def) return null;
  const raw = draftAction(draft, def);
  const missing = missingFields(draft, def);
  const roller = rollerSide(raw, def, state.ships);
  const mode = ctx.modeOf(roller);
  const base = { def, action: raw, missing, roller, mode, plan: null, odds: null, gathered: null };
  if (missing.length > 0) {
    const next = missing[0] as ActionField;
    const how = next.type === "ship" ? `tap the ${next.label.toLowerCase()}` : `choose ${next.label.toLowerCase()} on /control`;
    return { ...base, error: null, instruction: how, ready: false };
  }
  const parsed = rs.parseAction(state, raw);
  if (!parsed.ok) return { ...base, error: parsed.error, instruction: parsed.error.message, ready: false };
  const po = ctx.odds.get(rs, state, parsed.value);
  if (!po.ok) return { ...base, action: parsed.value, error: po.error, instruction: po.error.message, ready: false };
  const { plan, odds } = po.value;
  const gathered = gather(plan, draft.rolls);
  let instruction = rollInstruction(plan, gathered.missing, ctx.diceAtHand(roller));
  if (instruction && mode === "manual") instruction = `${instruction} — type them on /control`;
  if (instruction && mode === "software") instruction = `${instruction} — press Roll on /control`;
  if (!instruction) instruction = plan.length === 0 || gathered.placed.length === 0 ? "confirm to resolve" : "resolving";
  return { ...base, action: parsed.value, error: null, plan, odds, gathered, instruction, ready: gathered.complete };
}
