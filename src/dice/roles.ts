/**
 * The dice a rule set rolls, declared in words for the people who set the table up: the roles its plans give dice
 * (`DicePlanEntry.role`) and the colours its rules tell dice apart by (`DicePlanEntry.color`). A die bound to roles
 * or colours on the pages (/devices, /games/new's last step) is offered these as choices, never free text, so a
 * binding made there names only a role or colour the rules roll (docs/reference/rulesets.md lists them for table files).
 */

/** One role a rule set's dice play: the plan entries' `role`, with a label and a sentence on when it is rolled. */
export interface DiceRoleDef {
  /** The plan entries' role (`attack`, `rof`, `wind` …). */
  readonly role: string;
  /** A short name for a choice: "Broadside", "ROF die", "Wind". */
  readonly label: string;
  /** When dice of this role are rolled, in the text's words. */
  readonly words: string;
}

/** One colour a rule set's rules tell dice apart by (Quickfire's black ROF die, WS&IM's red critical die). */
export interface DiceColorDef {
  /** The plan entries' colour (`black`, `white`, `normal`, `red`). */
  readonly color: string;
  readonly label: string;
  /** What a die of this colour is for. */
  readonly words: string;
}

/** A rule set's dice in words: every role its plans use; the colours it names (none when any die will do). */
export interface DiceDef {
  readonly roles: readonly DiceRoleDef[];
  readonly colors: readonly DiceColorDef[];
}

/** Shorthand for a role's declaration. */
export const role = (name: string, label: string, words: string): DiceRoleDef => ({ role: name, label, words });

/** Shorthand for a colour's declaration. */
export const color = (name: string, label: string, words: string): DiceColorDef => ({ color: name, label, words });
