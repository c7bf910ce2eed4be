/**
 * How Sole Bay's odds summaries read as typed figures (see odds/figures.ts), in the words of the fast-play text.
 * The hits distribution and the breakdown of modifiers are drawn by the headline; they are not figures here.
 */
import type { SummaryTerms } from "../../odds/figures.ts";

const p = (label: string) => ({ label, kind: "probability" as const });

export const SOLE_BAY_SUMMARY_TERMS: SummaryTerms = {
  "broadside.dice": { label: "Dice rolled", kind: "count" },
  "broadside.needed": { label: "Each die hits on", kind: "count" },
  "broadside.expectedHits": { label: "Hits to expect", kind: "mean" },
  "broadside.pConditionDrops": p("The target loses a condition"),
  "broadside.pDestroyed": p("The target is destroyed"),
  "explosion-hits.pAnyDestroyed": p("A ship within is destroyed"),
  "explosion-hits.pDestroyed": p("{key} is destroyed"),
  pWins: p("{key} has initiative"),
  pDraw: p("Draw (re-roll)"),
  pAttackerWins: p("The attacker causes most damage"),
  pDefenderWins: p("The defender causes most damage"),
  pDrawn: p("Equal damage"),
  pGrappled: p("Grappled"),
  pEnsnared: p("Ensnared"),
  pExplodes: p("Explodes"),
  pPutOut: p("Fire put out"),
  pKilled: p("The Flag Officer is killed"),
  pBreaks: p("The squadron breaks off"),
  pSuccess: p("Succeeds"),
};
