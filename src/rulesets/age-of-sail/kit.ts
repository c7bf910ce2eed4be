/**
 * The definer of age-of-sail's actions: the kernel's one action shape over this rule set's state. Every action is
 * written inline with it, `aosAction({ type, title, description, schema, prepare, plan, resolve … })`, so each
 * function's `action` has the type its schema gives (docs/rules/writing-actions.md).
 */
import { defineAction } from "../../game/define-action.ts";
import type { AosState } from "./state.ts";

/** Defines an age-of-sail action. */
export const aosAction = defineAction<AosState>();
