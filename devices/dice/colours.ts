/**
 * The colours the dice families really come in (docs: /work/shared/reference/dice-ble.md): a Pixels die's colorway
 * (IAmADie and its advert, §1.5) and a GoDice's dot colour (`Col`, §2.2). /devices offers these as a die's own
 * colour when it is added, so a die's colour is one it can have, named as the rules name colours ("black",
 * "red"): a rule set that tells dice apart by colour (src/dice/roles.ts) then takes the die without a binding.
 */
import { GODICE_COLORS } from "./godice/messages.ts";

/** A colour a die of a family can have: the word the host keeps (`DieConfig.color`) and its name in words. */
export interface DieColour {
  readonly color: string;
  readonly label: string;
}

/** Pixels' colorways (enum of dice-ble §1.5) as colour words; "unknown" and "custom" name no colour. */
const PIXELS_COLOURS: Readonly<Record<string, DieColour>> = {
  onyxBlack: { color: "black", label: "Onyx Black" },
  hematiteGrey: { color: "grey", label: "Hematite Grey" },
  midnightGalaxy: { color: "galaxy", label: "Midnight Galaxy" },
  auroraSky: { color: "sky", label: "Aurora Sky" },
  clear: { color: "clear", label: "Clear" },
  whiteAurora: { color: "white", label: "White Aurora" },
};

/** The colours each family's dice come in, in the order their makers number them. */
export const DIE_COLOURS: Readonly<Record<"pixels" | "godice", readonly DieColour[]>> = {
  pixels: Object.values(PIXELS_COLOURS),
  godice: GODICE_COLORS.map((c) => ({ color: c, label: c.charAt(0).toUpperCase() + c.slice(1) })),
};

/** A Pixels colorway's colour ("onyxBlack" → black), or undefined for an unknown or custom one. */
export const pixelsColour = (colorway: string | undefined): DieColour | undefined => (colorway ? PIXELS_COLOURS[colorway] : undefined);
