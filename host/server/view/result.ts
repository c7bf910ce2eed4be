/** A result in the table state (`last`) and in the night's log (`GET /api/log`): its sentence, outcome, facts and dice. */
import { Type } from "@sinclair/typebox";
import { OutcomeFactSchema } from "../../../src/game/outcome-fact-schema.ts";
import { PlacedDieSchema, PlanEntrySchema } from "./dice.ts";
import { exact, Open } from "./kit.ts";

/** One resolved action as the pages show it: `number` its number in the game (#1 the first), `facts` its outcome in words. */
export const ResultSchema = exact({
  seq: Type.Integer(),
  number: Type.Integer({ minimum: 1 }),
  at: Type.Number(),
  description: Type.String({ description: "The rule set's sentence for the result" }),
  action: Open,
  outcome: Open,
  facts: Type.Array(OutcomeFactSchema, { description: "The outcome as the rule set's typed facts, in the players' words" }),
  plan: Type.Array(PlanEntrySchema),
  dice: Type.Array(PlacedDieSchema, { description: "Each die of the result with its label: whose slot it filled and its source" }),
  events: Type.Array(Open),
});

/** A ship's log entry (`GET /api/ships/:id`, the view's `focus.log`): a result that names the ship, and her part in it. */
export const ShipLogEntrySchema = exact({
  seq: Type.Integer(),
  number: Type.Integer({ minimum: 1, description: "The result's number in its game (#1 the first)" }),
  at: Type.Number(),
  description: Type.String(),
  role: Type.String({ description: "The action field naming her (firer, target), or event" }),
});

/** `GET /api/log`: one page of the night's log, newest first. */
export const LogPageSchema = exact({
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 0 }),
  pages: Type.Integer({ minimum: 1 }),
  size: Type.Integer({ minimum: 1 }),
  entries: Type.Array(ResultSchema),
});
