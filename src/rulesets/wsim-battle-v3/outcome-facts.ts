/**
 * The words the wsim-battle-v3 outcomes share (src/game/outcome.ts): hexsides, sections of the ship log, fire
 * modifiers, boarding parties.
 */
import type { Unit } from "../../game/outcome.ts";
import { HEXSIDES } from "./state.ts";

export const BOXES: Unit = ["box", "boxes"];
export const MP: Unit = ["MP", "MP"];

export const HEXSIDE_WORDS: Readonly<Record<string, string>> = Object.fromEntries(HEXSIDES.map((n, i) => [String(i), n]));

/** The ship log's sections, as the log names them. */
export const SECTION_WORDS: Readonly<Record<string, string>> = {
  hull: "hull",
  gunsLeft: "left broadside guns",
  gunsRight: "right broadside guns",
  crew1: "crew section 1",
  crew2: "crew section 2",
  crew3: "crew section 3",
  rigging1: "rigging section 1",
  rigging2: "rigging section 2",
  rigging3: "rigging section 3",
  rigging4: "rigging section 4",
};

export const AIM_WORDS: Readonly<Record<string, string>> = { hull: "hull", rigging: "rigging" };
export const RAKE_WORDS: Readonly<Record<string, string>> = { none: "", bow: "bow rake", stern: "stern rake" };

/** The fire modifiers by name. */
export const MODIFIER_WORDS: Readonly<Record<string, string>> = {
  seasoned: "seasoned crew",
  crew: "crew quality",
  rake: "rake",
  sternRake: "stern rake",
  ammunition: "shot",
  initialBroadside: "initial broadside",
  captured: "captured firer",
  lostCrewSections: "lost crew sections",
  other: "other",
};

export const PARTY_WORDS: Readonly<Record<string, string>> = {
  OBP: "offensive boarding party",
  DBP: "defensive boarding party",
};
