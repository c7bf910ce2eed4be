/**
 * How WS&IM's odds summaries read as typed figures (see odds/figures.ts). The hits a player reads off the Fire
 * Table (`hits`, null until read), the base game's damage per kind and the melee's pairs of rolls are detail the
 * headline draws or a player is not told; they are not figures here.
 */
import type { SummaryTerms } from "../../odds/figures.ts";

const p = (label: string) => ({ label, kind: "probability" as const });

export const WSIM_SUMMARY_TERMS: SummaryTerms = {
  "wind.pChange": p("The wind changes"),
  "fire.pCritical": p("A critical hit"),
  "fire.hits": null,
  "fire.modifiedDie": p("Modified die {key}"),
  "fire.hitTable": p("Hit Table number {key}"),
  "critical.code": p("Critical {key}"),
  "critical.pLeaderRisk": p("A leader at risk"),
  "broadside-loss.broadside": p("Loses the {key} broadside"),
  "leader-casualty.pCasualty": p("The leader is a casualty"),
  "melee.rolls": null,
};
