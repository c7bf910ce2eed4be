/** How Age of Sail's odds summaries read as typed figures (see odds/figures.ts). */
import type { SummaryTerms } from "../../odds/figures.ts";

const p = (label: string) => ({ label, kind: "probability" as const });

export const AGE_OF_SAIL_SUMMARY_TERMS: SummaryTerms = {
  "fire.hits": p("Hits: {key}"),
  "fire.expectedHits": { label: "Hits to expect", kind: "mean" },
  "fire.pFire": p("The target catches fire"),
  "wind.direction": p("Blows to {key}"),
  "wind.speed": p("Speed {key}"),
  "initiative.pTie": p("A tie (roll again)"),
  "shoal.pFounder": p("Founders"),
  "board.pAttackerCaptures": p("The attacker captures"),
  "board.pDefenderCaptures": p("The defender captures"),
  "board.pTie": p("A tie: locked together"),
  "catch-fire.pCaught": p("Catches fire"),
  "explosion-fire.pAnyCaught": p("A ship within catches fire"),
  "explosion-fire.expectedCaught": { label: "Ships catching fire, to expect", kind: "mean" },
  "fire-removal.pExtinguished": p("The fire is put out"),
  "fire-removal.pExplodes": p("Explodes"),
  "sinking-check.pSink": p("Sinks"),
  "refloat.pRefloat": p("Refloats"),
  "repair-mast.pRepair": p("The mast is repaired"),
  "separate.pSeparate": p("The ships separate"),
};
