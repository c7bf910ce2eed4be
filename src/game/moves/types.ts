/** The types of a move, kept beside measure.ts (src/game/move-types.ts); here for the move's own files and rule sets. */
export type * from "../move-types.ts";
