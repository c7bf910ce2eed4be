/**
 * The outcome fields the sole-bay-1672 actions share, each with how it reads (src/game/outcome.ts): a ship's damage
 * as the paper log keeps it ("Each hit will mark off one box of damage"), its condition in the text's words.
 */
import { Type } from "@sinclair/typebox";
import { fact, type Unit } from "../../game/outcome.ts";
import { CONDITION_LABELS, type Condition } from "./tables.ts";

export const BOXES: Unit = ["box", "boxes"];
export const HITS: Unit = ["hit", "hits"];
export const INCHES: Unit = ["inch", "inches"];
export const LEVELS: Unit = ["level", "levels"];

/** One ship's damage: boxes marked, hits past the last box, its condition now, levels lost, destroyed. */
export const damageFields = {
  marked: fact.count("Marked", BOXES),
  wasted: fact.count("Hits past the last box", HITS, { omitZero: true }),
  conditionAfter: fact.word<Condition>("Condition now", CONDITION_LABELS),
  levelsLost: fact.count("Condition lost", LEVELS, { omitZero: true }),
  destroyed: fact.flag("Destroyed"),
};

/** A ship's damage as a row under its name. */
export const damageRow = { ship: fact.hidden(Type.String()), ...damageFields };

/** The condition before → after, as one change (`conditionAfter` is read with it). */
export const conditionChange = {
  conditionBefore: fact.change<Condition>("Condition", "conditionAfter", CONDITION_LABELS),
  conditionAfter: fact.hidden(fact.text<Condition>("")),
};

/** "Modified roll" of one die plus a modifier (crew quality, fire fighting turns …). */
export const modifiedRoll = fact.die("Roll with modifiers");

/** The table's edges as the wind's windward side. */
export const EDGE_WORDS = { N: "north edge", E: "east edge", S: "south edge", W: "west edge" } as const;
