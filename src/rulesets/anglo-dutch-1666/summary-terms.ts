/**
 * How the 1666 rules' odds summaries read as typed figures (see odds/figures.ts). Keys that mean different things
 * in different rolls ("port" on the helm and in a boarding's placement) are given per action type.
 */
import type { SummaryTerms } from "../../odds/figures.ts";

const p = (label: string) => ({ label, kind: "probability" as const });

export const ANGLO_DUTCH_SUMMARY_TERMS: SummaryTerms = {
  "fire.expectedHits": { label: "Hits to expect", kind: "mean" },
  "fire.anyHit": p("At least one hit"),
  "fire.hits": p("Hits: {key}"),
  "critical.fire": p("Fire"),
  "critical.none": p("No effect"),
  "critical.gun-deck-swept": p("Gun deck swept"),
  "critical.helm": p("Helm damaged"),
  "critical.flag-officer": p("Flag officer hit"),
  "fire-check.explodes": p("Explodes"),
  "fire-check.burns": p("Burns on"),
  "fire-check.extinguished": p("Fire extinguished"),
  "helm.port": p("Helm to port"),
  "helm.none": p("Helm amidships"),
  "helm.starboard": p("Helm to starboard"),
  "gun-deck-swept.expectedTurns": { label: "Turns out of action, to expect", kind: "mean" },
  "initiative.movesFirst": { ...p("{key} moves first"), blank: "A squadron moves first" },
  "initiative.drawFirst": p("A draw for first move"),
  "deployment.stays": p("Stays in place"),
  "deployment.oneHex": p("Displaced one hex"),
  "deployment.twoHexes": p("Displaced two hexes"),
  "wind.changeChance": p("The wind changes"),
  "wind.strengthRollChance": p("The wind's strength is rolled"),
  "gale-survival.afloatChance": p("Stays afloat"),
  "grapple.grappleChance": p("Grappled"),
  "placement.port": p("The attacker lies to port"),
  "board.attackerWins": p("The attacker wins the round"),
  "board.defenderWins": p("The defender wins the round"),
  "board.draw": p("A drawn round"),
  "board.capture": p("A ship is captured"),
  "separate.separateChance": p("The ships separate"),
};
