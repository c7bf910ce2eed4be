/** Dice in the table state: what a roll asks for (its plan) and each die placed in it, with whose it was. */
import { Type } from "@sinclair/typebox";
import { exact, Nullable } from "./kit.ts";

/** One entry of a dice plan: so many dice of a kind, for a role (and a colour or side where the rules tell them apart). */
export const PlanEntrySchema = exact({
  role: Type.String(),
  die: Type.String(),
  count: Type.Integer({ minimum: 0 }),
  color: Nullable(Type.String()),
  purpose: Type.String(),
  /** The side whose dice these are, in a roll several sides make. */
  side: Type.Optional(Type.String()),
  reads: Type.Optional(
    Type.Literal("total", { description: "The rule reads the entry's dice by their sum (shown as a total, never a hit or miss each)" }),
  ),
});

/** A die's label (host/session/dice-gather.ts): whose slot it filled and where it came from. */
const DieLabel = exact({
  side: Type.Optional(Type.String()),
  color: Type.Optional(Type.String()),
  role: Type.String(),
  source: Type.String({ description: 'The die\'s name, "typed" or "host roll"' }),
  whose: Type.String({ description: "The side, else the colour, else the role where the roll has several; empty for one" }),
  text: Type.String(),
  reads: Type.Optional(Type.Literal("total", { description: "The rule reads the slot's dice by their sum: shown as a total" })),
});

/** A die placed in a plan's entry: the value the rules read, where it came from (a die, typed, the host) and its label. */
export const PlacedDieSchema = exact({
  entry: Type.Integer({ minimum: 0 }),
  value: Type.Integer(),
  from: Type.Union([
    exact({
      source: Type.Literal("die"),
      dieId: Type.String(),
      family: Type.String(),
      dieKind: Type.String(),
      face: Type.Integer(),
      color: Type.Optional(Type.String({ description: "The die's colour (bound or reported), when known" })),
      at: Type.Number(),
    }),
    exact({ source: Type.Union([Type.Literal("manual"), Type.Literal("software")]), value: Type.Integer(), at: Type.Number() }),
  ]),
  color: Nullable(Type.String()),
  role: Type.Optional(Type.String({ description: "The plan entry's role (absent in records from before dice were labelled)" })),
  side: Type.Optional(Type.String({ description: "The side whose slot the die filled, in a roll several sides make" })),
  mark: Type.Optional(Type.Union([Type.Literal("hit"), Type.Literal("miss")], { description: "How the rules counted this die" })),
  label: DieLabel,
});
