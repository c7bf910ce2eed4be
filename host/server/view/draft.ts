/** The action being set up in the table state (`pending`): its fields, plan, odds, what the table measured, the dice so far. */
import { Type } from "@sinclair/typebox";
import { PlacedDieSchema, PlanEntrySchema } from "./dice.ts";
import { DiceMode, exact, Nullable, Open } from "./kit.ts";
import { OddsSchema } from "./odds.ts";

const Words = exact({ value: Type.Unknown(), words: Type.String() });
const Point = exact({ x: Type.Number(), y: Type.Number() });

/** The draft's geometry measured from the ships' positions (docs/reference/request-result.md `measured`), as the pages show it. */
export const MeasuredSchema = exact({
  fields: Type.Array(
    exact({ name: Type.String(), label: Type.String(), value: Type.Unknown(), words: Type.String(), figure: Type.String() }),
  ),
  overridden: Type.Array(exact({ name: Type.String(), label: Type.String(), given: Type.String(), measured: Type.String() })),
  borderline: Type.Array(
    exact({
      field: Type.String(),
      label: Type.String(),
      readings: Type.Array(Words, { description: "The reading taken, then the one on the other side of the threshold" }),
      edge: Type.String(),
      sentence: Type.String(),
    }),
  ),
  refusal: Nullable(Type.String({ description: "The geometry forbids the action: why, with the measured figure" })),
  asked: Nullable(Type.String({ description: "Why the figures are asked instead of measured (a ship's position unknown or stale)" })),
  line: Nullable(exact({ from: Point, to: Point, hits: Type.Boolean() })),
  rings: Type.Array(exact({ label: Type.String(), radius: Type.Number({ description: "mm, base to base" }) })),
  label: Nullable(Type.String()),
});

/** The refusal of the draft as it stands, in the contract's shape. */
const DraftError = exact({ code: Type.String(), message: Type.String(), path: Type.String() });

/** The action being set up: what it still misses, its plan and odds, what to do next, the dice so far. */
export const PendingSchema = exact({
  type: Type.String(),
  description: Type.String(),
  fields: Type.Array(Open),
  action: Open,
  origin: Type.String(),
  purpose: Nullable(Type.String()),
  missing: Type.Array(Type.String()),
  error: Nullable(DraftError),
  plan: Nullable(Type.Array(PlanEntrySchema)),
  odds: Nullable(OddsSchema),
  instruction: Type.String(),
  outsidePhase: Nullable(
    Type.String({
      description:
        'The action is played in another phase by its rule text: a note for the players ("Broadside is played in Broadsides / Boarding; now: Initiative. Allowed — check with your opponent."); null in its phase, for a roll the rules demand, or an action of no phase',
    }),
  ),
  measured: Nullable(MeasuredSchema),
  choosing: Nullable(
    exact(
      {
        name: Type.String(),
        label: Type.String(),
        value: Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
        words: Type.String({ description: "The value as players read it (yes/no for booleans; empty when none yet)" }),
        held: Type.Boolean({ description: "The pad is cycling this field: Confirm keeps the value shown" }),
      },
      { description: "The choice the button pad's next-choice is on (a battery, a range band), or null" },
    ),
  ),
  roller: Nullable(Type.String()),
  mode: DiceMode,
  dice: Type.Array(PlacedDieSchema),
  needed: Nullable(Type.Integer({ minimum: 0 })),
  ready: Type.Boolean(),
});
