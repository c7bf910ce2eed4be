/**
 * The definer of wsim-battle-v3's actions: the kernel's one action shape over this rule set's state. Every action is
 * written inline with it, `wsimAction({ type, title, description, schema, prepare, plan, resolve … })`, so each
 * function's `action` has the type its schema gives (docs/rules/writing-actions.md).
 */
import { defineAction } from "../../game/define-action.ts";
import type { WsimState } from "./state.ts";

/** Defines a wsim-battle-v3 action. */
export const wsimAction = defineAction<WsimState>();
