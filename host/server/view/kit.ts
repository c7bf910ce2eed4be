/**
 * The building blocks of the table state's schema (view-schema.ts). Every object of it is exact
 * (`additionalProperties: false`) or says it is open: the view is serialised by this schema (routes/live.ts), which
 * writes only what an object declares, so a field the schema forgot would vanish from the pages; an exact object
 * makes the schema test (test/host/server/view-schema.test.ts) fail on it instead.
 */
import { type ObjectOptions, type TProperties, type TSchema, Type } from "@sinclair/typebox";

/** An exact object: a field it does not declare is an error. */
export const exact = <P extends TProperties>(properties: P, options: ObjectOptions = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });

/** A rule set's own part (an action's fields, an outcome, an event): its shape is the rule set's, sent as it is. */
export const Open = Type.Record(Type.String(), Type.Unknown());

export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const Probability = Type.Number({ minimum: 0, maximum: 1 });

/** How a player rolls: their own dice, figures typed in, or the host rolling for them. */
export const DiceMode = Type.Union([Type.Literal("electronic"), Type.Literal("manual"), Type.Literal("software")]);
