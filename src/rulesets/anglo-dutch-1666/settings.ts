/**
 * Named settings of anglo-dutch-1666: the optional rules of the appendices and every value the text leaves
 * unstated, each with the sentence it reads.
 */
import type { SettingLimits } from "../../game/action-kit.ts";
import type { SettingDef, Settings } from "../../game/types.ts";

export const SETTINGS: readonly SettingDef[] = [
  {
    name: "weather",
    label: "Weather",
    default: false,
    description:
      'Appendix 2 (optional): "When rolling for changes to wind direction, a double 1 or 2 indicates a change in wind strength."',
  },
  {
    name: "strategic",
    label: "Strategic game",
    default: false,
    description:
      'Appendix 2, Gale: "In strategic games roll a D8 for each ship damaged, must beat number of steps … lost to stay afloat, -1 if a prize."',
  },
  {
    name: "moveCloseHauled",
    label: "Move close-hauled (inches)",
    default: 1,
    description:
      'Hexes close hauled. "Ships move hexes as indicated on the diagram" — the diagram is missing; 1 reads Appendix 2 Light: "may still move one hex close hauled".',
  },
  {
    name: "moveReach",
    label: "Move on a reach (inches)",
    default: 3,
    description:
      'Hexes on a reach (wind 120° off the bow). The diagram is missing; Appendix 3 "ships move 2”,4” or 6”" gives 1–3 hexes and the example "start on a reach, … turn on to a run after two hexes they may not move further" makes the reach the fastest.',
  },
  {
    name: "moveRun",
    label: "Move running (inches)",
    default: 2,
    description:
      'Hexes running (wind astern). The diagram is missing; the reach/run example ("after two hexes they may not move further") gives 2.',
  },
  {
    name: "rangeShort",
    label: "Short range (inches)",
    default: 1,
    description:
      'Short range in hexes, checked when both ships have a hex. The firing diagram is missing; Appendix 3: "Ranges would be 2” close".',
  },
  {
    name: "rangeMedium",
    label: "Medium range (inches)",
    default: 2,
    description: 'Medium range in hexes. Appendix 3: "4” medium" (2” hexes).',
  },
  { name: "rangeLong", label: "Long range (inches)", default: 4, description: 'Long range in hexes. Appendix 3: "8” long" (2” hexes).' },
  {
    name: "fireArcs",
    label: "Fire arcs",
    default: false,
    description:
      'Check broadside arcs from hexes and headings on a hex cloth. "Ships fire only into the indicated hexes" — the diagram is missing; Appendix 3: "with a 60° fire arc" read as 60°–120° off the bow either side; a stern rake from within 30° of the target\'s stern. On a table without a hex cloth Appendix 3\'s arc is always checked from positions.',
  },
  {
    name: "strongWindFirePenalty",
    label: "Strong wind's fire penalty",
    default: 1,
    description:
      'Added to the fire roll in strong winds (a higher roll is worse). The modifier list says "strong winds +1", Appendix 2 says "All fire also at -1"; both mean one worse, applied once.',
  },
  {
    name: "firePointRounding",
    label: "Fire points rounded",
    default: "down",
    values: ["down", "nearest"],
    description:
      'Fire points after a step are the card value less ¼/⅓/½ per step, rounded to ½ ("½ steps allowed"); down (default) or nearest.',
  },
  {
    name: "boardingLoserRounding",
    label: "Boarding loser's losses rounded",
    default: "down",
    values: ["down", "up"],
    description:
      'Boarding: the winner "inflicts half the difference in hull points on the loser" — an odd difference rounds down (default) or up.',
  },
  {
    name: "boardingWinnerRounding",
    label: "Boarding winner's losses rounded",
    default: "down",
    values: ["down", "up"],
    description: 'Boarding: "the winner takes 1 hit per 3 inflicted" — whole threes (down, default) or any part of three (up).',
  },
  {
    name: "smallerBy",
    label: "A smaller ship is measured by",
    default: "guns",
    values: ["guns", "hullPoints"],
    description:
      'Avoiding a grapple: "+1 for … smaller". The text sizes ships by guns (Appendix 1 "Ship Size (Guns)"); hull points may be chosen instead.',
  },
  {
    name: "generousEnglish",
    label: "English subtract 1 from the displacement die",
    default: false,
    description: 'Initial deployment: "English ships could subtract 1 if you’re feeling generous" from the displacement die.',
  },
];

/** Effective settings, typed. */
export interface AdSettings {
  readonly weather: boolean;
  readonly strategic: boolean;
  readonly moveCloseHauled: number;
  readonly moveReach: number;
  readonly moveRun: number;
  readonly rangeShort: number;
  readonly rangeMedium: number;
  readonly rangeLong: number;
  readonly fireArcs: boolean;
  readonly strongWindFirePenalty: number;
  readonly firePointRounding: "down" | "nearest";
  readonly boardingLoserRounding: "down" | "up";
  readonly boardingWinnerRounding: "down" | "up";
  readonly smallerBy: "guns" | "hullPoints";
  readonly generousEnglish: boolean;
}

/** Every numeric setting is a whole number of hexes or pips, 0–12. */
export const SETTING_LIMITS: Readonly<Record<string, SettingLimits>> = Object.fromEntries(
  SETTINGS.filter((d) => typeof d.default === "number").map((d) => [d.name, { integer: true, minimum: 0, maximum: 12 }]),
);

/** The settings of a state, typed (they were validated against SETTINGS and SETTING_LIMITS). */
export function settingsOf(s: Settings): AdSettings {
  const defaults = Object.fromEntries(SETTINGS.map((d) => [d.name, d.default]));
  return { ...defaults, ...s } as unknown as AdSettings;
}
