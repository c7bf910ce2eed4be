/** The units the age-of-sail outcomes share (src/game/outcome.ts): the table's centimetres. */
import type { Unit } from "../../game/outcome.ts";

export const CM: Unit = ["cm", "cm"];
