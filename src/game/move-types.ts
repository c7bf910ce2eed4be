/**
 * A move as the rules judge it (docs/reference/request-result.md "Moves"): where a ship stood when
 * her move began (`table.before`) and where she stands now, measured with her rule set's movement rules. Each rule set
 * declares, on its movement action's measures, how its text moves (`MoveMeasure`); `judgeMove` (moves/judge.ts) does the
 * rest. Beside measure.ts, not in moves/: the measures declare a move (measure.ts imports this) and the judge measures
 * (moves/judge.ts imports measure.ts), so the declaration and the judging live apart or they would make a loop.
 */
import type { Base, BaseSize, Pose } from "../geometry/base.ts";
import type { MovePath, TurnRules } from "../geometry/move-path.ts";
import type { ReachPieces } from "../geometry/reach.ts";
import type { LengthUnit } from "./length-unit.ts";
import type { MeasureContext } from "./measure-context.ts";
import type { FollowUp, TableState } from "./table-state.ts";

/** The unit a move's distance is given in (`unit` of the result). */
export type MoveUnitName = "in" | "cm" | "mm" | "hex";

/** A text's movement rules for one ship this move: allowance, least move, turns. Lengths in mm. */
export interface MoveRules extends TurnRules {
  readonly unit: LengthUnit & { readonly name: MoveUnitName };
  /** mm she may move this move (her allowance, with speed, wind, sail, damage, strategic doubling). */
  readonly allowance: number;
  /** mm she must move (0: none). */
  readonly minimum: number;
  /** The most turns she may make this move. */
  readonly maxTurns: number;
  /** mm of allowance each degree turned costs (Age of Sail's turning circle), 0 or absent: turning is free. */
  readonly costPerDegree?: number;
  /**
   * The text leaves the path free (Age of Sail: any course, each point of turn paid in distance): when no path of
   * `maxTurns` turns reaches her end, she turns toward it, sails the straight line and turns to her heading there.
   */
  readonly freePath?: boolean;
  /** The turns' limit in the text's words, after a dash: "a slow ship may make one". */
  readonly turnsWhy: string;
  /** When she moved less than her allowance and the text wants the full distance: the note (the move stays legal). */
  readonly fullDistance?: string;
  /** What her allowance is made of, for the words: "medium, fresh, strategic ×2". */
  readonly allowanceWhy?: string;
  /**
   * The allowance is counted otherwise than the distance (WS&IM: movement points, `unit` then words the MP and the
   * path's `cost` is what she used); the result's `distance` stays the hexes moved.
   */
  readonly allowanceUnit?: "MP";
}

/** Contact the text plays after a move. */
export interface MoveContact {
  readonly ship: string;
  readonly kind: "collision" | "boarding" | "fouled";
}

/** The result's `move` (docs/reference/request-result.md). */
export interface Move {
  readonly ship: string;
  /** The distance moved along the path, in `unit` (rounded to the unit's decimals). */
  readonly distance: number;
  readonly unit: MoveUnitName;
  /** Turns made, degrees, + to starboard (clockwise), in order. */
  readonly turns: readonly number[];
  /** Start, each turning point (before and after its pivot), end; mm and degrees. */
  readonly path: readonly Pose[];
  /** Her allowance this move, in `unit` (in `allowanceUnit` when given). */
  readonly allowance: number;
  /** What the allowance is counted in when not `unit` (WS&IM: movement points). */
  readonly allowanceUnit?: "MP";
  readonly legal: boolean;
  /** Why the move is not legal, with its figures: "9.2″ — her allowance is 7″". */
  readonly why?: string;
  readonly contacts: readonly MoveContact[];
  /** The move in words: "Royal James moved 6.4″ of her 7″, one turn to starboard". */
  readonly words: string;
}

/** What a move's contacts are worked out from. */
export interface MoveAt {
  readonly ship: string;
  /** Her base where she stands now. */
  readonly end: Base;
  /** Her path (start, turning points, end). */
  readonly path: readonly Pose[];
  readonly size: BaseSize;
}

/**
 * How an action plays a move (declared on the rule set's movement action, next to its measures): which field names
 * the moving ship, her rules from the action's outcome, and the contacts the text plays.
 */
export interface MoveMeasure<S extends TableState = TableState, K extends string = string> {
  /** The action field that names the moving ship. */
  readonly ship: K;
  /** Her movement rules given the action's outcome (resolved, or one of those the dice may give); null: none. */
  rules(ctx: MeasureContext<S, K>, outcome: Readonly<Record<string, unknown>>): MoveRules | null;
  /**
   * Her path when the text's geometry is its own (a hex grid: hexes and hexside turns), in place of the kernel's
   * shortest path; `distance` in the rule set's unit × its `mm` (a hex counts 1). Null: no path (not on the grid).
   */
  path?(ctx: MeasureContext<S, K>, before: Pose, now: Pose): MovePath | null;
  /**
   * Where she may end this move when the text's geometry is its own (the hexes a plot reaches), in place of the
   * kernel's reach: pieces in table mm whose union is the area. Null: none drawn.
   */
  reach?(ctx: MeasureContext<S, K>, start: Pose, rules: MoveRules): ReachPieces | null;
  /** Contacts after the move and the follow-ups the text prompts for them (both ships named). */
  contacts?(ctx: MeasureContext<S, K>, at: MoveAt): { readonly contacts: readonly MoveContact[]; readonly followUps: readonly FollowUp[] };
}
