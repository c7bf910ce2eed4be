/**
 * Quickfire's named settings: the Game Scales table's choices and the one value the text leaves unstated.
 */
import type { SettingDef } from "../../game/types.ts";

export const SETTINGS: readonly SettingDef[] = [
  {
    name: "scale",
    label: "Scale",
    default: "small",
    values: ["small", "large"],
    description: "Game Scales table: small (1/3000, 1/2400) or large (1/1800, 1/1500)",
  },
  {
    name: "units",
    label: "Units",
    default: "metric",
    values: ["metric", "imperial"],
    description: "Measure unit: millimetres or inches (Game Scales table)",
  },
  {
    name: "halfRofRounding",
    label: "Half rate of fire rounded",
    default: "down",
    values: ["down", "up"],
    description: 'Fore and aft arcs: "all ROF ratings are halved" (3.1) — the text does not say how odd ratings round',
  },
];
