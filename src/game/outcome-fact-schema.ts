/**
 * One figure of a result as the pages show it (docs/reference/request-result.md), as a TypeBox schema: the one
 * declaration of an outcome fact. The rules core builds its facts to this type (`OutcomeFact` of outcome-facts.ts is
 * read off it), the host serialises the view's `last.facts` by it (host/server/view-schema.ts) and the pages read its
 * type from the same schema through the view's.
 */
import { type Static, type TSchema, Type } from "@sinclair/typebox";

/** A table entry and what it means. */
export const EntryValueSchema = Type.Object({ entry: Type.String(), meaning: Type.String() }, { additionalProperties: false });

const fact = <K extends string, V extends TSchema>(kind: K, value: V) =>
  Type.Object({ label: Type.String(), kind: Type.Literal(kind), value }, { additionalProperties: false });
const counted = <K extends "count" | "number">(kind: K) =>
  Type.Object(
    {
      label: Type.String(),
      kind: Type.Literal(kind),
      value: kind === "count" ? Type.Integer() : Type.Number(),
      unit: Type.Optional(Type.String({ description: "the noun it counts, singular or plural by the value" })),
    },
    { additionalProperties: false },
  );

/**
 * One figure of a result, typed by the action's outcome schema (outcome.ts, outcome-facts.ts): a page writes each by
 * its kind, in the players' words it carries (a count with its noun, a change before → after, a table entry with its
 * meaning, a row of facts per ship).
 */
export const OutcomeFactSchema = Type.Recursive(
  (Self) =>
    Type.Union([
      counted("count"),
      counted("number"),
      fact("die", Type.Union([Type.Integer(), Type.Array(Type.Integer())])),
      fact("target", Type.Integer()),
      fact("limit", Type.Integer()),
      fact("modifier", Type.Number()),
      fact("flag", Type.Boolean()),
      fact("word", Type.String()),
      fact("ship", Type.String()),
      fact("change", Type.Object({ before: Type.String(), after: Type.String() }, { additionalProperties: false })),
      fact("entry", EntryValueSchema),
      fact("list", Type.Array(Type.String())),
      fact("entries", Type.Array(EntryValueSchema)),
      fact("rows", Type.Array(Type.Object({ label: Type.String(), facts: Type.Array(Self) }, { additionalProperties: false }))),
    ]),
  { $id: "OutcomeFact" },
);

/** One figure of a result (`OutcomeFactSchema`'s type). */
export type OutcomeFact = Static<typeof OutcomeFactSchema>;
/** A table entry and what it means. */
export type EntryValue = Static<typeof EntryValueSchema>;
/** One item's facts under its name (a ship a collision damaged). */
export type FactRow = Extract<OutcomeFact, { kind: "rows" }>["value"][number];
