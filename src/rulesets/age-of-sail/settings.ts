/**
 * Age of Sail's named settings: values the text leaves unstated, each with the sentence it reads.
 */
import type { SettingDef } from "../../game/types.ts";

export const SETTINGS: readonly SettingDef[] = [
  {
    name: "noGoPoints",
    label: "Points into the wind a ship cannot sail",
    default: 0,
    description:
      'Points of the 16-point circle either side of the wind\'s eye that are also forbidden. "Ships may sail in any direction, except directly into wind" → 0; 1 forbids NNE/NNW in a north wind (the example\'s "must tack from NE to NW").',
  },
  {
    name: "rangeEdge",
    label: "A range on a band's edge reads as",
    default: "nearer",
    values: ["nearer", "farther"],
    description: 'A range exactly on a band edge (4 or 8 cm) counts in the nearer band: the table reads "0- 4cm", "4- 8cm", "8-12cm".',
  },
  {
    name: "hullHitsOverflow",
    label: "Hull hits past the last box",
    default: true,
    description:
      '"If all gun decks and the hull markers are lost" names no way to lose hull units: a hull hit on a side whose gun decks are all gone takes a hull integrity unit.',
  },
  {
    name: "bowHullHits",
    label: "Hull hits from a bow rake",
    default: "alternate",
    values: ["alternate", "both-sides"],
    description:
      '"Firing directly from the stern creates equal damage to both sides" says nothing of the bow: hull hits from ahead alternate port/starboard (starting with the side with more decks), or treat the bow like the stern.',
  },
  {
    name: "highSeasSpeed",
    label: "Speed in high seas",
    default: 6,
    description: '"prone to sinking in high seas (when the wind speed reaches 6 or higher)".',
  },
  {
    name: "explosionRadiusCm",
    label: "Explosion radius (cm)",
    default: 12,
    description: '"All ships within 12cm of this explosion risk catching fire themselves."',
  },
  {
    name: "scoreLostShips",
    label: "Lost ships counted in the score",
    default: true,
    description:
      '"The winner is the Admiral inflicting the most damage": a ship sunk, blown up or captured scores every box still unmarked on its log for the side that did it.',
  },
  {
    name: "prizeCrewDecks",
    label: "Gun decks a prize crew takes",
    default: 1,
    description: '"the captured ship must be manned by at least one gun deck from the winning ship" — how many decks go across.',
  },
];
