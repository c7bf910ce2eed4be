/**
 * WS&IM battle v3 named settings: optional rules and values the text leaves unstated, each with its sentence.
 */
import type { SettingDef } from "../../game/types.ts";

export const SETTINGS: readonly SettingDef[] = [
  {
    name: "gameLevel",
    label: "Game level",
    default: "advanced",
    values: ["basic", "advanced"],
    description:
      'II.1: "+1 … when firing with 4 guns or more in the Basic Game and 7 guns or more in the Advanced Game" (the meeting used the Advanced rules).',
  },
  {
    name: "solFrigateRange",
    label: "Ships of the line firing at frigates: range (hexes)",
    default: 8,
    description: 'I: "SOL\'s are not allowed to fire at frigates or smaller craft 8 (EIGHT) or more hexes distant".',
  },
  {
    name: "solFrigateTurns",
    label: "Frigates engaging ships of the line: turns",
    default: 3,
    description: 'I: "… during the last three turns": a frigate that engaged a SOL in turn e may be fired on while (current turn − e) ≤ 3.',
  },
  {
    name: "momentumReading",
    label: "Momentum read from",
    default: "prose",
    values: ["prose", "table"],
    description:
      'V.1–2 prose ("Ships of the Line may accelerate 1 MP", rigging loss reduces acceleration) and the garbled table (class 3–4 accelerate 2; "*" printed on the deceleration column) disagree; "prose" follows the sentences, "table" the table as printed.',
  },
  {
    name: "backingMP",
    label: "Movement points a backing sail costs",
    default: 1,
    description: 'V.4 counts "B" (backing sail) plots as MP ("plotting more MP than allowed due to the use of B plots"): MP per B.',
  },
  {
    name: "signalling",
    label: "Signalling",
    default: "close-action",
    values: ["close-action", "casus-belli"],
    description:
      'VII.3: "[Close Action Signalling] … 5 words … a captain may send 3 words" or "[Casus Belli Signalling] … 3 signals … a captain … 2".',
  },
  {
    name: "repeaters",
    label: "Repeating frigates",
    default: false,
    description: 'VII.2 "Optional: only to be used when repeaters (Frigates and below) are used in the scenario."',
  },
  {
    name: "signalLegHexes",
    label: "Signal's line of sight (hexes)",
    default: 15,
    description: 'VII.2: "a clear line of sight … no longer than 15 hexes in length".',
  },
  {
    name: "sameTurnSignalHexes",
    label: "Signal received the same turn within (hexes)",
    default: 3,
    description: 'VII.3: "unless the signalling path was 3 hexes or less, in which case the signal is received the same turn".',
  },
  {
    name: "phaseSeconds",
    label: "Seconds a timed phase lasts",
    default: 120,
    description:
      'XI: "The following Phases during the turn sequence will be timed:" — the list and the time are missing from our text; seconds per timed phase.',
  },
  {
    name: "graceSeconds",
    label: "Grace period (seconds)",
    default: 30,
    description: 'XI: "a grace period of 30 seconds for the first violation of this rule by a player".',
  },
  {
    name: "leaderCasualties",
    label: "Leader casualties",
    default: true,
    description: 'XII.1: "Recommended for Multi-Commander games only." — the Possible Leader Casualty critical.',
  },
  {
    name: "fallenRigging",
    label: "Fallen rigging",
    default: true,
    description: 'XII.2: "Change to 4R and 6R: … roll one die. If odd, reduce the left broadside. If even, … the right".',
  },
  {
    name: "hullAimMaxHexes",
    label: "Aim at the hull up to (hexes)",
    default: 5,
    description: 'X.2: "aiming at the Hull when firing from 5 hexes or less. Above that distance fire is always at the Rigging."',
  },
  {
    name: "criticalEntries",
    label: "Critical hit entries",
    default: 18,
    description: "Without a club critical table the person picks the entry number: XII names entries up to 15, so 1–18 are offered.",
  },
  {
    name: "maxFireHits",
    label: "Most hits a fire combat gives",
    default: 20,
    description: "Without a club fire table the person picks the hits the table gives: 0 up to this many are offered.",
  },
];
