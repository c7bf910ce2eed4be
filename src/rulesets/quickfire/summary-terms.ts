/**
 * How Quickfire's odds summaries read as typed figures (see odds/figures.ts): the damage codes of the chart in the
 * words of the headline (text 3.0–4.1). The chart's name (`chart`) is not a figure.
 */
import type { SummaryTerms } from "../../odds/figures.ts";

const p = (label: string) => ({ label, kind: "probability" as const });

const shot = (type: string): SummaryTerms => ({
  [`${type}.noFire`]: p("Does not fire"),
  [`${type}.miss`]: p("Miss"),
  [`${type}.G`]: p("Gun hit (G)"),
  [`${type}.S`]: p("Speed hit (S)"),
  [`${type}.anyBlast`]: p("Blast damage"),
  [`${type}.blast`]: p("Blast damage {key}"),
});

export const QUICKFIRE_SUMMARY_TERMS: SummaryTerms = {
  ...shot("gunnery"),
  ...shot("quickfire-attack"),
  "damage-roll.codes": p("Damage {key}"),
  "damage-roll.noEffect": p("No effect"),
  "direction.*": p("Turns {key}"),
  "fire.out": p("The fire burns out"),
  "fire.B": p("Blast (B)"),
  "fire.E": p("Explosion (E)"),
  "fire.burnsOn": p("The fire burns on"),
  "initiative.tie": p("Tie (roll again)"),
  "initiative.*": p("{key} decides"),
  "torpedo.noHit": p("No torpedo hits"),
  "torpedo.anyHit": p("A torpedo hits"),
  "torpedo.expectedHits": { label: "Torpedo hits to expect", kind: "mean" },
  "torpedo-damage.expectedSHits": { label: "Speed hits to expect", kind: "mean" },
  "repair.anyFixed": p("A hit is repaired"),
  "repair.expectedFixed": { label: "Hits repaired, to expect", kind: "mean" },
  "sinking.sinks": p("Sinks"),
};
