/**
 * A game's set-up written as a table file (issue 12: save the set-up): YAML that `quarterdeck start --config` loads
 * into the same game — rule set, scenario, title, fleets with their tags, wind, game state, settings, players and
 * display; for the game open on a table whose devices were set up (a table file's, or added from /devices), the
 * table's `devices` and their names too, so the saved file starts the same table. Dice bindings and the club are the
 * table's and are left out.
 */
import { Document } from "yaml";
import type { GameTable } from "./game-table.ts";

/** Keys in the order a person writes a table file. */
const ORDER: readonly (keyof GameTable | "data" | "devices" | "deviceNames")[] = [
  "ruleset",
  "scenario",
  "title",
  "fleets",
  "wind",
  "game",
  "settings",
  "data",
  "players",
  "display",
  "devices",
  "deviceNames",
];

/**
 * The table file's text. `notes` become comment lines at its head (what the file leaves out). A game's data file (a
 * club's chart or base-game tables) is written inline as `data:`, so the file carries it.
 */
export function tableFileText(
  table: GameTable & { readonly data?: unknown; readonly devices?: unknown; readonly deviceNames?: unknown },
  notes: readonly string[] = [],
): string {
  const ordered: Record<string, unknown> = {};
  for (const key of ORDER) {
    const value = table[key];
    if (value === undefined || (key === "players" && Array.isArray(value) && value.length === 0)) continue;
    ordered[key] = value;
  }
  const head = [
    `quarterdeck table file: ${table.title ?? table.ruleset}`,
    "Start a table with it: quarterdeck start --config FILE",
    ...notes,
  ];
  // the whole file is written by the YAML library, the head as its comment: a title's line break stays in the comment
  // (each line of it is commented), and control characters are spaces there anyway
  const doc = new Document(ordered);
  doc.commentBefore = head.map((l) => ` ${l.replace(/[\p{Cc}\u2028\u2029]+/gu, " ")}`).join("\n");
  return doc.toString({ lineWidth: 0 });
}
