/**
 * Small helpers the actions share: finding a ship for an action field with the right error, and a yes/no field.
 */
import { Type } from "@sinclair/typebox";
import { defineAction } from "../../game/define-action.ts";
import { findShip } from "../../game/engine.ts";
import { fail, type Result } from "../../result.ts";
import type { SoleBayShip } from "./ship.ts";
import type { SoleBayState } from "./state.ts";

/** Defines a sole-bay-1672 action: the kernel's one action shape over this rule set's state. */
export const soleBayAction = defineAction<SoleBayState>();

/**
 * The ship an action field names. `afloat` (default): in play and not destroyed; `in-play`: not removed by an
 * explosion (a prize may still be hit); `any`: only that it exists.
 */
export function shipAt(state: SoleBayState, id: string, path: string, need: "afloat" | "in-play" | "any" = "afloat"): Result<SoleBayShip> {
  const found = findShip(state.ships, id, path);
  if (!found.ok || need === "any") return found;
  const s = found.value;
  if (state.game.removed.includes(s.id)) return fail("rules.illegal", `${s.name} exploded and has been removed from play.`, path);
  if (need === "afloat" && s.destroyed) return fail("rules.illegal", `${s.name} is destroyed (a prize) and cannot take part.`, path);
  return found;
}

export const illegal = (message: string, path = "action") => fail("rules.illegal", message, path);

/**
 * The ship an action field names (as {@link shipAt}, afloat by default), refused in the words `unfit` gives for her
 * when it gives any ("Brielle is not on fire.").
 */
export function shipWhere(
  state: SoleBayState,
  id: string,
  path: string,
  unfit: (ship: SoleBayShip) => string | null,
  need: "afloat" | "in-play" | "any" = "afloat",
): Result<SoleBayShip> {
  const found = shipAt(state, id, path, need);
  const why = found.ok ? unfit(found.value) : null;
  return why === null ? found : illegal(why, path);
}

/** A yes/no form field. */
export const flag = (label: string, def = false) => Type.Boolean({ default: def, label });

/** Whether the ship is a fireship that has been fired (crew removed). */
export const isFired = (state: SoleBayState, ship: SoleBayShip) => state.game.fired.includes(ship.id);
