/**
 * What a Sole Bay player is shown before each roll (docs/reference/request-result.md `headline`), in the words of
 * sole-bay-1672-fast-play.txt: hits and condition for broadsides, fire and collisions; who "has initiative" and the
 * draw that is re-rolled; who causes most damage in a boarding round; each ship's fate in an explosion. Computed over
 * the whole distribution: the full outcome list the action's odds give (before any shortening), or, for explosion
 * hits among many ships, from each ship's own die. Each is its action's `headline`, given the fields it reads, typed;
 * a yes-or-no roll's (grapple, ensnare, fire fighting, breakpoint, tacking) is `flagHeadline` in its action, and
 * other actions get the kernel's headline of the rule set's own sentences.
 */
import { nameOf } from "../../game/action-kit.ts";
import type { Odds } from "../../game/types.ts";
import {
  barsBy,
  chanceOf,
  flagHeadline,
  type Headline,
  type HeadlineItem,
  headline,
  plural,
  countLabels as range,
} from "../../odds/headline.ts";
import { totalBoxes } from "./ship.ts";
import type { SoleBayState } from "./state.ts";

type Listed<O extends object> = Odds<O>["outcomes"];
/** The fields of one ship's damage a headline reads (outcome-facts.ts `damageFields`). */
interface Damage {
  readonly levelsLost: number;
  readonly destroyed: boolean;
}
/** An outcome with a row of damage per ship. */
interface Rows {
  readonly results: readonly (Damage & { readonly ship: string })[];
}
const rowOf = (id: string) => (x: Rows) => x.results.find((r) => r.ship === id);

/** Facts about damage to one ship: it loses a condition level, it is destroyed (only if it was not already). */
function damageFacts<O extends object>(
  state: SoleBayState,
  outcomes: Listed<O>,
  shipId: string,
  result: (o: O) => Damage | undefined,
): HeadlineItem[] {
  const name = nameOf(state, shipId);
  const before = state.ships.find((s) => s.id === shipId);
  const facts = [{ label: `${name} loses a condition`, p: chanceOf(outcomes, (o) => (result(o)?.levelsLost ?? 0) > 0) }];
  if (!before?.destroyed) facts.push({ label: `${name} is destroyed`, p: chanceOf(outcomes, (o) => result(o)?.destroyed === true) });
  return facts;
}

/** Hits as bars 0…max (or lo…max), the likeliest named "2 hits". */
function hitsHeadline<O extends object>(
  title: string,
  outcomes: Listed<O>,
  count: (o: O) => number,
  lo: number,
  hi: number,
  facts: HeadlineItem[],
): Headline {
  const bars = barsBy(outcomes, (o) => String(count(o)), range(lo, hi));
  return headline(title, bars, facts, (n) => plural(Number(n), "hit"));
}

/**
 * "explosion-hits": explosion hits (1d6 to each ship within, or one die for all): how many ships are destroyed, as bars, and each
 * ship's chance, as facts — from each ship's boxes left, never from a shortened joint list.
 */
export function explosionHitsHeadline(
  state: SoleBayState,
  action: { readonly ship: string; readonly ships: string | readonly string[] },
): Headline {
  const ids = typeof action.ships === "string" ? [action.ships] : action.ships;
  const left = ids.map((id) => {
    const s = state.ships.find((x) => x.id === id);
    return s ? totalBoxes(s.hull) - s.damage : 0;
  });
  const faces = [1, 2, 3, 4, 5, 6];
  const pDestroyed = left.map((l) => faces.filter((h) => h >= l).length / 6);
  // The number destroyed: one die for all counts ships per face; a die each convolves each ship's chance.
  let count: number[];
  if (state.settings.explosionHitsRoll === "one") {
    count = Array<number>(ids.length + 1).fill(0);
    for (const h of faces) {
      const n = left.filter((l) => h >= l).length;
      count[n] = (count[n] ?? 0) + 1 / 6;
    }
  } else {
    count = [1];
    for (const p of pDestroyed) count = [...count, 0].map((q, k) => q * (1 - p) + (count[k - 1] ?? 0) * p);
  }
  const bars = count.map((p, n) => ({ label: plural(n, "ship") + " destroyed", p }));
  const facts = ids.map((id, i) => ({ label: `${nameOf(state, id)} is destroyed`, p: pDestroyed[i] ?? 0 }));
  return headline(`Explosion of ${nameOf(state, action.ship)}`, bars, facts);
}

type Ship = { readonly ship: string };
type Pair<A extends string, B extends string> = { readonly [K in A | B]: string };
const name = nameOf;

/** "broadside": its hits, the chance the target loses a condition or is destroyed. */
export function broadsideHeadline(
  state: SoleBayState,
  action: { readonly target: string },
  odds: Odds<Damage & { readonly hits: number }>,
): Headline {
  const dice = Number(odds.summary.dice ?? 0);
  const facts = damageFacts(state, odds.outcomes, action.target, (x) => x);
  return hitsHeadline(`Hits on ${name(state, action.target)}`, odds.outcomes, (x) => x.hits, 0, dice, facts);
}

/** "initiative": each side's chance, from the summary, which covers every roll vector (the list holds a few of 6^n when many sides roll). */
export function initiativeHeadline(odds: Odds<object>): Headline {
  const pWins = (odds.summary.pWins ?? {}) as Readonly<Record<string, number>>;
  const bars = [
    ...Object.entries(pWins).map(([side, p]) => ({ label: side, p })),
    { label: "Draw (re-roll)", p: Number(odds.summary.pDraw ?? 0) },
  ];
  return headline("Initiative", bars, [], (top) => (top === "Draw (re-roll)" ? "A draw, re-rolled" : `${top} has initiative`));
}

/** "boarding-round": who causes most damage, each ship's damage, whether the fire spreads. */
export function boardingRoundHeadline(
  state: SoleBayState,
  action: Pair<"attacker", "defender">,
  odds: Odds<Rows & { readonly winner: string | null; readonly fireSpreads?: boolean }>,
): Headline {
  const o = odds.outcomes;
  const [a, d] = [action.attacker, action.defender];
  const winner = (x: (typeof o)[number]["outcome"]) =>
    x.winner === a ? `${name(state, a)} causes most damage` : x.winner === d ? `${name(state, d)} causes most damage` : "Equal damage";
  const bars = barsBy(o, winner, [`${name(state, a)} causes most damage`, `${name(state, d)} causes most damage`, "Equal damage"]);
  const facts = [...damageFacts(state, o, d, rowOf(d)), ...damageFacts(state, o, a, rowOf(a))];
  if (o.some((x) => x.outcome.fireSpreads === true))
    facts.push({ label: "The fire spreads", p: chanceOf(o, (x) => x.fireSpreads === true) });
  return headline(`Boarding action: ${name(state, a)} and ${name(state, d)}`, bars, facts);
}

/** "explosion-roll", "fireship-explosion": does she explode? */
export const explosionRollHeadline = (state: SoleBayState, action: Ship, odds: Odds<{ readonly exploded: boolean }>): Headline =>
  flagHeadline(`Does ${name(state, action.ship)} explode?`, odds, "exploded", "Explodes", "Does not explode");

/** "explosion-radius": the radius in inches, 1–6. */
export function explosionRadiusHeadline(state: SoleBayState, action: Ship, odds: Odds<{ readonly radius: number }>): Headline {
  const bars = barsBy(
    odds.outcomes,
    (x) => `${x.radius}"`,
    range(1, 6).map((r) => `${r}"`),
  );
  return headline(`Radius of ${name(state, action.ship)}'s explosion`, bars);
}

const FATES: Readonly<Record<string, string>> = {
  killed: "Killed",
  survives: "Survives",
  captured: "Captured",
  retires: "Shifts his flag",
  "stays-with-prize": "Stays with the prize",
};

/** "flag-officer-risk": the flag officer's fate. */
export const flagOfficerRiskHeadline = (state: SoleBayState, action: Ship, odds: Odds<{ readonly fate: string }>): Headline =>
  headline(
    `Risk to the Flag Officer aboard ${name(state, action.ship)}`,
    barsBy(odds.outcomes, (x) => FATES[x.fate] ?? x.fate),
  );

/** "fire-damage": 1–3 hits, and the ship's damage. */
export const fireDamageHeadline = (state: SoleBayState, action: Ship, odds: Odds<Damage & { readonly hits: number }>): Headline =>
  hitsHeadline(
    `Fire damage to ${name(state, action.ship)}`,
    odds.outcomes,
    (x) => x.hits,
    1,
    3,
    damageFacts(state, odds.outcomes, action.ship, (x) => x),
  );

const COLLISION_RESULTS: Readonly<Record<string, string>> = {
  "disastrous-impact": "Disastrous impact",
  impact: "Impact",
  "come-about": "Come about",
};

/** "collision": disastrous impact, impact, or come about. */
export function collisionHeadline(state: SoleBayState, action: Pair<"mover", "other">, odds: Odds<{ readonly result: string }>): Headline {
  const bars = barsBy(odds.outcomes, (x) => COLLISION_RESULTS[x.result] ?? x.result, Object.values(COLLISION_RESULTS));
  return headline(`${name(state, action.mover)} collides with ${name(state, action.other)}`, bars);
}

/** "collision-damage": the damage to both ships, and each one's condition. */
export function collisionDamageHeadline(
  state: SoleBayState,
  action: Pair<"mover", "other">,
  odds: Odds<Rows & { readonly damage: number }>,
): Headline {
  const o = odds.outcomes;
  const facts = [action.mover, action.other].flatMap((id) => damageFacts(state, o, id, rowOf(id)));
  const damages = o.map((x) => x.outcome.damage);
  return hitsHeadline("Collision damage to both ships", o, (x) => x.damage, Math.min(...damages), Math.max(...damages), facts);
}

/** "movement": the allowance in inches. */
export function movementHeadline(state: SoleBayState, action: Ship, odds: Odds<{ readonly allowance: number }>): Headline {
  const o = odds.outcomes;
  const inches = [...new Set(o.map((x) => x.outcome.allowance))].sort((x, y) => x - y);
  const bars = barsBy(
    o,
    (x) => `${x.allowance}"`,
    inches.map((i) => `${i}"`),
  );
  return headline(`Movement allowance of ${name(state, action.ship)}`, bars);
}
