/** The odds the table shows before a roll (docs/reference/request-result.md): the headline and the summary's typed figures. */
import { type TSchema, Type } from "@sinclair/typebox";
import { exact, Open, Probability } from "./kit.ts";

const HeadlineItem = exact({ label: Type.String(), p: Probability });

/** docs/reference/request-result.md `headline`: what a player is shown before the roll, in the rule set's words. */
export const HeadlineSchema = exact({
  title: Type.String(),
  bars: Type.Array(HeadlineItem),
  facts: Type.Array(HeadlineItem),
  mostLikely: Type.String(),
  standing: Type.Union([Type.Literal("likeliest"), Type.Literal("even"), Type.Literal("certain")], {
    description: "The most likely result stands alone, tied with others (even), or is the only one (certain)",
  }),
});

/** One figure of an odds summary, typed by the rule set (src/odds/figures.ts): a page shows each as what it is. */
const figure = <K extends string, V extends TSchema>(kind: K, value: V) =>
  exact({
    label: Type.String(),
    kind: Type.Literal(kind),
    value,
    unit: Type.Optional(Type.String({ description: "what it counts: hits, dice, turns" })),
  });
export const SummaryFigureSchema = Type.Union([
  figure("probability", Probability),
  figure("mean", Type.Number()),
  figure("count", Type.Integer({ minimum: 0 })),
]);

/** The exact odds of the action being set up: each outcome's chance, the summary's figures, the headline. */
export const OddsSchema = exact({
  outcomes: Type.Array(exact({ outcome: Open, p: Probability })),
  truncated: Type.Boolean(),
  summary: Type.Array(SummaryFigureSchema, {
    description: "The rule set's odds summary as typed figures (the CLI's odds keep the rule set's own summary object)",
  }),
  headline: Type.Optional(HeadlineSchema),
});
