/**
 * Dice that cannot count, said once per event (issue 38 item 6): a throw of several dice into an action that is not
 * ready gives one notice, "3 dice not counted: first tap the firing ship. Rolled: Pixels die 1 (5), Pixels die 2 (3),
 * White die 3 (6).", not one notice a die stacked three to six deep. Each refusal carries the die ("Pixels die 1 (5)")
 * and why, a clause in the players' words; a refusal for the same reason within the notice's time on the display
 * joins the last notice instead of adding one.
 */
import type { Notice } from "./notice.ts";

/** A die that cannot count: which (its name and face) and why (a clause, no full stop). */
export interface DieRefusal {
  readonly die: string;
  readonly why: string;
}

/** How long a refusal may join the last one: the display keeps a notice this long (display.js NOTICE_MS). */
export const REFUSALS_JOIN_MS = 15_000;

/** A clause as the end of a sentence: one full stop, whatever the clause ended with. */
const sentenceEnd = (clause: string): string => `${clause.trim().replace(/[.!\u2026\s]+$/u, "")}.`;

/** "Pixels die 1 (5) not counted: first tap the firing ship." or, for several, "3 dice not counted: …. Rolled: …". */
export function refusedText(dice: readonly string[], why: string): string {
  if (dice.length === 1) return `${dice[0]} not counted: ${sentenceEnd(why)}`;
  return `${dice.length} dice not counted: ${sentenceEnd(why)} Rolled: ${dice.join(", ")}.`;
}

/** The notice for a die's refusal. */
export function refusalNotice(at: number, level: Notice["level"], r: DieRefusal): Notice {
  return { at, level, text: refusedText([r.die], r.why), refused: { dice: [r.die], why: r.why } };
}

/**
 * The notices after `next`: when it is a die's refusal for the reason of the newest notice, said within
 * `REFUSALS_JOIN_MS`, the two are one notice (its time the newest's, so it stays its full time); else `next` is added.
 */
export function withNotice(notices: readonly Notice[], next: Notice): Notice[] {
  const last = notices.at(-1);
  const joins =
    next.refused &&
    last?.refused &&
    last.refused.why === next.refused.why &&
    next.at - last.at < REFUSALS_JOIN_MS &&
    last.level === next.level;
  if (!joins || !last?.refused || !next.refused) return [...notices, next];
  const dice = [...last.refused.dice, ...next.refused.dice];
  return [...notices.slice(0, -1), { ...next, text: refusedText(dice, next.refused.why), refused: { dice, why: next.refused.why } }];
}
